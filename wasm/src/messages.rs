//! A ruling as the page says it: a message id of the page's tables (`www/js/lang/*.js`) and the
//! words to fill in, moves already written in the game's notation (App. E: SAN in the chosen
//! language, or figurines). The page looks the id up in its language; it never builds a
//! sentence from a verdict's internal names, and the article stays the core's `Law`.
//!
//! Every id is written out here as a literal, so a test can check that each one the tables
//! define is used and each one used is defined.

use arbiter_core::arbiter::{ClaimKind, Game, GameResult, Reason, Verdict};
use arbiter_core::notation::{Language, san, uci};
use arbiter_core::{Color, Move, Position};
use serde::ser::{Serialize, SerializeMap, Serializer};

/// The positions of the game: the start, then the position after each completed move.
pub struct Positions(Vec<Position>);

impl Positions {
    /// Replays `game`'s completed moves from its start position.
    pub fn of(game: &Game) -> Positions {
        let start = match &game.config().fen {
            Some(f) => Position::from_fen(f).unwrap_or_default(),
            None => Position::startpos(),
        };
        let mut all = Vec::with_capacity(game.moves().len() + 1);
        all.push(start);
        for played in game.moves() {
            let pos = all.last().cloned().unwrap_or_default();
            let Some(next) = uci::parse(&pos, &played.text.to_string())
                .ok()
                .and_then(|mv| pos.after(mv).ok())
            else {
                break;
            };
            all.push(next);
        }
        Positions(all)
    }

    fn current(&self) -> Option<&Position> {
        self.0.last()
    }

    /// `mv` in short algebraic notation where it is legal: in the current position (a move to
    /// be played), else where it was played last (a sealed move opened). A move legal nowhere
    /// (an illegal move) is written in the long form with its piece: `Ke1-e3`, `Sg1-g4`.
    fn san(&self, mv: &Move, lang: Language) -> String {
        let text = mv.to_string();
        for pos in self.0.iter().rev() {
            if let Ok(m) = uci::parse(pos, &text) {
                return san::format(pos, m, lang);
            }
        }
        let piece = self.current().and_then(|pos| {
            pos.piece_on(mv.from)
                .or_else(|| pos.piece_on(mv.to))
                .map(|(_, p)| p)
        });
        let symbol = piece.map_or("", |p| lang.symbols().of(p));
        format!("{symbol}{}-{}", mv.from, mv.to)
    }

    /// Ply `ply` (0 = the start) as the move that led to it, `3. Nf3` or `3... Nf6`, in `lang`;
    /// `None` for the start position or a ply beyond the record.
    fn after_ply(&self, ply: usize, lang: Language) -> Option<String> {
        let before = self.0.get(ply.checked_sub(1)?)?;
        let after = self.0.get(ply)?;
        let mv = before
            .legal_moves()
            .into_iter()
            .find(|m| before.after(*m).is_ok_and(|p| p.same_position(after)))?;
        let number = before.fullmove_number();
        let dots = if before.side_to_move() == Color::White {
            "."
        } else {
            "..."
        };
        Some(format!("{number}{dots} {}", san::format(before, mv, lang)))
    }
}

fn side(c: Color) -> &'static str {
    crate::view::color_name(c)
}

/// The message id of a claim's name.
pub fn claim_id(claim: ClaimKind) -> &'static str {
    match claim {
        ClaimKind::Repetition => "claim_repetition",
        ClaimKind::FiftyMoves => "claim_fifty_moves",
        ClaimKind::WinOnTime => "claim_win_on_time",
        ClaimKind::IllegalMove => "claim_illegal_move",
        ClaimKind::TouchMove => "claim_touch_move",
        ClaimKind::QuickplayFinish => "claim_quickplay_finish",
        ClaimKind::QuickplayIncrement => "claim_quickplay_increment",
    }
}

/// The message id of why a game ended.
pub fn reason_id(reason: Reason) -> &'static str {
    match reason {
        Reason::Checkmate => "reason_checkmate",
        Reason::Resignation => "reason_resignation",
        Reason::Stalemate => "reason_stalemate",
        Reason::DeadPosition => "reason_dead_position",
        Reason::Agreement => "reason_agreement",
        Reason::Repetition => "reason_repetition",
        Reason::FiftyMoves => "reason_fifty_moves",
        Reason::FivefoldRepetition => "reason_fivefold_repetition",
        Reason::SeventyFiveMoves => "reason_seventy_five_moves",
        Reason::Time => "reason_time",
        Reason::TimeButCannotMate => "reason_time_but_cannot_mate",
        Reason::BothFlags => "reason_both_flags",
        Reason::IllegalMoves => "reason_illegal_moves",
        Reason::Default => "reason_default",
        Reason::QuickplayFinish => "reason_quickplay_finish",
        Reason::SealedMove => "reason_sealed_move",
        Reason::IllegalPosition => "reason_illegal_position",
        Reason::ReportedResult => "reason_reported_result",
    }
}

/// The message id of a rejected claim's cause (the core's word for it).
fn because_id(because: &str) -> Option<&'static str> {
    Some(match because {
        "touched_a_piece" => "because_touched_a_piece",
        "intended_move_illegal" => "because_intended_move_illegal",
        "not_established" => "because_not_established",
        "flag_not_fallen" => "because_flag_not_fallen",
        "own_flag_fell_first" => "because_own_flag_fell_first",
        "nothing_to_claim" => "because_nothing_to_claim",
        "arbiter" => "because_arbiter",
        "not_applicable" => "because_not_applicable",
        "flag_fell" => "because_flag_fell",
        "two_minutes_or_more_left" => "because_two_minutes_or_more_left",
        "not_in_edition" => "because_not_in_edition",
        _ => return None,
    })
}

/// The message id of something only the arbiter can judge (a notice's word).
fn notice_id(what: &str) -> &'static str {
    match what {
        "clock_pressed_without_move" => "notice_clock_pressed_without_move",
        "clock_pressed_before_move_made" => "notice_clock_pressed_before_move_made",
        "placement_without_lift" => "notice_placement_without_lift",
        "illegal_position_needs_arbiter" => "notice_illegal_position_needs_arbiter",
        "possible_two_handed_move" => "notice_possible_two_handed_move",
        "sealer_late_arbiter_opens_envelope" => "notice_sealer_late_arbiter_opens_envelope",
        "move_written_in_advance" => "notice_move_written_in_advance",
        "move_not_made_clock_not_started" => "notice_move_not_made_clock_not_started",
        "announcement_differs_from_board" => "notice_announcement_differs_from_board",
        "pieces_displaced_restore_on_own_time" => "notice_pieces_displaced_restore_on_own_time",
        "clock_setting_to_be_corrected" => "notice_clock_setting_to_be_corrected",
        "colours_reversed_play_on" => "notice_colours_reversed_play_on",
        "envelope_lost_sealer_plays_his_sealed_move" => {
            "notice_envelope_lost_sealer_plays_his_sealed_move"
        }
        "setup_fault_too_late" => "notice_setup_fault_too_late",
        "move_ends_the_game" => "notice_move_ends_the_game",
        _ => "notice_for_the_arbiter",
    }
}

/// A word a message's sentence is filled with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// A message id or a fixed word of the core (`"white"`, `"reason_time"`).
    Id(&'static str),
    /// A move, a score: text made for this ruling.
    Text(String),
    /// Milliseconds, a count, a period.
    Number(u64),
    /// A yes or no (`short`, `long`).
    Flag(bool),
    /// Moves, in order.
    List(Vec<String>),
    /// No value: `null` for the page.
    Null,
}

/// A ruling's message: its id in the page's tables and its words, by name.
///
/// Written to the page as one flat object, `{id, ...words}`, keys in alphabetical order (the
/// order the earlier `serde_json::Map` gave them). Built and written here rather than with
/// `serde_json::json!`: the `Value` tree, its map and its serializer were 15 KB of the lean wasm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub id: &'static str,
    /// In alphabetical order of their names (`msg` is given them so; a test checks).
    pub words: Vec<(&'static str, Word)>,
}

#[cfg(test)]
impl Message {
    /// The word named `name`, `id` included.
    pub fn get(&self, name: &str) -> Option<Word> {
        if name == "id" {
            return Some(Word::Id(self.id));
        }
        self.words
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, w)| w.clone())
    }
}

impl Serialize for Word {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Word::Id(t) => s.serialize_str(t),
            Word::Text(t) => s.serialize_str(t),
            Word::Number(n) => s.serialize_u64(*n),
            Word::Flag(b) => s.serialize_bool(*b),
            Word::List(items) => items.serialize(s),
            Word::Null => s.serialize_unit(),
        }
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.words.len() + 1))?;
        let mut id_written = false;
        for (name, word) in &self.words {
            if !id_written && *name > "id" {
                map.serialize_entry("id", self.id)?;
                id_written = true;
            }
            map.serialize_entry(name, word)?;
        }
        if !id_written {
            map.serialize_entry("id", self.id)?;
        }
        map.end()
    }
}

/// A message `id` with its `words`, given in alphabetical order of their names.
fn msg(id: &'static str, words: Vec<(&'static str, Word)>) -> Message {
    Message { id, words }
}

/// A side as the page names it: `"white"` or `"black"`.
fn who(c: Color) -> Word {
    Word::Id(side(c))
}

/// A count or a time in ms.
fn num(n: impl Into<u64>) -> Word {
    Word::Number(n.into())
}

/// `verdict` (ruled under `law`, e.g. `"2005 Art. 7.4a"`) as `{id, ...words}`: sides as
/// `player`/`other` (`"white"`), times in ms, claims, reasons and causes as message ids, moves
/// in `lang`'s notation. The page's tables word every id this returns.
pub fn ruling_message(verdict: &Verdict, law: &str, at: &Positions, lang: Language) -> Message {
    let mv = |m: &Move| Word::Text(at.san(m, lang));
    let claim = |c: &ClaimKind| Word::Id(claim_id(*c));
    match verdict {
        Verdict::GameOver { result, reason } => {
            let reason = Word::Id(reason_id(*reason));
            match result {
                GameResult::WhiteWins => msg(
                    "game_won",
                    vec![
                        ("player", Word::Id("white")),
                        ("reason", reason),
                        ("score", Word::Id("1-0")),
                    ],
                ),
                GameResult::BlackWins => msg(
                    "game_won",
                    vec![
                        ("player", Word::Id("black")),
                        ("reason", reason),
                        ("score", Word::Id("0-1")),
                    ],
                ),
                GameResult::Draw => msg("game_drawn", vec![("reason", reason)]),
            }
        }
        Verdict::TimeAdded { player, ms } => msg(
            "time_added",
            vec![("ms", num(ms.0)), ("player", who(*player))],
        ),
        Verdict::TimeCharged { player, ms } => msg(
            "time_charged",
            vec![("ms", num(ms.0)), ("player", who(*player))],
        ),
        Verdict::PeriodStarted { player, period, ms } => msg(
            "period_started",
            vec![
                ("ms", num(ms.0)),
                ("period", num(*period as u64 + 1)),
                ("player", who(*player)),
            ],
        ),
        Verdict::FlagFell { player } => msg("flag_fell", vec![("player", who(*player))]),
        Verdict::MustMove { player, .. } => msg("must_move", vec![("player", who(*player))]),
        Verdict::TouchMoveBreach { player, .. } => {
            msg("touch_move_breach", vec![("player", who(*player))])
        }
        Verdict::IllegalMove {
            player,
            mv: m,
            count,
        } => msg(
            "illegal_move",
            vec![
                ("count", num(*count)),
                ("move", mv(m)),
                ("player", who(*player)),
            ],
        ),
        // The same verdict serves an illegal move taken back (2005 Art. 7.4a / 2023 Art.
        // 7.5.1) and the arbiter's restoring of an earlier position: the Law says which.
        Verdict::PositionRestored { .. } => {
            if law.ends_with("Art. 7.4a") || law.ends_with("Art. 7.5.1") {
                msg("restored_after_illegal", vec![])
            } else {
                msg("restored_earlier", vec![])
            }
        }
        Verdict::ClaimOpen { player, claim: c } => msg(
            "claim_open",
            vec![("claim", claim(c)), ("player", who(*player))],
        ),
        Verdict::ClaimLapsed { player, claim: c } => msg(
            "claim_lapsed",
            vec![("claim", claim(c)), ("player", who(*player))],
        ),
        Verdict::ClaimAccepted { player, claim: c } => msg(
            "claim_accepted",
            vec![("claim", claim(c)), ("player", who(*player))],
        ),
        Verdict::DrawEvidence { claim: c, plies } => {
            let moves: Vec<String> = plies
                .iter()
                .map(|&p| match at.after_ply(p, lang) {
                    Some(m) => m,
                    None if p == 0 => String::new(),
                    None => "*".into(),
                })
                .collect();
            let end = |m: Option<&String>| m.map_or(Word::Null, |m| Word::Text(m.clone()));
            match c {
                ClaimKind::FiftyMoves => msg(
                    "evidence_fifty_moves",
                    vec![("first", end(moves.first())), ("last", end(moves.last()))],
                ),
                _ => msg("evidence_repetition", vec![("moves", Word::List(moves))]),
            }
        }
        Verdict::ClaimRejected {
            player,
            claim: c,
            because,
        } => msg(
            "claim_rejected",
            vec![
                ("because", because_id(because).map_or(Word::Null, Word::Id)),
                ("claim", claim(c)),
                ("player", who(*player)),
            ],
        ),
        Verdict::ClaimPending { player, claim: c } => msg(
            "claim_pending",
            vec![("claim", claim(c)), ("player", who(*player))],
        ),
        Verdict::ClaimPostponed { player, claim: c } => msg(
            "claim_postponed",
            vec![("claim", claim(c)), ("player", who(*player))],
        ),
        Verdict::MustPlay { player, mv: m } => {
            msg("must_play", vec![("move", mv(m)), ("player", who(*player))])
        }
        Verdict::DrawOffered { player } => msg("draw_offered", vec![("player", who(*player))]),
        Verdict::DrawDeclined { player } => msg("draw_declined", vec![("player", who(*player))]),
        Verdict::DrawRefused { player } => msg("draw_refused", vec![("player", who(*player))]),
        Verdict::ClockStopped => msg("clock_stopped", vec![]),
        Verdict::ClockStarted { player } => msg("clock_started", vec![("player", who(*player))]),
        Verdict::Sealed { player } => msg("sealed", vec![("player", who(*player))]),
        Verdict::EnvelopeOpened { mv: m } => msg("envelope_opened", vec![("move", mv(m))]),
        Verdict::ClocksSet { white, black, .. } => msg(
            "clocks_set",
            vec![("black", num(black.0)), ("white", num(white.0))],
        ),
        Verdict::NewGame {
            because,
            colours_swapped,
        } => match (*because, *colours_swapped) {
            ("colours_reversed", _) => msg("new_game_colours_reversed", vec![]),
            (_, true) => msg("new_game_colours_swapped", vec![]),
            _ => msg("new_game_wrong_setup", vec![]),
        },
        Verdict::ScoresheetRequest {
            player,
            count,
            granted,
        } => msg(
            if *granted {
                "scoresheet_shown"
            } else {
                "scoresheet_refused"
            },
            vec![("count", num(*count)), ("player", who(*player))],
        ),
        Verdict::Announced { player, spoken, .. } => msg(
            "announced",
            vec![
                ("player", who(*player)),
                ("spoken", Word::Text(spoken.clone())),
            ],
        ),
        Verdict::AnnouncementRepeated {
            player,
            mv: m,
            agrees,
        } => msg(
            if *agrees {
                "repeated"
            } else {
                "repeated_otherwise"
            },
            vec![("move", mv(m)), ("player", who(*player))],
        ),
        Verdict::AnnouncementCorrected { player, spoken, .. } => msg(
            "announcement_corrected",
            vec![
                ("player", who(*player)),
                ("spoken", Word::Text(spoken.clone())),
            ],
        ),
        Verdict::CorrectionRefused { player, because } => msg(
            if *because == "opponent_clock_started" {
                "correction_too_late"
            } else {
                "correction_of_nothing"
            },
            vec![("player", who(*player))],
        ),
        Verdict::CastlingBarred {
            player,
            short,
            long,
        } => msg(
            "castling_barred",
            vec![
                ("long", Word::Flag(*long)),
                ("player", who(*player)),
                ("short", Word::Flag(*short)),
            ],
        ),
        Verdict::IllegalPosition { .. } => msg("illegal_position", vec![]),
        Verdict::PositionLegalAgain { .. } => msg("position_legal_again", vec![]),
        Verdict::Notice { what } => msg(notice_id(what), vec![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::{Event, GameConfig, Stamped};
    use arbiter_core::clock::{Millis, TimeControl, Timestamp, Timing};
    use arbiter_core::laws::Edition;

    fn game(moves: &[&str]) -> Game {
        let control = TimeControl::sudden_death(Millis(300_000), Timing::None);
        let mut g = Game::new(GameConfig::new(Edition::Fide2005, control)).expect("a game");
        let mut t = 0;
        let mut send = |g: &mut Game, event: Event| {
            t += 10;
            g.handle(Stamped {
                at: Timestamp(t),
                event,
            })
            .expect("accepted");
        };
        send(&mut g, Event::Start);
        for (i, m) in moves.iter().enumerate() {
            let player = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            send(
                &mut g,
                Event::Move {
                    mv: m.parse().expect("move text"),
                },
            );
            send(&mut g, Event::PressClock { player });
        }
        g
    }

    #[test]
    fn app_e_a_sealed_move_opened_is_written_in_the_notation_language() {
        let g = game(&["e2e4", "e7e5", "g1f3"]);
        let at = Positions::of(&g);
        let v = Verdict::EnvelopeOpened {
            mv: "g1f3".parse().unwrap(),
        };
        let de = ruling_message(&v, "2005 App. A7", &at, Language::German);
        assert_eq!(de.id, "envelope_opened");
        assert_eq!(de.get("move"), Some(Word::Text("Sf3".into())));
        let fig = ruling_message(&v, "2005 App. A7", &at, Language::Figurine);
        assert_eq!(fig.get("move"), Some(Word::Text("♘f3".into())));
    }

    #[test]
    fn art7_4_an_illegal_move_is_written_long_with_its_piece() {
        let g = game(&["e2e4"]);
        let at = Positions::of(&g);
        let v = Verdict::IllegalMove {
            player: Color::Black,
            mv: "e8e6".parse().unwrap(),
            count: 1,
        };
        let m = ruling_message(&v, "2005 Art. 7.4a", &at, Language::English);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"count":1,"id":"illegal_move","move":"Ke8-e6","player":"black"}"#
        );
        let restored = Verdict::PositionRestored {
            fen: String::new(),
            obligation: arbiter_core::touch::Obligation::Free,
        };
        assert_eq!(
            ruling_message(&restored, "2005 Art. 7.4a", &at, Language::English).id,
            "restored_after_illegal"
        );
        assert_eq!(
            ruling_message(&restored, "2005 Art. 6.14", &at, Language::English).id,
            "restored_earlier"
        );
    }

    #[test]
    fn art9_2_draw_evidence_names_the_moves_after_which_the_position_stood() {
        let g = game(&[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ]);
        let at = Positions::of(&g);
        let v = Verdict::DrawEvidence {
            claim: ClaimKind::Repetition,
            plies: vec![0, 4, 8],
        };
        let m = ruling_message(&v, "2005 Art. 9.2", &at, Language::English);
        assert_eq!(m.id, "evidence_repetition");
        assert_eq!(
            m.get("moves"),
            Some(Word::List(vec![
                "".into(),
                "2... Ng8".into(),
                "4... Ng8".into()
            ]))
        );
    }

    #[test]
    fn every_message_names_its_words_in_alphabetical_order() {
        // The page got `serde_json::Map`'s order (sorted keys) before; `Message` writes the id
        // in its place among words given sorted.
        let at = Positions::of(&game(&["e2e4"]));
        let (w, mv) = (Color::White, || "e7e5".parse().unwrap());
        let ms = Millis(1500);
        let verdicts = [
            Verdict::GameOver {
                result: GameResult::WhiteWins,
                reason: Reason::Resignation,
            },
            Verdict::TimeAdded { player: w, ms },
            Verdict::TimeCharged { player: w, ms },
            Verdict::PeriodStarted {
                player: w,
                period: 1,
                ms,
            },
            Verdict::IllegalMove {
                player: w,
                mv: mv(),
                count: 2,
            },
            Verdict::ClaimRejected {
                player: w,
                claim: ClaimKind::FiftyMoves,
                because: "arbiter",
            },
            Verdict::DrawEvidence {
                claim: ClaimKind::FiftyMoves,
                plies: vec![0, 1],
            },
            Verdict::MustPlay {
                player: w,
                mv: mv(),
            },
            Verdict::ClocksSet {
                white: ms,
                black: ms,
                moves: [0, 0],
            },
            Verdict::ScoresheetRequest {
                player: w,
                count: 1,
                granted: true,
            },
            Verdict::Announced {
                player: w,
                mv: mv(),
                spoken: "e7 e5".into(),
                made: false,
            },
            Verdict::AnnouncementRepeated {
                player: w,
                mv: mv(),
                agrees: true,
            },
            Verdict::AnnouncementCorrected {
                player: w,
                mv: mv(),
                spoken: "e7 e5".into(),
            },
            Verdict::CastlingBarred {
                player: w,
                short: true,
                long: false,
            },
        ];
        for v in &verdicts {
            let m = ruling_message(v, "2005 Art. 1", &at, Language::English);
            let names: Vec<&str> = m.words.iter().map(|(n, _)| *n).collect();
            let mut sorted = names.clone();
            sorted.sort_unstable();
            sorted.dedup();
            assert_eq!(names, sorted, "{}", m.id);
            assert!(!names.contains(&"id"), "{}", m.id);
            let text = serde_json::to_string(&m).unwrap();
            let back: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&text).unwrap();
            let keys: Vec<&String> = back.keys().collect();
            assert_eq!(keys.len(), names.len() + 1, "{text}");
            assert!(text.contains(&format!("\"id\":\"{}\"", m.id)), "{text}");
        }
        let fifty = ruling_message(&verdicts[6], "2005 Art. 9.3", &at, Language::English);
        assert_eq!(
            serde_json::to_string(&fifty).unwrap(),
            r#"{"first":"","id":"evidence_fifty_moves","last":"1. e4"}"#
        );
    }

    #[test]
    fn game_over_and_claims_are_ids_of_the_tables() {
        let at = Positions::of(&game(&[]));
        let over = Verdict::GameOver {
            result: GameResult::BlackWins,
            reason: Reason::Time,
        };
        let m = ruling_message(&over, "2005 Art. 6.9", &at, Language::English);
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"id":"game_won","player":"black","reason":"reason_time","score":"0-1"}"#
        );
        let rejected = Verdict::ClaimRejected {
            player: Color::White,
            claim: ClaimKind::Repetition,
            because: "not_established",
        };
        let m = ruling_message(&rejected, "2005 Art. 9.5", &at, Language::English);
        assert_eq!(m.get("claim"), Some(Word::Id("claim_repetition")));
        assert_eq!(m.get("because"), Some(Word::Id("because_not_established")));
    }
}
