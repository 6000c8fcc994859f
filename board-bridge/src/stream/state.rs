//! What pages see of the game: the game's state as the messages left it, for snapshots.

use std::sync::Arc;

use arbiter_core::arbiter::State;

use crate::protocol::{Body, Facing, SealingStage};

/// A move as the game record keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedMove {
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// The mover's clock after the move, ms.
    pub clock_ms: Option<u64>,
}

/// What a snapshot is built from.
#[derive(Debug, Clone, Default)]
pub struct GameState {
    /// Moves so far.
    pub moves: Vec<RecordedMove>,
    /// FEN of the current position, empty for the initial one.
    pub fen: String,
    /// Whether a board is connected.
    pub connected: bool,
    /// What the sensors show.
    pub placement: Option<String>,
    /// Which way the board lies, once known.
    pub orientation: Option<Facing>,
    /// The board's port and health as last published (`board` messages).
    pub port: Option<String>,
    /// Runs of bytes dropped since the board was connected.
    pub dropped: u64,
    /// Resynchronisations since the board was connected.
    pub resyncs: u64,
    /// A sealed move being made on the board (`sealing`, `pieces_back`).
    pub sealing: Option<SealingStage>,
    /// What the board and its clock have said of their batteries.
    pub battery: Option<arbiter_core::dgt::output::Battery>,
    /// The game's setup, once a referee has set it.
    pub config: Option<arbiter_core::arbiter::GameConfig>,
    /// The game's state as last published.
    pub state: Option<Arc<State>>,
    /// What the bridge found on start that its users should know (a cut log line set aside).
    pub notices: Vec<String>,
}

impl GameState {
    pub(crate) fn apply(&mut self, body: &Body) {
        match body {
            Body::Move {
                uci,
                san,
                fen,
                clock_ms,
                ply,
            } => {
                self.moves.truncate(ply.saturating_sub(1));
                self.moves.push(RecordedMove {
                    uci: uci.clone(),
                    san: san.clone(),
                    clock_ms: *clock_ms,
                });
                self.fen = fen.clone();
            }
            Body::Takeback { to_ply, fen } => {
                self.moves.truncate(*to_ply);
                self.fen = fen.clone();
            }
            Body::Board {
                connected,
                placement,
                orientation,
                port,
                dropped,
                resyncs,
                sealing,
                battery,
            } => {
                self.connected = *connected;
                self.battery = *battery;
                self.sealing = *sealing;
                self.port = port.clone();
                self.dropped = *dropped;
                self.resyncs = *resyncs;
                if placement.is_some() || !connected {
                    self.placement = placement.clone();
                }
                if orientation.is_some() {
                    self.orientation = *orientation;
                }
            }
            Body::State { state } => self.state = Some(state.clone()),
            _ => {}
        }
    }
}
