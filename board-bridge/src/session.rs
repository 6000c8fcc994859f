//! One board's session: bytes from the serial port in, messages to the hub out. It decodes with
//! the core's DGT codec, reconstructs touches and moves, and publishes them; it takes no Laws
//! decision of its own. Time comes in as milliseconds, so tests drive it without sleeping.

use arbiter_core::Square;
use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::dgt::clock::ClockSide;
use arbiter_core::dgt::codec::{BoardMessage, Command, DecodeError, Decoder};
use arbiter_core::dgt::reconstruct::{Completion, Mismatch, Reading, Reconstructor, TouchKind};
use arbiter_core::laws::{Edition, Law};
use arbiter_core::notation::{Language, san, uci};
use arbiter_core::position::Position;
use arbiter_core::{Color, Piece};

use crate::hub::Hub;
use crate::protocol::Body;

/// Decodes, reconstructs and publishes for one game.
pub struct Session {
    hub: Hub,
    decoder: Decoder,
    rec: Reconstructor,
    completion: Completion,
    edition: Edition,
    clock_ms: (u64, u64),
    /// Dropped-byte reports are rate-limited so a noisy line cannot flood the log.
    dropped_reported: u32,
}

fn piece_name(color: Color, piece: Piece) -> String {
    let c = if color == Color::White { 'w' } else { 'b' };
    let p: char = piece.into();
    format!("{c}{}", p.to_ascii_uppercase())
}

fn orientation_name(o: Orientation) -> String {
    match o {
        Orientation::Normal => "normal".into(),
        Orientation::Rotated => "rotated".into(),
    }
}

impl Session {
    /// A session continuing the game the hub holds (empty for a new game).
    pub fn new(hub: Hub, completion: Completion) -> Self {
        let state = hub.state();
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for m in &state.moves {
            match uci::parse(&pos, &m.uci) {
                Ok(mv) if pos.play(mv).is_ok() => moves.push(mv),
                _ => break,
            }
        }
        let orientation = match state.orientation.as_deref() {
            Some("rotated") => Some(Orientation::Rotated),
            Some("normal") => Some(Orientation::Normal),
            _ => None,
        };
        let rec = Reconstructor::resume(completion, Position::startpos(), &moves, orientation);
        Self {
            hub,
            decoder: Decoder::default(),
            rec,
            completion,
            edition: Edition::Fide2005,
            clock_ms: (0, 0),
            dropped_reported: 0,
        }
    }

    /// The moves so far.
    pub fn position(&self) -> &Position {
        self.rec.position()
    }

    /// The board was (re)connected on `port`: forget half-read bytes and the old picture; the
    /// next dump is the truth.
    pub fn handle_connected(&mut self, port: &str) {
        self.decoder.reset();
        self.rec.reset_board();
        self.hub.publish(Body::Board {
            connected: true,
            placement: None,
            orientation: self.rec.orientation().map(orientation_name),
            port: Some(port.to_owned()),
        });
    }

    /// The board went away.
    pub fn handle_disconnected(&mut self, why: &str) {
        self.decoder.reset();
        self.rec.reset_board();
        self.hub.publish(Body::Board {
            connected: false,
            placement: None,
            orientation: None,
            port: None,
        });
        self.hub.publish(Body::Error {
            message: format!("board disconnected: {why}"),
        });
    }

    /// Bytes read from the board at `now`.
    pub fn handle_bytes(&mut self, now: u64, bytes: &[u8]) {
        self.decoder.feed(bytes);
        while let Some(decoded) = self.decoder.poll() {
            match decoded {
                Ok(message) => {
                    let is_dump = matches!(message, BoardMessage::BoardDump(_));
                    self.rec.handle_message(now, &message);
                    self.drain(now);
                    if is_dump {
                        self.publish_board();
                    }
                }
                Err(e) => self.report_dropped(&e),
            }
        }
    }

    fn report_dropped(&mut self, e: &DecodeError) {
        self.dropped_reported += 1;
        // The first few are worth showing; after that they only fill the log.
        if self.dropped_reported <= 20 {
            self.hub.publish(Body::Error {
                message: format!("bytes from the board dropped: {e}"),
            });
        }
    }

    /// When [`Self::handle_deadline`] should next be called.
    pub fn poll_deadline(&self) -> Option<u64> {
        self.rec.poll_deadline()
    }

    /// Time has reached `now`.
    pub fn handle_deadline(&mut self, now: u64) {
        self.rec.handle_deadline(now);
        self.drain(now);
    }

    /// Commands the session wants sent to the board.
    pub fn poll_command(&mut self) -> Option<Command> {
        self.rec.poll_command()
    }

    fn publish_board(&mut self) {
        self.hub.publish(Body::Board {
            connected: true,
            placement: Some(self.rec.physical().to_fen_board()),
            orientation: self.rec.orientation().map(orientation_name),
            port: None,
        });
    }

    fn drain(&mut self, _now: u64) {
        while let Some(reading) = self.rec.poll() {
            self.publish_reading(reading);
        }
    }

    fn publish_reading(&mut self, reading: Reading) {
        let body = match reading {
            Reading::Touch { touch, .. } => Body::Touch {
                action: if touch.kind == TouchKind::Lift {
                    "lift"
                } else {
                    "place"
                }
                .into(),
                square: touch.square.to_string(),
                piece: piece_name(touch.color, touch.piece),
            },
            Reading::ClockTimes {
                left_ms,
                right_ms,
                running,
                ..
            } => {
                self.clock_ms = (left_ms, right_ms);
                Body::Clock {
                    left_ms,
                    right_ms,
                    running: running.map(|s| {
                        if s == ClockSide::Left {
                            "left"
                        } else {
                            "right"
                        }
                        .into()
                    }),
                }
            }
            Reading::ClockPress { .. } => return,
            Reading::Orientation(o) => Body::Board {
                connected: true,
                placement: Some(self.rec.physical().to_fen_board()),
                orientation: Some(orientation_name(o)),
                port: None,
            },
            Reading::Move { mv, ply, .. } => {
                let history_pos = self.position_before(ply);
                let san_text = san::format(&history_pos, mv, Language::English);
                let clock_ms = match self.completion {
                    Completion::ClockPress => {
                        // The mover pressed; which display is theirs depends on where the clock
                        // stands, so the smaller reading change is not guessed here: report the
                        // side whose clock just stopped.
                        Some(if ply % 2 == 1 {
                            self.clock_ms.0
                        } else {
                            self.clock_ms.1
                        })
                    }
                    Completion::Settle { .. } => None,
                };
                Body::Move {
                    ply,
                    uci: mv.to_string(),
                    san: san_text,
                    fen: self.position_after(ply).fen(),
                    clock_ms,
                }
            }
            Reading::Takeback { to_ply, .. } => Body::Takeback {
                to_ply,
                fen: self.position_after(to_ply).fen(),
            },
            Reading::Mismatch {
                kind,
                squares,
                restore,
                ..
            } => {
                let (law, kind) = match kind {
                    Mismatch::NotInitialPosition => {
                        (Law::new(self.edition, "Art. 7.1a"), "not_initial_position")
                    }
                    Mismatch::Displaced => (Law::new(self.edition, "Art. 7.5"), "displaced"),
                };
                Body::Ruling {
                    law: law.to_string(),
                    kind: kind.into(),
                    squares: squares.iter().map(Square::to_string).collect(),
                    restore: restore.to_fen_board(),
                }
            }
            Reading::Restored { .. } => Body::Board {
                connected: true,
                placement: Some(self.rec.physical().to_fen_board()),
                orientation: self.rec.orientation().map(orientation_name),
                port: None,
            },
        };
        self.hub.publish(body);
    }

    fn position_after(&self, ply: usize) -> Position {
        let mut pos = Position::startpos();
        for &mv in self.rec.moves().iter().take(ply) {
            if pos.play(mv).is_err() {
                break;
            }
        }
        pos
    }

    fn position_before(&self, ply: usize) -> Position {
        self.position_after(ply.saturating_sub(1))
    }
}

/// The placement a board shows in the initial position, as the simulator and tests need it.
pub fn start_placement() -> Placement {
    Placement::start()
}
