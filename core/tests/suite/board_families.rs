//! Each family of snapshot board plays a real game into a `BoardSession`, through a simulator
//! written from its protocol's facts: Millennium ChessLink (a status string after every scan),
//! Chessnut (a frame on every change), Certabo (RFID tags calibrated from the initial
//! position). The hands at the board make the artefacts real boards show: an arrival seen before
//! the departure, a capture with either piece lifted first or the square changing at once,
//! castling king first and rook first, en passant, a promotion, a knocked piece put back, and a
//! slow scan. Every move reaches the game once, and nothing else does.

use arbiter_core::arbiter::{Game, GameConfig};
use arbiter_core::clock::{Millis, TimeControl, Timing};
use arbiter_core::dgt::board::{Occupant, OccupantCode, Orientation, Placement, PlacementDump};
use arbiter_core::dgt::family::certabo::{Tag, encode_line};
use arbiter_core::dgt::family::chessnut::encode_frame;
use arbiter_core::dgt::family::chessup::position_frame;
use arbiter_core::dgt::family::millennium::frame;
use arbiter_core::dgt::family::snapshot::letter_of_code;
use arbiter_core::dgt::family::{BoardCodec, DgtCodec, Family};
use arbiter_core::dgt::family::{ichessone, pegasus, squareoff};
use arbiter_core::dgt::reconstruct::Completion;
use arbiter_core::dgt::session::{BoardOutput, BoardSession};
use arbiter_core::dgt::table::{GameTable, Seat};
use arbiter_core::laws::Edition;
use arbiter_core::{Color, Piece, Square};

/// A snapshot board on the table: the pieces as the hands left them (each with its RFID tag,
/// for Certabo), and the bytes its family sends for them.
struct Sim {
    family: Family,
    /// Per square: the occupant and its tag.
    squares: [(Occupant, Tag); 64],
    /// Spare pieces off the board, by occupant, with their tags (promotions).
    spares: Vec<(Occupant, Tag)>,
    /// The squares occupied when the board last reported (the families that report changes).
    reported: Option<u64>,
}

fn index(square: &str) -> usize {
    let b = square.as_bytes();
    (usize::from(b'8' - b[1])) * 8 + usize::from(b[0] - b'a')
}

impl Sim {
    fn new(family: Family, placement: &Placement) -> Sim {
        let codes = placement.to_dump(Orientation::Normal).codes;
        let mut squares = [(Occupant::Empty, [0u8; 5]); 64];
        for (i, &code) in codes.iter().enumerate() {
            if code != 0 {
                // A tag of its own for each piece: five bytes, none zero.
                squares[i] = (Occupant::from_code(code), [1 + i as u8, 7, 11, 13, 17]);
            }
        }
        let spares = vec![
            (
                Occupant::Piece(Color::White, Piece::Queen),
                [201, 3, 5, 7, 9],
            ),
            (
                Occupant::Piece(Color::Black, Piece::Queen),
                [202, 3, 5, 7, 9],
            ),
        ];
        Sim {
            family,
            squares,
            spares,
            reported: None,
        }
    }

    fn codes(&self) -> [u8; 64] {
        self.squares.map(|(o, _)| o.to_code())
    }

    fn occupied(&self) -> u64 {
        let codes = self.codes();
        (0..64).fold(0, |b, i| if codes[i] != 0 { b | 1 << i } else { b })
    }

    /// What the board sends for the pieces as they stand: the families that report a change
    /// send what changed since they last reported (set-downs before pick-ups, the order a scan
    /// may see them in), after a whole board first.
    fn wire(&mut self) -> Vec<u8> {
        let occ = self.occupied();
        let before = self.reported.replace(occ);
        let changes = |before: u64, each: &dyn Fn(u8, bool) -> Vec<u8>| {
            let mut out = Vec::new();
            for set in [true, false] {
                for i in 0..64u8 {
                    if (before ^ occ) >> i & 1 == 1 && (occ >> i & 1 == 1) == set {
                        out.extend(each(i, set));
                    }
                }
            }
            out
        };
        match (self.family, before) {
            (Family::Pegasus, None) => return pegasus::dump_frame(occ),
            (Family::Pegasus, Some(b)) => return changes(b, &pegasus::update_frame),
            (Family::SquareOff, None) => return squareoff::board_answer(occ),
            (Family::SquareOff, Some(b)) => return changes(b, &squareoff::field_message),
            (Family::IChessOne, _) => return ichessone::frame(occ),
            (Family::ChessUp, None) => return position_frame(&self.codes()),
            // A piece released: the board's answer to the session's question follows.
            (Family::ChessUp, Some(_)) => return vec![0xBB],
            _ => {}
        }
        match self.family {
            Family::Millennium => {
                let mut text = vec![b's'];
                text.extend(self.codes().map(letter_of_code));
                let mut out = Vec::new();
                frame(&text, &mut out);
                out
            }
            Family::Chessnut => encode_frame(&self.codes()),
            Family::Certabo => encode_line(&self.squares.map(|(_, tag)| tag)),
            _ => unreachable!("DGT has its own simulator"),
        }
    }

    fn lift(&mut self, square: &str) -> (Occupant, Tag) {
        std::mem::replace(&mut self.squares[index(square)], (Occupant::Empty, [0; 5]))
    }

    fn put(&mut self, square: &str, piece: (Occupant, Tag)) {
        self.squares[index(square)] = piece;
    }

    fn spare(&mut self, color: Color) -> (Occupant, Tag) {
        let at = self
            .spares
            .iter()
            .position(|(o, _)| *o == Occupant::Piece(color, Piece::Queen))
            .expect("a spare queen");
        self.spares.remove(at)
    }
}

struct Rig {
    sim: Sim,
    table: GameTable,
    session: BoardSession<Box<dyn BoardCodec>>,
    now: u64,
    /// When the board last sent: a Millennium board repeats its status after every scan.
    sent_at: u64,
    /// Every byte the session wrote to the board, in order.
    written: Vec<u8>,
}

const SCAN_MS: u64 = 41;

impl Rig {
    fn start(family: Family) -> Rig {
        let game = Game::new(config(None)).expect("a game");
        Self::with(family, game, family.codec(), None)
    }

    /// The board on a serial line opened for DGT's (the bridge's): found from its frames.
    fn on_a_dgt_line(family: Family) -> Rig {
        let game = Game::new(config(None)).expect("a game");
        Self::with(family, game, Box::new(DgtCodec::default()), None)
    }

    fn with(
        family: Family,
        game: Game,
        codec: Box<dyn BoardCodec>,
        orientation: Option<Orientation>,
    ) -> Rig {
        let sim = Sim::new(family, &game.board().placement());
        let table = GameTable::new(game, true);
        let session = BoardSession::new(
            codec,
            &table,
            Completion::Settle {
                settle_ms: family.settle_ms(),
            },
            Seat::Only,
            orientation,
        );
        let mut rig = Rig {
            sim,
            table,
            session,
            now: 1_000,
            sent_at: 0,
            written: Vec::new(),
        };
        // Certabo streams unasked; what starts an iChessOne's reports is not in our references.
        assert!(
            !rig.session.handshake().is_empty()
                || matches!(family, Family::Certabo | Family::IChessOne)
        );
        rig.session.handle_connected(&mut rig.table);
        rig.send();
        rig.wait(500);
        rig
    }

    fn send(&mut self) {
        let bytes = self.sim.wire();
        // Bytes arrive in the pieces a USB or Bluetooth link hands over, not whole frames.
        for chunk in bytes.chunks(20) {
            self.session.handle_bytes(self.now, chunk, &mut self.table);
        }
        self.sent_at = self.now;
        self.pump();
    }

    /// The board's answers to what the session wrote are the status it sends anyway; a ChessUp
    /// board answers a question (`67`) with its squares.
    fn pump(&mut self) {
        let mut out = Vec::new();
        self.session.poll_transmit(self.now, &self.table, &mut out);
        let asked = self.sim.family == Family::ChessUp && out.contains(&0x67);
        self.written.extend(out);
        if asked {
            let answer = position_frame(&self.sim.codes());
            self.session
                .handle_bytes(self.now, &answer, &mut self.table);
            self.pump();
        }
    }

    /// Time passes; a Millennium board repeats its status after every scan meanwhile.
    fn wait(&mut self, ms: u64) {
        let end = self.now + ms;
        while self.now < end {
            self.now += 1;
            if self.sim.family == Family::Millennium && self.now >= self.sent_at + SCAN_MS {
                self.send();
            }
            if self
                .session
                .poll_deadline()
                .is_some_and(|due| self.now >= due)
            {
                self.session.handle_deadline(self.now, &mut self.table);
                self.pump();
            }
        }
    }

    /// One change of the hands, seen at the board's next report `gap` ms later.
    fn hand(&mut self, gap: u64, change: impl FnOnce(&mut Sim)) {
        change(&mut self.sim);
        self.wait(gap);
        self.send();
    }

    fn sans(&self) -> Vec<String> {
        self.table
            .game
            .moves()
            .iter()
            .map(|m| m.san.clone())
            .collect()
    }

    /// After a move's hands, the board settles: exactly `expected` has been played.
    fn settled(&mut self, expected: &[&str]) {
        self.wait(self.sim.family.settle_ms() + 150);
        assert_eq!(self.sans(), expected, "{:?}", self.sim.family);
    }
}

fn config(fen: Option<&str>) -> GameConfig {
    GameConfig {
        arbiter_present: true,
        fen: fen.map(str::to_owned),
        ..GameConfig::new(
            Edition::Fide2005,
            TimeControl::sudden_death(Millis::minutes(90), Timing::None),
        )
    }
}

/// A plain move: lifted, then set down.
fn plain(rig: &mut Rig, from: &'static str, to: &'static str) {
    let mut held = None;
    rig.hand(40, |s| held = Some(s.lift(from)));
    rig.hand(60, |s| s.put(to, held.take().expect("lifted")));
}

/// The main game, its artefacts one by one.
fn play_a_game(family: Family) {
    play(Rig::start(family));
}

fn play(mut rig: Rig) {
    let family = rig.sim.family;
    let mut played: Vec<&str> = Vec::new();
    let mut expect = |rig: &mut Rig, san: &'static str| {
        played.push(san);
        rig.settled(&played);
    };

    plain(&mut rig, "e2", "e4");
    expect(&mut rig, "e4");
    // The pawn is seen on c6 a scan before c7 empties.
    rig.hand(40, |s| {
        let pawn = s.squares[index("c7")];
        s.put("c6", pawn);
    });
    rig.hand(40, |s| {
        s.lift("c7");
    });
    expect(&mut rig, "c6");
    // A slow scan: the pawn's lift and its arrival a third of a second apart.
    let mut held = None;
    rig.hand(40, |s| held = Some(s.lift("d2")));
    rig.hand(300, |s| s.put("d4", held.take().expect("lifted")));
    expect(&mut rig, "d4");
    plain(&mut rig, "d7", "d5");
    expect(&mut rig, "d5");
    plain(&mut rig, "e4", "e5");
    expect(&mut rig, "e5");
    plain(&mut rig, "f7", "f5");
    expect(&mut rig, "f5");
    // En passant: the pawn set down on f6, then the pawn taken off f5.
    plain(&mut rig, "e5", "f6");
    rig.hand(50, |s| {
        s.lift("f5");
    });
    expect(&mut rig, "exf6");
    // A capture with the captured pawn lifted first.
    rig.hand(40, |s| {
        s.lift("f6");
    });
    plain(&mut rig, "g8", "f6");
    expect(&mut rig, "Nxf6");
    plain(&mut rig, "g1", "f3");
    expect(&mut rig, "Nf3");
    plain(&mut rig, "c8", "g4");
    expect(&mut rig, "Bg4");
    // White's sleeve knocks the a2 pawn over; he puts it back, then plays his move.
    let mut knocked = None;
    rig.hand(40, |s| knocked = Some(s.lift("a2")));
    rig.hand(80, |s| s.put("a2", knocked.take().expect("knocked")));
    plain(&mut rig, "f1", "e2");
    expect(&mut rig, "Be2");
    plain(&mut rig, "d8", "c7");
    expect(&mut rig, "Qc7");
    // Castling king first.
    plain(&mut rig, "e1", "g1");
    plain(&mut rig, "h1", "f1");
    expect(&mut rig, "O-O");
    plain(&mut rig, "b8", "d7");
    expect(&mut rig, "Nbd7");
    plain(&mut rig, "h2", "h3");
    expect(&mut rig, "h3");
    // Castling rook first (the rook alone on d8 would be a legal move: the king follows within
    // the settle time, as a hand does).
    plain(&mut rig, "a8", "d8");
    plain(&mut rig, "e8", "c8");
    expect(&mut rig, "O-O-O");
    // A capture seen at once: g4 turns from Black's bishop to White's pawn in one scan.
    rig.hand(60, |s| {
        let pawn = s.lift("h3");
        s.put("g4", pawn);
    });
    expect(&mut rig, "hxg4");

    // Nothing but moves reached the game: no refusal, no mismatch on the way.
    let refused = rig.table.submitted.iter().filter(|(_, _, ok)| !ok).count();
    assert_eq!(refused, 0, "{:?}: {:?}", family, rig.table.submitted);
    assert!(
        !rig.table
            .streamed
            .iter()
            .any(|o| matches!(o, BoardOutput::Mismatch { .. })),
        "{family:?}: a mismatch was reported"
    );
}

/// A promotion that captures, the new queen read from the board (a spare queen).
fn promote(family: Family) {
    let game = Game::new(config(Some("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"))).expect("a game");
    let mut codec = family.codec();
    if family == Family::Certabo {
        // The tags were calibrated before this game, in the initial position with a spare
        // queen on each side's third rank.
        let mut sim = Sim::new(family, &Placement::start());
        let q = sim.spares.clone();
        sim.put("d3", q[0]);
        sim.put("d6", q[1]);
        codec.feed(0, &sim.wire());
        while codec.poll_reading().is_some() {}
    }
    let mut rig = Rig::with(family, game, codec, Some(Orientation::Normal));
    if family == Family::Certabo {
        // The same pieces' tags as at calibration.
        let mut sim = Sim::new(family, &Placement::start());
        let (king, rook, pawn) = (sim.lift("e8"), sim.lift("a8"), sim.lift("b2"));
        let white_king = sim.lift("e1");
        sim.squares = [(Occupant::Empty, [0; 5]); 64];
        sim.put("e8", king);
        sim.put("a8", rook);
        sim.put("b7", pawn);
        sim.put("e1", white_king);
        rig.sim = sim;
        rig.send();
        rig.wait(500);
    }
    rig.hand(40, |s| {
        s.lift("b7");
    });
    rig.hand(40, |s| {
        s.lift("a8");
    });
    rig.hand(60, |s| {
        let queen = s.spare(Color::White);
        s.put("a8", queen);
    });
    rig.settled(&["bxa8=Q+"]);
    plain(&mut rig, "e8", "e7");
    rig.settled(&["bxa8=Q+", "Ke7"]);
}

#[test]
fn a_millennium_board_plays_a_game_every_move_once() {
    play_a_game(Family::Millennium);
    promote(Family::Millennium);
}

#[test]
fn a_chessnut_board_plays_a_game_every_move_once() {
    play_a_game(Family::Chessnut);
    promote(Family::Chessnut);
}

#[test]
fn a_certabo_board_plays_a_game_every_move_once() {
    play_a_game(Family::Certabo);
    promote(Family::Certabo);
}

/// DGT Pegasus: field updates of presence only, the pieces named from the game.
#[test]
fn a_pegasus_board_plays_a_game_every_move_once() {
    play_a_game(Family::Pegasus);
    promote(Family::Pegasus);
}

/// Square Off: pick-ups and set-downs, presence only.
#[test]
fn a_square_off_board_plays_a_game_every_move_once() {
    play_a_game(Family::SquareOff);
    promote(Family::SquareOff);
}

/// ChessUp: a touch or a release, then the board's squares when asked.
#[test]
fn a_chessup_board_plays_a_game_every_move_once() {
    play_a_game(Family::ChessUp);
    promote(Family::ChessUp);
}

/// iChessOne: whole-board frames read as presence.
#[test]
fn an_ichessone_board_plays_a_game_every_move_once() {
    play_a_game(Family::IChessOne);
    promote(Family::IChessOne);
}

/// No byte sequence makes a codec panic, whatever the game's position: random bytes, and
/// random bytes cut into the families' own frames.
#[test]
fn no_bytes_make_a_codec_panic() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let positions = [
        arbiter_core::Position::startpos(),
        arbiter_core::Position::from_fen("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1").expect("fen"),
    ];
    for family in Family::ALL {
        let mut codec = family.codec();
        let mut frames: Vec<Vec<u8>> = Vec::new();
        let mut sim = Sim::new(family, &Placement::start());
        if family != Family::Dgt {
            frames.push(sim.wire());
            sim.lift("e2");
            frames.push(sim.wire());
        }
        for round in 0..3_000 {
            codec.follow(&positions[round % 2]);
            let len = (next() % 80) as usize;
            let mut bytes: Vec<u8> = (0..len).map(|_| next() as u8).collect();
            if round % 3 == 0 && !frames.is_empty() {
                let frame = &frames[round % frames.len()];
                let cut = (next() as usize) % (frame.len() + 1);
                bytes.extend(&frame[..cut]);
            }
            codec.feed(round as u64, &bytes);
            while codec.poll_reading().is_some() {}
            while codec.poll_command().is_some() {}
            codec.take_read_request();
            if round % 500 == 0 {
                codec.reset();
            }
        }
    }
}

/// A snapshot board shows a square emptied, not a hand on a piece: touch-move is the
/// arbiter's, and a piece lifted and put back binds nobody (2005 Art. 4.3 needs a touch).
#[test]
fn art4_3_a_snapshot_board_lift_is_no_touch_of_the_game() {
    for family in [
        Family::Millennium,
        Family::Chessnut,
        Family::Certabo,
        Family::Pegasus,
        Family::SquareOff,
        Family::ChessUp,
        Family::IChessOne,
    ] {
        let mut rig = Rig::start(family);
        plain(&mut rig, "e2", "e4");
        rig.settled(&["e4"]);
        // Black lifts his knight, puts it back, and plays another piece.
        let mut held = None;
        rig.hand(40, |s| held = Some(s.lift("b8")));
        rig.hand(80, |s| s.put("b8", held.take().expect("lifted")));
        rig.wait(500);
        plain(&mut rig, "d7", "d5");
        rig.settled(&["e4", "d5"]);
        assert!(
            !rig.table
                .submitted
                .iter()
                .any(|(_, e, _)| matches!(e, arbiter_core::arbiter::Event::Lift { .. })),
            "{family:?}: a lift reached the game"
        );
        assert!(
            rig.table
                .game
                .rulings()
                .iter()
                .all(|r| !format!("{:?}", r.verdict).contains("Touch")),
            "{family:?}: {:?}",
            rig.table.game.rulings()
        );
    }
}

/// DGT's board does report lifts: its session holds the player to the piece he lifted.
#[test]
fn families_say_whether_they_report_lifts() {
    assert!(Family::Dgt.reports_lifts());
    for family in Family::ALL.into_iter().filter(|&f| f != Family::Dgt) {
        assert!(!family.reports_lifts(), "{family:?}");
        assert!(!family.codec().reports_lifts(), "{family:?}");
    }
    let _ = Square::A1;
}

/// The bridge opens a serial line for DGT's protocol; a Millennium or a Certabo board on it is
/// recognised from its first whole frame, and read as that board: the same game, every move once.
#[test]
fn a_millennium_or_certabo_board_on_a_dgt_line_is_recognised_and_read() {
    for family in [Family::Millennium, Family::Certabo] {
        let rig = Rig::on_a_dgt_line(family);
        // The line noise the DGT decoder made of the first bytes is forgotten with them.
        assert_eq!(
            rig.session.reconstructor().orientation(),
            Some(Orientation::Normal),
            "{family:?}"
        );
        play(rig);
    }
}

/// What a board's lights were last set to, read back from the bytes written to it as its maker
/// describes them: the squares lit (in the game's names, the board sitting the normal way; for
/// Millennium's corner LEDs, the LEDs lit) and whether they blink; `None` when no lights were
/// set.
fn last_lights(family: Family, written: &[u8]) -> Option<(Vec<String>, bool)> {
    let name = |i: usize| format!("{}{}", char::from(b'a' + (i % 8) as u8), 8 - i / 8);
    let hex =
        |h: &[u8]| u8::from_str_radix(std::str::from_utf8(h).expect("ascii"), 16).expect("hex");
    // Eight bytes a rank each from the 8th; `bit(file)` the bit of a file's square.
    let ranks = |bytes: &[u8], bit: &dyn Fn(usize) -> u8| {
        (0..64)
            .filter(|&i| bytes[i / 8] & bit(i % 8) != 0)
            .map(name)
            .collect::<Vec<_>>()
    };
    let mut last = None;
    let mut at = 0;
    while at < written.len() {
        match family {
            Family::Millennium => {
                // Letter, data, two hex digits of block parity: `L` has a slot time and 81
                // LEDs (LED 1 at a8's corner, 9 at a1's, 73 at h8's); `X` puts them out.
                let len = if written[at] == b'L' {
                    1 + 2 + 162 + 2
                } else {
                    3
                };
                let message = &written[at..at + len];
                if message[0] == b'X' {
                    last = Some((Vec::new(), false));
                } else if message[0] == b'L' {
                    let leds: Vec<u8> = message[3..3 + 162].chunks(2).map(hex).collect();
                    let lit = (0..81)
                        .filter(|&n| leds[n] != 0)
                        .map(|n| format!("LED {}", n + 1))
                        .collect();
                    let blink = leds.iter().any(|&p| p != 0 && p != 0xFF);
                    last = Some((lit, blink));
                }
                at += len;
            }
            Family::Chessnut => {
                // `0A 08` and the eight bytes, the a-file in the top bit; other commands are
                // three bytes.
                if written[at] == 0x0A {
                    last = Some((ranks(&written[at + 2..at + 10], &|f| 0x80 >> f), false));
                    at += 10;
                } else {
                    at += 3;
                }
            }
            Family::Certabo => {
                // Only lights are written to it: eight bytes, the a-file in the lowest bit.
                last = Some((ranks(&written[at..at + 8], &|f| 1 << f), false));
                at += 8;
            }
            Family::Pegasus => {
                // `60 len 05 speed repeat brightness square… 00` (DGT's numbering), `60 02 00
                // 00` all out; its other commands are single bytes.
                if written[at] == 0x60 {
                    let len = usize::from(written[at + 1]);
                    let lit = if len == 2 {
                        Vec::new()
                    } else {
                        written[at + 6..at + 1 + len]
                            .iter()
                            .map(|&i| name(usize::from(i)))
                            .collect()
                    };
                    last = Some((lit, false));
                    at += 2 + len;
                } else {
                    at += 1;
                }
            }
            _ => unreachable!("no lights read back for {family:?}"),
        }
    }
    last
}

fn lit(rig: &Rig) -> Option<(Vec<String>, bool)> {
    last_lights(rig.sim.family, &rig.written)
}

/// What `names` lit look like on `family`'s board: the squares, or for Millennium the LEDs at
/// their corners (LED 1 at a8's top left, down the a-file's left edge to 9, then the next line).
fn squares(family: Family, names: &[&str]) -> Vec<String> {
    if family == Family::Millennium {
        let mut leds: Vec<usize> = names
            .iter()
            .flat_map(|s| {
                let (row, column) = (index(s) / 8, index(s) % 8);
                [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(c, r)| (column + c) * 9 + row + r + 1)
            })
            .collect();
        leds.sort();
        leds.dedup();
        return leds.into_iter().map(|n| format!("LED {n}")).collect();
    }
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort_by_key(|s| index(s));
    v
}

const LIGHTED: [Family; 4] = [
    Family::Millennium,
    Family::Chessnut,
    Family::Certabo,
    Family::Pegasus,
];

/// A board with lights shows the last move's two squares once it shows the game, and nothing
/// before the first move; the lights are set once for each change, not on every scan.
#[test]
fn a_board_with_lights_shows_the_last_move() {
    for family in LIGHTED {
        let mut rig = Rig::start(family);
        assert_eq!(
            lit(&rig),
            Some((vec![], false)),
            "{family:?}: all out at the start"
        );
        plain(&mut rig, "e2", "e4");
        rig.settled(&["e4"]);
        assert_eq!(
            lit(&rig),
            Some((squares(family, &["e2", "e4"]), false)),
            "{family:?}"
        );
        let after_e4 = rig.written.len();
        rig.wait(500);
        assert_eq!(
            rig.written.len(),
            after_e4,
            "{family:?}: nothing new to show"
        );
        // Castling shows the king's two squares.
        let mut played = vec!["e4"];
        for (from, to, san) in [
            ("e7", "e5", "e5"),
            ("g1", "f3", "Nf3"),
            ("b8", "c6", "Nc6"),
            ("f1", "c4", "Bc4"),
            ("g8", "f6", "Nf6"),
        ] {
            plain(&mut rig, from, to);
            played.push(san);
            rig.settled(&played);
        }
        plain(&mut rig, "e1", "g1");
        plain(&mut rig, "h1", "f1");
        rig.settled(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"]);
        assert_eq!(
            lit(&rig),
            Some((squares(family, &["e1", "g1"]), false)),
            "{family:?}"
        );
    }
}

/// After the arbiter takes a move back (a position restored, 2005 Art. 6.14 / 7.4), the board
/// still shows it: the squares to set blink where the board can blink, until the pieces are
/// back, when the game's last move is shown again.
#[test]
fn a_move_taken_back_lights_the_squares_to_set_until_the_board_shows_the_game() {
    use arbiter_core::arbiter::{Decision, Event, RestoreCause};
    use arbiter_core::dgt::table::Table;
    for family in LIGHTED {
        let mut rig = Rig::start(family);
        plain(&mut rig, "e2", "e4");
        plain(&mut rig, "e7", "e5");
        rig.settled(&["e4", "e5"]);
        let restored = rig.table.submit(
            rig.now,
            vec![Event::Arbiter {
                decision: Decision::Restore {
                    ply: 1,
                    cause: RestoreCause::Arbiter,
                },
            }],
        );
        assert!(restored[0].is_ok(), "{restored:?}");
        rig.send();
        rig.wait(100);
        assert_eq!(
            lit(&rig),
            Some((squares(family, &["e7", "e5"]), family == Family::Millennium)),
            "{family:?}: the pawn to take back"
        );
        plain(&mut rig, "e5", "e7");
        rig.settled(&["e4"]);
        assert_eq!(
            lit(&rig),
            Some((squares(family, &["e2", "e4"]), false)),
            "{family:?}"
        );
    }
}

/// A board connected to a game in progress, standing in the initial position: every square to
/// set is lit; once set, the game's last move is.
#[test]
fn a_board_joining_a_game_in_progress_lights_the_squares_to_set() {
    use arbiter_core::arbiter::{Event, Stamped};
    use arbiter_core::clock::Timestamp;
    use arbiter_core::movegen::Move;
    for family in LIGHTED {
        let mut game = Game::new(config(None)).expect("a game");
        let mut at = 0;
        let mut event = |game: &mut Game, event: Event| {
            at += 1_000;
            game.handle(Stamped {
                at: Timestamp(at),
                event,
            })
            .expect("taken");
        };
        event(&mut game, Event::Start);
        for (from, to) in [(Square::E2, Square::E4), (Square::C7, Square::C5)] {
            let player = game.side_on_move();
            event(
                &mut game,
                Event::Move {
                    mv: Move::new(from, to),
                },
            );
            event(&mut game, Event::PressClock { player });
        }
        // The board was set up for the start, and sits the normal way.
        let mut rig = Rig::with(family, game, family.codec(), Some(Orientation::Normal));
        rig.sim = Sim::new(family, &Placement::start());
        rig.send();
        rig.wait(500);
        assert_eq!(
            lit(&rig),
            Some((
                squares(family, &["e2", "e4", "c7", "c5"]),
                family == Family::Millennium
            )),
            "{family:?}"
        );
        let mut held = None;
        rig.hand(40, |s| held = Some(s.lift("e2")));
        rig.hand(60, |s| s.put("e4", held.take().expect("lifted")));
        rig.wait(500);
        assert_eq!(
            lit(&rig),
            Some((squares(family, &["c7", "c5"]), family == Family::Millennium)),
            "{family:?}: what is left to set"
        );
        plain(&mut rig, "c7", "c5");
        rig.settled(&["e4", "c5"]);
        assert_eq!(
            lit(&rig),
            Some((squares(family, &["c7", "c5"]), false)),
            "{family:?}"
        );
    }
}
