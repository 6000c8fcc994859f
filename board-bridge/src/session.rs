//! One board's session, as a shell: bytes from the serial port and the time go to the core's
//! [`BoardSession`] (which keeps the Laws at the board), the events it hands the game go to the
//! [`Referee`], what it shows goes out through the referee's hub, and the bytes it wants
//! written go back to the port. Nothing here decides a rule. The game's task
//! ([`crate::game`]) owns its boards' sessions.

use arbiter_core::arbiter::{Event, Game, Refused};
use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::dgt::clock::ClockSide;
use arbiter_core::dgt::family::{BoardCodec, CodecOptions, DgtCodec, Family};
use arbiter_core::dgt::reconstruct::{Completion, Reconstructor};
use arbiter_core::dgt::session::{BoardOutput, BoardStatus};
pub use arbiter_core::dgt::session::{BoardSession, StartBy};
pub use arbiter_core::dgt::table::Seat;
use arbiter_core::dgt::table::Table;
use arbiter_core::position::Position;
use arbiter_core::{Color, Move, Piece};

use crate::protocol::{Body, Facing, Finding, Running};
use crate::referee::{Referee, Which};

/// The codec a session reads its board through: DGT's serial line (which recognises a
/// Millennium or Certabo board by its frames), or the family of a HID board.
type LineCodec = Box<dyn BoardCodec + Send>;

/// A serial line's codec: DGT's, listening for the other serial families.
fn serial_line() -> LineCodec {
    Box::<DgtCodec>::default()
}

/// A board's core session, its game and its publication.
pub struct Session {
    core: BoardSession<LineCodec>,
    /// The family of the HID board it reads now; `None` while it reads a serial line.
    hid: Option<Family>,
    /// The port the board is being connected on, named by the status at connection.
    port: Option<String>,
    /// The board message last published, so each change the board shows is published once.
    last_board: Option<Body>,
    /// Presses on this board's clock that were the other board's player's (two boards, App.
    /// F2.3), for the game's task to hand to that board's session.
    partner_presses: Vec<(ClockSide, (u64, u64))>,
}

fn piece_name(color: Color, piece: Piece) -> String {
    let c = if color == Color::White { 'w' } else { 'b' };
    let p: char = piece.into();
    format!("{c}{}", p.to_ascii_uppercase())
}

/// The referee as the core session's table: events go to the game under the board's name, and
/// what the session shows is published at once, in order with them.
struct Shell<'a> {
    referee: &'a mut Referee,
    source: &'static str,
    seat: Seat,
    port: Option<&'a str>,
    last_board: &'a mut Option<Body>,
    /// Presses for the other board, handed on once the referee is free.
    partner_presses: Vec<(ClockSide, (u64, u64))>,
}

impl Table for Shell<'_> {
    fn game(&self) -> &Game {
        self.referee.game()
    }

    fn submit(&mut self, at: u64, events: Vec<Event>) -> Vec<Result<(), Refused>> {
        self.referee.submit_all(at, events, self.source)
    }

    fn score(&self) -> (&Position, &[Move]) {
        (self.referee.base(), self.referee.moves())
    }

    fn auto_press(&self) -> bool {
        self.referee.auto_press()
    }

    fn sealing(&self) -> bool {
        self.referee.sealing().is_some()
    }

    fn take_sealed_move(&mut self, mv: Move) -> bool {
        self.referee.take_sealed_move(mv)
    }

    fn board_shows(&mut self, placement: &str) -> bool {
        let shown = self.referee.board_shows(placement);
        if shown {
            // The board is shown again: its next status goes out whatever the last one said.
            *self.last_board = None;
        }
        shown
    }

    fn stream(&mut self, output: BoardOutput) {
        match output {
            BoardOutput::Touch(touch) => {
                crate::trace::mark("reconstructed");
                self.referee.publish(Body::Touch {
                    action: touch.kind.into(),
                    square: touch.square.to_string(),
                    piece: piece_name(touch.color, touch.piece),
                });
            }
            BoardOutput::Clock {
                left_ms,
                right_ms,
                running,
            } => {
                self.referee.publish(Body::Clock {
                    left_ms,
                    right_ms,
                    running: running.map(Running::from),
                });
            }
            BoardOutput::Mismatch {
                law,
                kind,
                squares,
                restore,
            } => {
                self.referee.publish(Body::Ruling {
                    law,
                    finding: Finding::Placement {
                        mismatch: kind,
                        squares,
                        restore,
                    },
                    board: (self.seat != Seat::Only).then_some(self.seat),
                });
            }
            BoardOutput::Status(status) => self.publish_status(status),
            BoardOutput::PartnerPress { side, times_ms } => {
                self.partner_presses.push((side, times_ms));
            }
            BoardOutput::Settled(view) => {
                let which = match self.seat {
                    Seat::Blind { .. } => Which::Blind,
                    _ => Which::Main,
                };
                self.referee.board_settled(which, view);
            }
        }
    }
}

impl Shell<'_> {
    /// Publishes the board's status unless it says what the last one said. Only the status at
    /// connection names the port (the page says "connected" then); later ones say nothing new
    /// about it.
    fn publish_status(&mut self, status: BoardStatus) {
        let sealing = self
            .referee
            .sealing()
            .map(crate::sealing::BoardSealing::stage);
        let body = Body::Board {
            connected: status.connected,
            // While a sealed move is made on the board, its pieces are nobody's to see.
            placement: status
                .placement
                .filter(|_| sealing.is_none())
                .map(|p| p.to_fen_board()),
            orientation: status.orientation.map(Facing::from),
            port: self.port.take().map(str::to_owned),
            dropped: status.dropped,
            resyncs: status.resyncs,
            sealing,
            battery: status.battery.known(),
        };
        let mut same = body.clone();
        if let (
            Body::Board {
                port: port @ None,
                connected: true,
                ..
            },
            Some(Body::Board {
                port: last_port,
                connected: true,
                ..
            }),
        ) = (&mut same, &*self.last_board)
        {
            port.clone_from(last_port);
        }
        if self.last_board.as_ref() == Some(&same) {
            return;
        }
        *self.last_board = Some(same);
        self.referee.publish(body);
    }
}

impl Session {
    /// A session for the only board of a game, continuing the game the referee holds.
    pub fn new(referee: &mut Referee, completion: Completion) -> Self {
        Self::seated(referee, completion, Seat::Only)
    }

    /// A session for a board in `seat`, continuing the game the referee holds. Every call on
    /// it is given the game (the game's task owns both).
    pub fn seated(referee: &mut Referee, completion: Completion, seat: Seat) -> Self {
        // The orientation the log remembers is the main board's; a second board works out its
        // own from the position it shows.
        let remembered = match seat {
            Seat::Blind { .. } => None,
            _ => referee.hub().state().orientation,
        };
        let orientation = remembered.map(Orientation::from);
        let core = {
            let mut last_board = None;
            let shell = Shell {
                referee,
                source: seat.name(),
                seat,
                port: None,
                last_board: &mut last_board,
                partner_presses: Vec::new(),
            };
            BoardSession::new(serial_line(), &shell, completion, seat, orientation)
        };
        Self {
            core,
            hid: None,
            port: None,
            last_board: None,
            partner_presses: Vec::new(),
        }
    }

    /// This board has no clock, but the game has one on the other board (see
    /// [`BoardSession::pressed_by_lever`]).
    #[must_use]
    pub fn pressed_by_lever(mut self) -> Self {
        self.core = self.core.pressed_by_lever();
        self
    }

    /// Who starts the game at this board (see [`StartBy`]).
    #[must_use]
    pub fn started_by(mut self, start_by: StartBy) -> Self {
        self.core = self.core.started_by(start_by);
        self
    }

    /// There is another board (2005 App. F1): when its player is on move, a press of this
    /// board's clock is his, and completes the move made on his board. Such presses wait in
    /// [`Self::take_partner_presses`] for the game's task to hand on.
    #[must_use]
    pub fn with_partner(mut self) -> Self {
        self.core = self.core.with_partner();
        self
    }

    /// The presses on this board's clock that were the other board's player's since the last
    /// call, with the clock's times.
    pub fn take_partner_presses(&mut self) -> Vec<(ClockSide, (u64, u64))> {
        std::mem::take(&mut self.partner_presses)
    }

    /// The board's picture of the game.
    pub fn reconstructor(&self) -> &Reconstructor {
        self.core.reconstructor()
    }

    /// The board's seat.
    pub fn seat(&self) -> Seat {
        self.core.seat()
    }

    /// The bytes that open the session with the board.
    pub fn handshake(&self) -> Vec<u8> {
        self.core.handshake()
    }

    /// Runs `f` on the core session with the referee as its table, and keeps presses meant for
    /// the other board for the game's task.
    fn with_table(
        &mut self,
        referee: &mut Referee,
        f: impl FnOnce(&mut BoardSession<LineCodec>, &mut dyn Table),
    ) {
        let mut presses = {
            let seat = self.core.seat();
            let mut shell = Shell {
                referee,
                source: seat.name(),
                seat,
                port: self.port.as_deref(),
                last_board: &mut self.last_board,
                partner_presses: Vec::new(),
            };
            f(&mut self.core, &mut shell);
            shell.partner_presses
        };
        self.partner_presses.append(&mut presses);
    }

    /// The lever was pressed for this board's player on the other board's clock.
    pub fn lever_pressed(
        &mut self,
        referee: &mut Referee,
        now: u64,
        side: ClockSide,
        times_ms: (u64, u64),
    ) {
        self.with_table(referee, |core, table| {
            core.lever_pressed(now, side, times_ms, table);
        });
    }

    /// The board was (re)connected on `port`: read through the family's codec of a HID board
    /// (`hid`, as its link serves the node), else as a serial line.
    pub fn handle_connected(&mut self, referee: &mut Referee, port: &str, hid: Option<Family>) {
        if hid != self.hid {
            let codec: LineCodec = match hid {
                Some(family) => family.sendable_codec_with(&CodecOptions::default()),
                None => serial_line(),
            };
            self.core.read_through(codec);
            self.hid = hid;
        }
        self.port = Some(port.to_owned());
        self.with_table(referee, |core, table| core.handle_connected(table));
        self.port = None;
    }

    /// The board went away.
    pub fn handle_disconnected(&mut self, referee: &mut Referee, why: &str) {
        let was_connected = matches!(
            self.last_board,
            Some(Body::Board {
                connected: true,
                ..
            })
        );
        self.with_table(referee, |core, table| core.handle_disconnected(table));
        if was_connected {
            referee.publish(Body::Error {
                message: format!("{} disconnected: {why}", self.core.seat().name()),
            });
        }
    }

    /// Bytes read from the board at `now`.
    pub fn handle_bytes(&mut self, referee: &mut Referee, now: u64, bytes: &[u8]) {
        crate::trace::mark("decoded");
        self.with_table(referee, |core, table| core.handle_bytes(now, bytes, table));
    }

    /// How many sensor changes the board has reported.
    pub fn sensor_changes(&self) -> u64 {
        self.core.sensor_changes()
    }

    /// When the change whose settle time runs first showed, ms (see
    /// [`BoardSession::settling_since`](arbiter_core::dgt::session::BoardSession::settling_since)).
    pub fn settling_since(&self) -> Option<u64> {
        self.core.settling_since()
    }

    /// When [`Self::handle_deadline`] should next be called.
    pub fn poll_deadline(&self) -> Option<u64> {
        self.core.poll_deadline()
    }

    /// Time has reached `now`.
    pub fn handle_deadline(&mut self, referee: &mut Referee, now: u64) {
        self.with_table(referee, |core, table| core.handle_deadline(now, table));
        crate::trace::mark("reconstructed");
    }

    /// Appends the bytes the session wants written to the board (and its clock) to `out`.
    pub fn poll_transmit(&mut self, referee: &mut Referee, now: u64, out: &mut Vec<u8>) {
        let mut last_board = None;
        let shell = Shell {
            referee,
            source: "board",
            seat: self.core.seat(),
            port: None,
            last_board: &mut last_board,
            partner_presses: Vec::new(),
        };
        self.core.poll_transmit(now, &shell, out);
    }
}

/// The placement a board shows in the initial position, as the simulator and tests need it.
pub fn start_placement() -> Placement {
    Placement::start()
}
