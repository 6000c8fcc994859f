//! The Laws' editions and the per-edition rules the arbiter applies: which article, which
//! penalty, which claim window. Each file holds one chapter of the Laws as data and small
//! functions; the event-sourced game (`Game`, at the top of the crate) calls them.
//!
//! # Readings we chose where the checklist says "verify"
//!
//! Checked against the 2005 source texts (Italian Art. 6, 7, App. A; Portuguese App. A-F):
//! - Rapid / blitz limits (RB-01): App. B1 says all moves in a fixed time "de 15 e 60
//!   minutos", C1 "inferior a 15 minutos"; no increment term. We read B1 as inclusive at both
//!   ends (60+0 is rapid in 2005) and ignore increments and delays for 2005.
//! - Rapid / blitz illegal moves (I-11, I-12): App. B has no penalty of its own, so 7.4b
//!   (+2 min, +2 min, third loses) applies through B2, on the opponent's claim; in blitz C3
//!   lets the opponent claim the win (draw if he cannot mate: C3's "xeque" read as mate).
//!   Claims lapse once the claimant touches a piece (B5, carried to blitz by C2).
//! - B5's article list (7.2, 7.3, 7.5 in the Portuguese text) is taken to cover illegal-move
//!   claims too, as the checklist assumes.
//! - Incorrect draw claims in 2005 (D-06): Art. 9 is not in the source texts; we give the
//!   opponent three minutes and take nothing from the claimant.
//! - 2023 supervised blitz (I-12, D-06): two minutes. B.2 puts a supervised blitz game under
//!   the Competition Rules and only B.3 (unsupervised) brings in A.3's one minute (checked in
//!   a transcription of the 2023 text and in the Essex Chess Association's 2023 blitz rules).
//! - Both flags (C-13): an electronic clock always knows which fell first, so the first
//!   loses except in 2005 rapid / blitz, where B7 needs the claimant's flag up and B8 draws.
//! - Pressing without a move (I-08) is an illegal move only in 2023 (7.5.3); in 2005 it is
//!   only noted for the arbiter.
//! - A draw claim as an offer (D-09): Art. 9 is not in the source texts; a quotation of the
//!   FIDE handbook's 2005-2008 Art. 9.1 (third item, "c": a claim under 9.2, 9.3 or 10.2 is
//!   an offer) confirms 2005 Art. 9.1c, and with it that the 2005 quickplay claim (10.2) is an
//!   offer too; 2023 Art. 9.1.2.3 names 9.2 and 9.3 only. The offer outlives a rejected
//!   claim, so the opponent may still accept it.
//! - Castling after a faulty set-up (RB-03): a king not on its e-square, or a rook not in its
//!   corner, never castles (2005 Art. 3.8a / 2023 3.8.2 move them from their original
//!   squares); the rights go before the first move, and the ruling on a too-late fault or a
//!   castling attempt cites the claim window's article (2005 App. B4 / 2023 App. A.5.1).
//! - Two hands (T-01, I-09): two pieces lifted within 100 ms before a completed move are shown
//!   to the arbiter (2005 Art. 4.1; 2023 Art. 7.5.4); the move stands until he decides.
//! - A board turned 90 degrees (I-03): a sensor board's squares are fixed by its hardware, so
//!   only the half turn of the connector side arises, and the DGT layer maps it.
//! - Scoresheet requests (RB-07): 2023 A.4.3 / B.2.3 allow them "when it is his/her move",
//!   five times (checked in the transcription of the 2023 text; the 2018 text had them as
//!   A.3.2 / B.3.2): a request off move is refused.
//! - Duty to record: 2005 frees a player once under five minutes in a period whatever
//!   the addition, 2023 only without an addition of 30 s or more, as the checklist reads.
//! - App. F / D (B-04): a visually impaired player's press before his move is made is only
//!   noted under F2.3 / D.2.3 and his clock runs on; in 2023 it is not the illegal move of
//!   7.5.3, since D.2.3 says the opponent's clock may not start yet. F2.3a (the captured piece
//!   removed) makes the move only once his own piece is out of its hole too, so that the move
//!   is known; a promotion is made only when the new piece is set.
//! - App. F2.7-F2.8 / D.2.9 (B-07): boards are compared by their pieces only; a score that
//!   reaches an illegal move ends there, so the scores "differ" from that move on.
//! - Colours reversed (I-04): 2005 Art. 7.2 lets play go on "unless the arbiter decides
//!   otherwise"; the core goes on and leaves a cancellation to the arbiter's wrong-setup
//!   decision.
//! - Sealed move: 2005 exceptions are the flag (6.10) and 9.6 only, as A8 lists.
//! - An illegal position left by an unclaimed illegal move (I-14): 2023 App. A.5.4 waits for
//!   the next move and draws if the position is still illegal; the 2005 appendices have no
//!   such rule, so the engine waits the same way (B5 keeps the claim open until a touch) and,
//!   if the position is still illegal, stops the clocks for the arbiter's restoration under
//!   Art. 7.4a. In 2023 unsupervised play an unfinished promotion is left on the board for
//!   A.5.4 too; claimed in time, the pawn becomes a queen (7.5.2). See [`illegal_position`].

pub mod adjourn;
mod article;
pub mod blind;
pub mod draws;
mod edition;
pub mod illegal;
pub mod illegal_position;
pub mod quickplay;
mod rapid_blitz;
pub mod recording;
pub mod rules;
pub mod setup;

pub use adjourn::SealedEnvelope;
pub use article::{Article, Law};
pub use edition::Edition;
pub use rapid_blitz::Profile;
