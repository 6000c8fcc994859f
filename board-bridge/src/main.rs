//! `board-bridge`: serves the page and streams a DGT board's touches and moves to it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::dgt::reconstruct::Completion;
use board_bridge::hub::Hub;
use board_bridge::serial::{LinkSettings, PortChoice};
use board_bridge::server::{ServerSettings, router};
use board_bridge::session::Session;
use board_bridge::simulator::{self, FakeBoard, Pace, Realism};
use clap::Parser;

/// Streams a DGT sensor board to the Arbiter page over a WebSocket.
#[derive(Debug, Parser)]
#[command(version)]
struct Cli {
    /// Serial port of the board, or `auto` to look for one (and keep looking).
    #[arg(long, default_value = "auto")]
    port: String,
    /// Address to serve on. Binds loopback unless told otherwise.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Play this PGN on a simulated board in a pseudo-terminal instead of using hardware.
    #[arg(long, value_name = "PGN")]
    simulate: Option<PathBuf>,
    /// Keep the event log in this folder; a restarted bridge continues the game found there.
    #[arg(long, value_name = "DIR")]
    log: Option<PathBuf>,
    /// Serve the page from this folder instead of the copy built into the binary.
    #[arg(long, value_name = "DIR")]
    www: Option<PathBuf>,
    /// A site allowed to open the WebSocket besides the bridge's own page (repeatable).
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Quiet time after the last sensor change before a move counts as made, ms (no clock).
    #[arg(long, default_value_t = 250)]
    settle_ms: u64,
    /// A DGT clock is attached: its lever press completes each move (2005 Art. 6.8a).
    #[arg(long)]
    clock: bool,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let hub = match &cli.log {
        Some(dir) => {
            Hub::open(dir).with_context(|| format!("opening the event log in {}", dir.display()))?
        }
        None => Hub::in_memory(),
    };
    let completion = if cli.clock {
        Completion::ClockPress
    } else {
        Completion::Settle {
            settle_ms: cli.settle_ms,
        }
    };

    let mut _simulated = None;
    let port = if let Some(pgn_path) = &cli.simulate {
        let pgn =
            std::fs::read(pgn_path).with_context(|| format!("reading {}", pgn_path.display()))?;
        let moves = simulator::moves_of_pgn(&pgn)
            .with_context(|| format!("reading the game in {}", pgn_path.display()))?;
        let link = std::env::temp_dir().join(format!("board-bridge-sim-{}", std::process::id()));
        let board = FakeBoard::start(&link, Placement::start(), Orientation::Normal)
            .context("opening a pseudo-terminal")?;
        let realism = Realism {
            clock: cli.clock,
            unplug_after_ply: None,
            ..Realism::all()
        };
        board.queue(simulator::script_game(&moves, realism, Pace::default()));
        eprintln!(
            "board-bridge: simulated board at {} playing {} plies",
            link.display(),
            moves.len()
        );
        _simulated = Some(board);
        PortChoice::Path(link.to_string_lossy().into_owned())
    } else if cli.port == "auto" {
        PortChoice::Auto
    } else {
        PortChoice::Path(cli.port.clone())
    };

    let session = Session::new(hub.clone(), completion);
    let clock_hub = hub.clone();
    std::thread::Builder::new()
        .name("serial".into())
        .spawn(move || {
            board_bridge::serial::run(port, LinkSettings::default(), session, move || {
                clock_hub.now_ms()
            })
        })
        .context("starting the serial thread")?;

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(cli.listen)
            .await
            .with_context(|| format!("listening on {}", cli.listen))?;
        let addr = listener.local_addr()?;
        let settings = ServerSettings { allowed_origins: cli.allow_origin.clone(), www: cli.www.clone() };
        if settings.www.is_none() && !board_bridge::assets::has_page() {
            eprintln!("board-bridge: no page built in (www/ was empty at build time); serving the stream only");
        }
        eprintln!("board-bridge: serving http://{addr}/ (stream at ws://{addr}/ws)");
        let app = router(hub, addr, &settings);
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("serving")?;
        tokio::time::sleep(Duration::from_millis(10)).await;
        anyhow::Ok(())
    })
}
