//! A ruling as the page says it: a message id of the page's catalogue (`www/messages/*.json`)
//! and the words to fill in, moves already written in the game's notation (App. E: SAN in the
//! chosen language, or figurines). The page looks the id up in its language; the article stays
//! the core's `Law`.
//!
//! Ids are made from the names the core serialises (kind.rs): a verdict's `kind`, a reason's or
//! a claim's word under its set's prefix. None is written out here, so a new ruling needs only
//! its variant in the core and its sentence in each language; `ids.rs` lists every id this
//! makes, and the page's build checks the catalogue against that list.

use std::borrow::Cow;

use arbiter_core::arbiter::{ClaimKind, Game, GameResult, SetupFault, Verdict};
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

/// What the message id of a word of the core begins with: its set's name (`claim_repetition`,
/// `reason_time`, `because_not_established`), so that words of different sets never share an id.
pub const CLAIM: &str = "claim_";
/// See [`CLAIM`].
pub const REASON: &str = "reason_";
/// See [`CLAIM`].
pub const BECAUSE: &str = "because_";

/// The message id of a word of the core: `prefix` and the word as the core serialises it.
pub fn word_id(prefix: &str, word: &impl Serialize) -> String {
    format!("{prefix}{}", crate::kind::name_of(word).unwrap_or_default())
}

/// The message id of a verdict whose sentence is chosen by its data: its kind and the choice
/// (`notice_possible_two_handed_move`, `new_game_wrong_setup`).
fn chosen(kind: &str, choice: &str) -> String {
    format!("{kind}_{choice}")
}

/// A word a message's sentence is filled with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Word {
    /// A message id or a fixed word of the core (`"white"`, `"reason_time"`).
    Id(Cow<'static, str>),
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
    /// The id: the verdict's serialised kind, or its kind and the choice its data makes.
    pub id: String,
    /// In alphabetical order of their names (`msg` is given them so; a test checks).
    pub words: Vec<(&'static str, Word)>,
}

#[cfg(test)]
impl Message {
    /// The word named `name`, `id` included.
    pub fn get(&self, name: &str) -> Option<Word> {
        if name == "id" {
            return Some(Word::Id(self.id.clone().into()));
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
                map.serialize_entry("id", &self.id)?;
                id_written = true;
            }
            map.serialize_entry(name, word)?;
        }
        if !id_written {
            map.serialize_entry("id", &self.id)?;
        }
        map.end()
    }
}

/// A message `id` with its `words`, given in alphabetical order of their names.
fn msg(id: String, words: Vec<(&'static str, Word)>) -> Message {
    Message { id, words }
}

/// A side as the page names it: `"white"` or `"black"`.
fn who(c: Color) -> Word {
    Word::Id(side(c).into())
}

/// A count or a time in ms.
fn num(n: impl Into<u64>) -> Word {
    Word::Number(n.into())
}

/// `verdict` (ruled under `law`, e.g. `"2005 Art. 7.4a"`) as `{id, ...words}`: sides as
/// `player`/`other` (`"white"`), times in ms, claims, reasons and causes as message ids, moves
/// in `lang`'s notation. The id is the verdict's serialised kind (`time_added`), or, where its
/// data chooses between sentences, the kind and the choice (`notice_move_ends_the_game`).
pub fn ruling_message(verdict: &Verdict, law: &str, at: &Positions, lang: Language) -> Message {
    let kind = crate::kind::name_of(verdict).unwrap_or_default();
    let mv = |m: &Move| Word::Text(at.san(m, lang));
    let claim = |c: &ClaimKind| Word::Id(word_id(CLAIM, c).into());
    let plain = |words| msg(kind.clone(), words);
    match verdict {
        Verdict::GameOver { result, reason } => {
            let reason = Word::Id(word_id(REASON, reason).into());
            let won = |player: &'static str, score: &'static str| {
                msg(
                    chosen(&kind, "won"),
                    vec![
                        ("player", Word::Id(player.into())),
                        ("reason", reason.clone()),
                        ("score", Word::Id(score.into())),
                    ],
                )
            };
            match result {
                GameResult::WhiteWins => won("white", "1-0"),
                GameResult::BlackWins => won("black", "0-1"),
                GameResult::Draw => msg(chosen(&kind, "drawn"), vec![("reason", reason)]),
            }
        }
        Verdict::TimeAdded { player, ms } | Verdict::TimeCharged { player, ms } => {
            plain(vec![("ms", num(ms.0)), ("player", who(*player))])
        }
        Verdict::PeriodStarted { player, period, ms } => plain(vec![
            ("ms", num(ms.0)),
            ("period", num(*period as u64 + 1)),
            ("player", who(*player)),
        ]),
        Verdict::FlagFell { player }
        | Verdict::MustMove { player, .. }
        | Verdict::TouchMoveBreach { player, .. }
        | Verdict::DrawOffered { player }
        | Verdict::DrawDeclined { player }
        | Verdict::DrawRefused { player }
        | Verdict::ClockStarted { player }
        | Verdict::Sealed { player } => plain(vec![("player", who(*player))]),
        Verdict::IllegalMove {
            player,
            mv: m,
            count,
        } => plain(vec![
            ("count", num(*count)),
            ("move", mv(m)),
            ("player", who(*player)),
        ]),
        // The same verdict serves an illegal move taken back (2005 Art. 7.4a / 2023 Art.
        // 7.5.1) and the arbiter's restoring of an earlier position: the Law says which.
        Verdict::PositionRestored { .. } => {
            let after_illegal = law.ends_with("Art. 7.4a") || law.ends_with("Art. 7.5.1");
            let choice = if after_illegal {
                "after_illegal"
            } else {
                "earlier"
            };
            msg(chosen(&kind, choice), vec![])
        }
        Verdict::ClaimOpen { player, claim: c }
        | Verdict::ClaimLapsed { player, claim: c }
        | Verdict::ClaimAccepted { player, claim: c }
        | Verdict::ClaimPending { player, claim: c }
        | Verdict::ClaimPostponed { player, claim: c } => {
            plain(vec![("claim", claim(c)), ("player", who(*player))])
        }
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
            // Fifty moves are shown by their first and last move, a repetition by every
            // occurrence.
            match c {
                ClaimKind::FiftyMoves => msg(
                    chosen(&kind, &word_id("", c)),
                    vec![("first", end(moves.first())), ("last", end(moves.last()))],
                ),
                _ => msg(
                    chosen(&kind, &word_id("", &ClaimKind::Repetition)),
                    vec![("moves", Word::List(moves))],
                ),
            }
        }
        Verdict::ClaimRejected {
            player,
            claim: c,
            because,
        } => plain(vec![
            ("because", Word::Id(word_id(BECAUSE, because).into())),
            ("claim", claim(c)),
            ("player", who(*player)),
        ]),
        Verdict::MustPlay { player, mv: m } => {
            plain(vec![("move", mv(m)), ("player", who(*player))])
        }
        Verdict::ClockStopped
        | Verdict::IllegalPosition { .. }
        | Verdict::PositionLegalAgain { .. } => plain(vec![]),
        Verdict::EnvelopeOpened { mv: m } => plain(vec![("move", mv(m))]),
        Verdict::ClocksSet { white, black, .. } => {
            plain(vec![("black", num(black.0)), ("white", num(white.0))])
        }
        // A wrong set-up found, the players' names swapped: the new game has them the other way.
        Verdict::NewGame {
            because,
            colours_swapped,
        } => {
            let choice = match (because, colours_swapped) {
                (SetupFault::WrongSetup, true) => "colours_swapped".to_string(),
                _ => word_id("", because),
            };
            msg(chosen(&kind, &choice), vec![])
        }
        Verdict::ScoresheetRequest {
            player,
            count,
            granted,
        } => msg(
            chosen(&kind, if *granted { "granted" } else { "refused" }),
            vec![("count", num(*count)), ("player", who(*player))],
        ),
        Verdict::Announced { player, spoken, .. }
        | Verdict::AnnouncementCorrected { player, spoken, .. } => plain(vec![
            ("player", who(*player)),
            ("spoken", Word::Text(spoken.clone())),
        ]),
        Verdict::AnnouncementRepeated {
            player,
            mv: m,
            agrees,
        } => msg(
            chosen(&kind, if *agrees { "agrees" } else { "differs" }),
            vec![("move", mv(m)), ("player", who(*player))],
        ),
        Verdict::CorrectionRefused { player, because } => msg(
            chosen(&kind, &word_id("", because)),
            vec![("player", who(*player))],
        ),
        Verdict::CastlingBarred {
            player,
            short,
            long,
        } => plain(vec![
            ("long", Word::Flag(*long)),
            ("player", who(*player)),
            ("short", Word::Flag(*short)),
        ]),
        Verdict::Notice { what } => msg(chosen(&kind, &word_id("", what)), vec![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_core::arbiter::{Event, GameConfig, Reason, Rejection, Stamped};
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
            "position_restored_after_illegal"
        );
        assert_eq!(
            ruling_message(&restored, "2005 Art. 6.14", &at, Language::English).id,
            "position_restored_earlier"
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
        assert_eq!(m.id, "draw_evidence_repetition");
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
                because: Rejection::Arbiter,
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
            r#"{"first":"","id":"draw_evidence_fifty_moves","last":"1. e4"}"#
        );
    }

    #[test]
    fn rulings_are_given_the_page_as_words_test_says_them() {
        // The messages tests/e2e/words.test.mjs words, each as the wasm gives it.
        let at = Positions::of(&game(&[]));
        let said = |v: Verdict| {
            serde_json::to_string(&ruling_message(&v, "2005 Art. 1", &at, Language::English))
                .unwrap()
        };
        assert_eq!(
            said(Verdict::GameOver {
                result: GameResult::WhiteWins,
                reason: Reason::Checkmate,
            }),
            r#"{"id":"game_over_won","player":"white","reason":"reason_checkmate","score":"1-0"}"#
        );
        assert_eq!(
            said(Verdict::GameOver {
                result: GameResult::Draw,
                reason: Reason::TimeButCannotMate,
            }),
            r#"{"id":"game_over_drawn","reason":"reason_time_but_cannot_mate"}"#
        );
        assert_eq!(
            said(Verdict::PeriodStarted {
                player: Color::White,
                period: 1,
                ms: Millis(1_800_000),
            }),
            r#"{"id":"period_started","ms":1800000,"period":2,"player":"white"}"#
        );
        assert_eq!(
            said(Verdict::TimeAdded {
                player: Color::White,
                ms: Millis(120_000),
            }),
            r#"{"id":"time_added","ms":120000,"player":"white"}"#
        );
        assert_eq!(
            said(Verdict::CastlingBarred {
                player: Color::Black,
                short: false,
                long: true,
            }),
            r#"{"id":"castling_barred","long":true,"player":"black","short":false}"#
        );
        assert_eq!(
            said(Verdict::IllegalPosition { fen: String::new() }),
            r#"{"id":"illegal_position"}"#
        );
        assert_eq!(
            said(Verdict::Notice {
                what: arbiter_core::arbiter::Noticed::PossibleTwoHandedMove,
            }),
            r#"{"id":"notice_possible_two_handed_move"}"#
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
            r#"{"id":"game_over_won","player":"black","reason":"reason_time","score":"0-1"}"#
        );
        let rejected = Verdict::ClaimRejected {
            player: Color::White,
            claim: ClaimKind::Repetition,
            because: Rejection::NotEstablished,
        };
        let m = ruling_message(&rejected, "2005 Art. 9.5", &at, Language::English);
        assert_eq!(m.get("claim"), Some(Word::Id("claim_repetition".into())));
        assert_eq!(
            m.get("because"),
            Some(Word::Id("because_not_established".into()))
        );
    }
}
