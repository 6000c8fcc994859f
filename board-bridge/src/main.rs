//! `board-bridge`: serves the page and streams a DGT board's touches and moves to it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use arbiter_core::Color;
use arbiter_core::arbiter::{GameConfig, Impairment};
use arbiter_core::clock::{Millis, TimeControl, Timing};
use arbiter_core::dgt::board::{Orientation, Placement};
use arbiter_core::dgt::reconstruct::Completion;
use arbiter_core::laws::Edition;
use board_bridge::game::{BoardLine, GameTask};
use board_bridge::hub::{Hub, HubClock};
use board_bridge::referee::Referee;
use board_bridge::serial::{LinkSettings, PortChoice};
use board_bridge::server::{ServerSettings, router};
use board_bridge::session::{Seat, Session};
use board_bridge::simulator::{self, FakeBoard, Pace, Realism};
use clap::Parser;

/// Small allocations are freed and made on every message (its JSON, its log line): mimalloc
/// keeps them in per-size pages instead of merging free blocks as the system's allocator does
/// when a larger block is asked for (see the dependency's note in Cargo.toml).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Streams a DGT sensor board to the Arbiter page over a WebSocket.
#[derive(Debug, Parser)]
#[command(version)]
struct Cli {
    /// Serial port of the board, a Chessnut board's USB HID node (/dev/hidrawN, Linux only),
    /// or `auto` to look for one among both (and keep looking).
    #[arg(long, default_value = "auto")]
    port: String,
    /// Read --port as a Chessnut board's USB HID node even when its name is not /dev/hidrawN
    /// (a node passed on under another name). Reading the node needs the right to it: a udev
    /// rule such as `SUBSYSTEM=="hidraw", ATTRS{idVendor}=="2d80", MODE="0660",
    /// GROUP="plugdev"`.
    #[arg(long)]
    hid: bool,
    /// Address to serve on. Binds loopback unless told otherwise.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Play this PGN on a simulated board in a pseudo-terminal instead of using hardware.
    #[arg(long, value_name = "PGN")]
    simulate: Option<PathBuf>,
    /// Keep the event log in this folder; a restarted bridge continues the game found there.
    #[arg(long, value_name = "DIR")]
    log: Option<PathBuf>,
    /// Serve the page from this folder instead of the one `cargo xtask web` builds (www/dist).
    #[arg(long, value_name = "DIR")]
    www: Option<PathBuf>,
    /// How many pages may be connected at once; more are refused with the reason.
    #[arg(long, default_value_t = board_bridge::server::MAX_PAGES)]
    max_pages: usize,
    /// How many HTTP connections are served at once; one more is answered 503 with
    /// Retry-After (a page's stream, once open, counts among --max-pages instead).
    #[arg(long, default_value_t = board_bridge::server::listen::MAX_CONNECTIONS)]
    max_connections: usize,
    /// How many may read a game's /events.jsonl at once; more are answered 503 with
    /// Retry-After.
    #[arg(long, default_value_t = board_bridge::server::MAX_LOG_READERS)]
    max_log_readers: usize,
    /// A site allowed to open the WebSocket besides the bridge's own page (repeatable).
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Quiet time after the last sensor change before a move counts as made, ms (no clock).
    #[arg(long, default_value_t = 250)]
    settle_ms: u64,
    /// A DGT clock is attached: its lever press completes each move (2005 Art. 6.8a), and it
    /// shows the game's clock.
    #[arg(long)]
    clock: bool,
    /// Without a clock, a move settled on the board waits for a press on the page instead of
    /// completing itself (casual play is the default).
    #[arg(long)]
    no_auto_press: bool,
    /// Edition of the Laws: 2005 or 2023.
    #[arg(long, default_value = "2005")]
    edition: String,
    /// Minutes on each clock.
    #[arg(long, default_value_t = 90)]
    minutes: u64,
    /// Seconds added after each move (Fischer increment).
    #[arg(long, default_value_t = 30)]
    increment: u64,
    /// The whole game setup as the core's GameConfig JSON (overrides edition and times).
    #[arg(long, value_name = "FILE")]
    game_config: Option<PathBuf>,
    /// The second board of a visually impaired player (2005 App. F1), on this serial port.
    #[arg(long, value_name = "PATH")]
    blind_port: Option<String>,
    /// The colour of the visually impaired player on the second board.
    #[arg(long, default_value = "black")]
    blind_color: String,
    /// With --hall: each board's game waits for the arbiter's start (`HallBoard::start`) instead
    /// of starting at Black's press on its DGT clock or at its first move.
    #[arg(long)]
    arbiter_starts: bool,
    /// Serve DGT LiveChess's local API (v1.0) for the board, or every board of the hall, at
    /// this address (alone: LiveChess's own, 127.0.0.1:1982).
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = board_bridge::livechess::DEFAULT_ADDR)]
    livechess: Option<std::net::SocketAddr>,
    /// Run every board of a tournament hall, as this file lists them (board-bridge/src/hall).
    #[arg(long, value_name = "HALL.toml")]
    hall: Option<PathBuf>,
    /// With --hall: push the round to this Lichess Broadcasts round after each change.
    #[arg(long, value_name = "ROUND_ID", requires = "token_file")]
    push_lichess: Option<String>,
    /// The file holding the Lichess API token for --push-lichess.
    #[arg(long, value_name = "FILE")]
    token_file: Option<PathBuf>,
    /// The broadcast server's address for --push-lichess (Lichess's by default).
    #[arg(long, value_name = "URL")]
    push_url: Option<String>,
    /// With --hall: keep the arbiter's token in this file (made owner-only when missing);
    /// by default beside the logs (`--log`), else drawn afresh for the run.
    #[arg(long, value_name = "FILE")]
    arbiter_token_file: Option<PathBuf>,
}

fn game_config(cli: &Cli) -> anyhow::Result<GameConfig> {
    if let Some(path) = &cli.game_config {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        return serde_json::from_str(&text)
            .with_context(|| format!("{} is not a game setup", path.display()));
    }
    let edition = match cli.edition.as_str() {
        "2005" => Edition::Fide2005,
        "2023" => Edition::Fide2023,
        other => anyhow::bail!("--edition {other}: expected 2005 or 2023"),
    };
    let timing = if cli.increment == 0 {
        Timing::None
    } else {
        Timing::Increment(Millis::seconds(cli.increment))
    };
    Ok(GameConfig::new(
        edition,
        TimeControl::sudden_death(Millis::minutes(cli.minutes), timing),
    ))
}

/// Raises the open-file limit to the most the system allows this process: each board's port,
/// each page and each log take a descriptor, and a 200-board hall needs over a thousand, more
/// than the usual default soft limit of 1,024.
fn raise_open_files() {
    use nix::sys::resource::{Resource, getrlimit, setrlimit};
    let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) else {
        return;
    };
    if soft < hard
        && let Err(e) = setrlimit(Resource::RLIMIT_NOFILE, hard, hard)
    {
        eprintln!(
            "board-bridge: cannot raise the open-file limit from {soft} to {hard} ({e}); \
             a large hall may run out of descriptors"
        );
    }
}

/// The open-file limit in force (the soft one).
fn open_files_limit() -> Option<u64> {
    nix::sys::resource::getrlimit(nix::sys::resource::Resource::RLIMIT_NOFILE)
        .ok()
        .map(|(soft, _)| soft)
}

/// Starts a board's link as a task of the runtime that serves the pages (see [`main`]).
fn spawn_link(port: PortChoice, line: BoardLine, clock: HubClock) {
    tokio::spawn(board_bridge::serial::run(
        port,
        LinkSettings::default(),
        line,
        clock,
    ));
}

/// `--hall`: every board of the hall file, in one process.
fn run_hall(cli: &Cli, hall: PathBuf) -> anyhow::Result<()> {
    let push = match (&cli.push_lichess, &cli.token_file) {
        (Some(round), Some(file)) => Some(board_bridge::hall::push::PushSettings::new(
            round.clone(),
            cli.push_url.clone(),
            file,
        )?),
        _ => None,
    };
    let options = board_bridge::hall::HallOptions {
        hall,
        log: cli.log.clone(),
        completing: board_bridge::hall::board::Completing {
            clock: cli.clock,
            settle_ms: cli.settle_ms,
            arbiter_starts: cli.arbiter_starts,
        },
        push,
        arbiter_token_file: cli.arbiter_token_file.clone(),
        livechess: cli.livechess,
    };
    let settings = ServerSettings {
        allowed_origins: cli.allow_origin.clone(),
        www: cli.www.clone(),
        max_pages: cli.max_pages,
        seats: None,
        max_log_readers: cli.max_log_readers,
        max_connections: cli.max_connections,
    };
    board_bridge::hall::run(options, cli.listen, settings)
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    raise_open_files();
    if let Some(hall) = &cli.hall {
        if let Some(limit) = open_files_limit()
            && limit < 4096
        {
            // Measured: a 200-board hall held 1,212 descriptors, about 6 a board.
            eprintln!(
                "board-bridge: the open-file limit is {limit}: a hall of more than about {} boards may find some boards it cannot open (each says so); raise it with ulimit -n",
                limit.saturating_sub(200) / 6
            );
        }
        return run_hall(&cli, hall.clone());
    }
    if cli.push_lichess.is_some() {
        anyhow::bail!("--push-lichess pushes a hall's round: give --hall HALL.toml too");
    }
    let mut config = game_config(&cli)?;
    let blind = match cli.blind_color.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        other => anyhow::bail!("--blind-color {other}: expected white or black"),
    };
    if cli.blind_port.is_some() && !config.visually_impaired.iter().any(|i| i.player == blind) {
        config.visually_impaired.push(Impairment {
            player: blind,
            tactile_board: true,
        });
    }
    // A log that holds a game keeps the setup it began with.
    let hub = match &cli.log {
        Some(dir) => Hub::open(dir, config)
            .with_context(|| format!("opening the event log in {}", dir.display()))?,
        None => Hub::in_memory(config),
    };
    for notice in hub.notices() {
        eprintln!("board-bridge: {notice}");
    }
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
        // Until the bridge serves and catches a stop, one would leave the link behind.
        board_bridge::server::listen::hold_stop_signals();
        let board = FakeBoard::start(&link, Placement::start(), Orientation::Normal)
            .context("opening a pseudo-terminal")?;
        let realism = Realism {
            clock: cli.clock,
            // Castling rook first breaks touch-move (2005 Art. 4.4b); the demo plays it right.
            rook_first_castling: false,
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
        anyhow::ensure!(
            !cli.hid,
            "--hid says how to read the node given with --port: name it (--port PATH)"
        );
        PortChoice::Auto
    } else if cli.hid {
        PortChoice::Hid(cli.port.clone())
    } else {
        PortChoice::Path(cli.port.clone())
    };

    let referee =
        Referee::new(hub, !cli.no_auto_press).map_err(|e| anyhow::anyhow!("game setup: {e}"))?;
    // What the shells outside the game's task keep of it (its clock, its setup).
    let facts = referee.hub().facts();
    let main_seat = if cli.blind_port.is_some() {
        Seat::Main { sighted: !blind }
    } else {
        Seat::Only
    };
    // The game's task owns the boards' sessions; each board's link reads its port for it.
    let mut game = GameTask::new(referee);
    let handle = game.handle();
    let mut session = Session::seated(game.referee(), completion, main_seat);
    let mut links = Vec::with_capacity(2);
    let mut impaired_line = None;
    if let Some(path) = &cli.blind_port {
        // The visually impaired player's board has no clock of its own: his move counts as made
        // once it stands on the board (App. F2.3). Without a clock it then completes itself
        // after the settle time; with the DGT clock on the main board, his lever press completes
        // it and starts his opponent's clock, as it does for the sighted player.
        let seat = Seat::Blind { player: blind };
        let settle = Completion::Settle {
            settle_ms: cli.settle_ms,
        };
        let mut impaired = Session::seated(game.referee(), settle, seat);
        if cli.clock {
            impaired = impaired.pressed_by_lever();
        }
        let line = game.board(impaired);
        session = session.with_partner();
        links.push((PortChoice::Path(path.clone()), line.clone()));
        impaired_line = Some(line);
    }
    let main_line = game.board(session);
    if let Some(impaired) = &impaired_line {
        game.partner(&main_line, impaired);
    }
    links.push((port, main_line));

    // One thread serves the boards and every page: bytes read from a port are decoded, refereed,
    // logged and written to the pages' sockets before the thread waits again, with no hand-over
    // between threads on a move's way (the work per message is small).
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(cli.listen)
            .await
            .with_context(|| format!("listening on {}", cli.listen))?;
        let addr = listener.local_addr()?;
        let settings = ServerSettings {
            allowed_origins: cli.allow_origin.clone(),
            www: cli.www.clone(),
            max_pages: cli.max_pages,
            // The seats' keys (kept beside the log), their links printed for the arbiter.
            seats: Some(board_bridge::keys::single_board(cli.log.as_deref(), addr, &cli.allow_origin)
                .context("the seats' keys")?),
            max_log_readers: cli.max_log_readers,
            max_connections: cli.max_connections,
        };
        if settings.www.is_none() && !board_bridge::assets::has_page() {
            eprintln!("board-bridge: the page is not built (`cargo xtask web` builds it into www/dist); serving the stream only");
        }
        eprintln!("board-bridge: serving http://{addr}/ (stream at ws://{addr}/ws)");
        for (port, line) in links {
            spawn_link(port, line, facts.clock);
        }
        // The game's task: its boards' rounds, flag falls and other deadlines of the game
        // when nothing else happens, and the log's time line while a clock runs.
        tokio::spawn(game.run());
        if let Some(at) = cli.livechess {
            let boards = board_bridge::livechess::single(
                facts.clock,
                handle.clone(),
                if cli.simulate.is_some() { "simulated".into() } else { cli.port.clone() },
            );
            tokio::spawn(async move {
                if let Err(e) = board_bridge::livechess::serve(at, boards).await {
                    eprintln!("board-bridge: {e:#}");
                }
            });
        }
        let app = router(facts, handle, addr, &settings);
        let bounds = settings.bounds();
        board_bridge::server::serve_with(listener, app, bounds)
            .await
            .context("serving")?;
        tokio::time::sleep(Duration::from_millis(10)).await;
        anyhow::Ok(())
    })
}
