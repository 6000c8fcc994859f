//! The floors: a bare relay (pty read -> WebSocket frame, no work) in a process of its own, in
//! its plain, settle and confirming modes, and its latencies over the same sequences as the
//! bridge's.

use std::time::{Duration, Instant};

use board_bridge::simulator::{self, Action, FakeBoard};

use crate::client::wait_for_any;
use crate::common::*;
use crate::steps::{Through, WARM_UP, counted, latencies, press_sequence, touch_sequence};

/// Whether the floor's relay reads its port without ever sleeping (`BENCH_FLOOR=spin`): what
/// the floor would be with a reader always on a core (it then takes one).
pub(crate) fn spinning_floor() -> bool {
    std::env::var("BENCH_FLOOR").is_ok_and(|v| v == "spin")
}

/// The floor: a bare relay in a process of its own (this bench binary, started with
/// `LATENCY_RELAY=<port>,<addr>`), doing no work: each read from the pty goes out at once as one
/// WebSocket text frame (the byte count) to its one client. It opens the port as the bridge
/// does and switches the board's reports on; that is all.
///
/// With `settle` (`LATENCY_RELAY_SETTLE_US`), the floor of a settled move: like the bridge, it
/// waits until no byte has come for the settle time, measured from the read of the last one (a
/// `timerfd` set again at each read, the bridge's own [`board_bridge::alarm::Alarm`]), and
/// then sends one frame with the bytes read since its last.
///
/// With `confirm` (`LATENCY_RELAY_CONFIRM_US`), the floor of a confirmed touch: like the bridge's
/// noise gate, it waits the board's scan after a field update, asks the board for a full read
/// (one `SEND_BRD` byte) and sends its frame once the whole dump (67 bytes) has come back. It
/// decodes nothing: the round trip every confirmed update needs, and no work.
///
/// With `log` (`LATENCY_RELAY_LOG`, a file), the floor of the house's rule that a page is sent
/// only what the game's log holds: each read is first appended to the file as one line of the
/// size of the bridge's event line (one `write`), then sent; a thread of its own puts the file
/// on the disk (`fdatasync`) after, as the bridge's syncer does. It decides nothing.
pub(crate) fn relay(
    port: &str,
    listen: &str,
    settle: Option<Duration>,
    confirm: Option<Duration>,
    log: Option<std::path::PathBuf>,
) {
    use futures_util::SinkExt;
    use std::os::fd::AsRawFd;
    use tokio::io::unix::AsyncFd;
    use tokio_tungstenite::tungstenite::Message;
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen).await.expect("bind");
        let tty = board_bridge::serial::open(port).expect("the pty");
        let fd = tty.as_raw_fd();
        let mut setup = Vec::new();
        arbiter_core::dgt::codec::Command::Update(arbiter_core::dgt::codec::UpdateMode::Nice)
            .encode(&mut setup);
        nix::unistd::write(fd, &setup).expect("switch reports on");
        let flags = nix::fcntl::OFlag::from_bits_truncate(
            nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_GETFL).expect("flags"),
        );
        nix::fcntl::fcntl(
            fd,
            nix::fcntl::FcntlArg::F_SETFL(flags | nix::fcntl::OFlag::O_NONBLOCK),
        )
        .expect("non-blocking");
        // SAFETY: the TTYPort owns its descriptor and closes it only when dropped, which is
        // when the AsyncFd holding it is dropped, as in the bridge's own link.
        let tty = unsafe { AsyncFd::register(tty) }
            .map_err(|e| e.into_parts().1)
            .expect("poller");
        let mut alarm = board_bridge::alarm::Alarm::new().expect("alarm");
        let mut log = log.map(LogFloor::open);
        let (tcp, _) = listener.accept().await.expect("a client");
        let _ = tcp.set_nodelay(true);
        let mut ws = tokio_tungstenite::accept_async(tcp)
            .await
            .expect("websocket");
        let mut buf = [0u8; 1024];
        // Bytes read and not yet sent (settle mode: since the last frame).
        let mut unsent = 0usize;
        if spinning_floor() {
            // Never asleep: the port read again and again, the settle's end watched on the
            // clock; what a reader that is always on a core would see.
            let settle = settle.unwrap_or(Duration::ZERO);
            let mut quiet_at: Option<Instant> = None;
            loop {
                match nix::unistd::read(tty.get_ref().as_raw_fd(), &mut buf) {
                    Ok(0) => return,
                    Ok(n) => {
                        unsent += n;
                        quiet_at = Some(Instant::now() + settle);
                    }
                    Err(nix::errno::Errno::EAGAIN) => {}
                    Err(_) => return,
                }
                if quiet_at.is_some_and(|at| Instant::now() >= at) {
                    quiet_at = None;
                    let frame = Message::Text(std::mem::take(&mut unsent).to_string().into());
                    if ws.send(frame).await.is_err() {
                        return;
                    }
                }
                std::hint::spin_loop();
            }
        }
        if let Some(scan) = confirm {
            return confirming_relay(&tty, &mut alarm, &mut ws, scan).await;
        }
        loop {
            // Bytes first when both are ready, as in the bridge: a byte at the deadline
            // restarts the settle.
            let read = tokio::select! {
                biased;
                ready = tty.readable() => {
                    let mut ready = ready.expect("readable");
                    ready.try_io(|p| {
                        nix::unistd::read(p.get_ref().as_raw_fd(), &mut buf)
                            .map_err(std::io::Error::from)
                    })
                }
                rung = alarm.rung(), if unsent > 0 => {
                    rung.expect("alarm");
                    let frame = Message::Text(std::mem::take(&mut unsent).to_string().into());
                    if ws.send(frame).await.is_err() {
                        return;
                    }
                    continue;
                }
            };
            match read {
                Ok(Ok(0)) | Ok(Err(_)) => return,
                Ok(Ok(n)) => match settle {
                    Some(settle) => {
                        unsent += n;
                        alarm.set(settle).expect("set the alarm");
                    }
                    None => {
                        if let Some(log) = &mut log {
                            log.append(n);
                        }
                        if ws.send(Message::Text(n.to_string().into())).await.is_err() {
                            return;
                        }
                    }
                },
                Err(_would_block) => {}
            }
        }
    });
}

/// What brings the logging floor's line to the length of the bridge's (no allocation a line).
const PAD: &str =
    "------------------------------------------------------------------------------------------";

/// The logging floor's file: a line written for each read before its frame is sent, and a
/// thread that syncs what was written (see [`relay`]).
struct LogFloor {
    file: std::fs::File,
    line: Vec<u8>,
    seq: u64,
    sync: std::sync::mpsc::Sender<()>,
}

impl LogFloor {
    fn open(path: std::path::PathBuf) -> Self {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .expect("the floor's log");
        let syncer = file.try_clone().expect("the log again");
        let (sync, asked) = std::sync::mpsc::channel::<()>();
        std::thread::spawn(move || {
            while asked.recv().is_ok() {
                // Every ask that came meanwhile is answered by the one sync.
                while asked.try_recv().is_ok() {}
                let _ = syncer.sync_data();
            }
        });
        Self {
            file,
            line: Vec::with_capacity(256),
            seq: 0,
            sync,
        }
    }

    /// One line for a read of `n` bytes, of the length of the bridge's line for a move made by
    /// a press (about 190 bytes), written whole, and the syncer woken.
    fn append(&mut self, n: usize) {
        use std::io::Write;
        self.seq += 1;
        self.line.clear();
        let _ = write!(
            self.line,
            r#"{{"seq":{},"at":{},"source":"board","event":{{"kind":"press_clock","side":"white","read":{n}}},"pad":"{PAD}"}}"#,
            self.seq,
            self.seq * 1000,
        );
        self.line.push(b'\n');
        self.file
            .write_all(&self.line)
            .expect("the floor's log is written");
        let _ = self.sync.send(());
    }
}

/// The confirming relay's loop (see [`relay`]): an update read arms the scan's alarm; when it
/// rings, one `SEND_BRD` goes to the board, and the frame goes out when the dump's 67 bytes are in.
pub(crate) async fn confirming_relay(
    tty: &tokio::io::unix::AsyncFd<serialport::TTYPort>,
    alarm: &mut board_bridge::alarm::Alarm,
    ws: &mut tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    scan: Duration,
) {
    use futures_util::SinkExt;
    use std::os::fd::AsRawFd;
    use tokio_tungstenite::tungstenite::Message;
    const DUMP_LEN: usize = 67;
    let mut buf = [0u8; 1024];
    // Waiting for the scan (`Some(0)`), or for the dump's bytes still to come.
    let mut awaiting: Option<usize> = None;
    let mut armed = false;
    loop {
        let read = tokio::select! {
            biased;
            ready = tty.readable() => {
                let mut ready = ready.expect("readable");
                ready.try_io(|p| {
                    nix::unistd::read(p.get_ref().as_raw_fd(), &mut buf)
                        .map_err(std::io::Error::from)
                })
            }
            rung = alarm.rung(), if armed => {
                rung.expect("alarm");
                armed = false;
                nix::unistd::write(tty.get_ref().as_raw_fd(), &[0x42]).expect("ask for the board");
                awaiting = Some(DUMP_LEN);
                continue;
            }
        };
        let n = match read {
            Ok(Ok(0)) | Ok(Err(_)) => return,
            Ok(Ok(n)) => n,
            Err(_would_block) => continue,
        };
        match awaiting {
            Some(left) if left > 0 => {
                let left = left.saturating_sub(n);
                awaiting = Some(left);
                if left == 0 {
                    awaiting = None;
                    if ws
                        .send(Message::Text(DUMP_LEN.to_string().into()))
                        .await
                        .is_err()
                    {
                        return;
                    }
                }
            }
            _ => {
                // An update (or the clock): its confirming read is asked for after the scan.
                if !armed {
                    alarm.set(scan).expect("set the alarm");
                    armed = true;
                }
                awaiting = Some(0);
            }
        }
    }
}

/// A relay process on `board`'s pty and a client of it; with `settle`, in its settle mode.
// The child is handed to the caller, which kills and waits for it when done.
#[allow(clippy::zombie_processes)]
pub(crate) async fn start_relay(
    board: &FakeBoard,
    settle: Option<Duration>,
) -> (std::process::Child, Ws) {
    start_relay_with(board, settle, None, None).await
}

/// [`start_relay`], and with `confirm` the confirming relay (see [`relay`]).
// The child is handed to the caller, which kills and waits for it when done.
#[allow(clippy::zombie_processes)]
pub(crate) async fn start_relay_with(
    board: &FakeBoard,
    settle: Option<Duration>,
    confirm: Option<Duration>,
    log: Option<&std::path::Path>,
) -> (std::process::Child, Ws) {
    let addr = format!("127.0.0.1:{}", free_port());
    let mut command = std::process::Command::new(std::env::current_exe().expect("this bench"));
    command.env(
        "LATENCY_RELAY",
        format!("{},{addr}", board.path().display()),
    );
    if let Some(settle) = settle {
        command.env("LATENCY_RELAY_SETTLE_US", settle.as_micros().to_string());
    }
    if let Some(confirm) = confirm {
        command.env("LATENCY_RELAY_CONFIRM_US", confirm.as_micros().to_string());
    }
    if let Some(log) = log {
        command.env("LATENCY_RELAY_LOG", log);
    }
    let mut child = command.spawn().expect("the relay");
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        if let Ok((ws, _)) = tokio_tungstenite::connect_async(format!("ws://{addr}/")).await {
            return (child, ws);
        }
        if Instant::now() >= give_up {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the relay never listened");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A board for the relay, with the clock's first reading when `clock`.
pub(crate) fn relay_board(name: &str, clock: bool) -> (Scratch, FakeBoard) {
    let scratch = Scratch::new(name);
    let board = FakeBoard::start(
        &scratch.path("board"),
        arbiter_core::dgt::board::Placement::start(),
        arbiter_core::dgt::board::Orientation::Normal,
    )
    .expect("pty");
    if clock {
        board.queue([Action::Clock(simulator::initial_clock())]);
    }
    (scratch, board)
}

/// The relay's latencies for the touch bench's sequence (`n` counted steps after the warm-up).
pub(crate) async fn relay_touches(n: usize) -> Vec<Duration> {
    let (_scratch, board) = relay_board("bench-relay-touch", false);
    let (mut child, mut ws) = start_relay(&board, None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let steps = touch_sequence(&board, &mut ws, Through::Relay, n + WARM_UP).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&counted(steps))
}

/// The confirming relay's latencies for the touch bench's sequence: the floor of a touch that
/// only a full read made one scan after it confirms (2005 Art. 4.3: noise is no touch).
pub(crate) async fn confirming_relay_touches(n: usize) -> Vec<Duration> {
    let (_scratch, board) = relay_board("bench-relay-confirm", false);
    let scan = Duration::from_millis(arbiter_core::dgt::gate::SCAN_MS);
    let (mut child, mut ws) = start_relay_with(&board, None, Some(scan), None).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let steps = touch_sequence(&board, &mut ws, Through::Relay, n + WARM_UP).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&counted(steps))
}

/// The relay's latencies for the press bench's sequence; with `logged`, the logging relay's.
pub(crate) async fn relay_presses(n: usize, logged: bool) -> Vec<Duration> {
    let name = if logged {
        "bench-relay-press-log"
    } else {
        "bench-relay-press"
    };
    let (scratch, board) = relay_board(name, true);
    let log = scratch.path("floor.log");
    let log = logged.then_some(log.as_path());
    let (mut child, mut ws) = start_relay_with(&board, None, None, log).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The initial clock reading, if the relay saw it.
    let _ = tokio::time::timeout(Duration::from_millis(200), wait_for_any(&mut ws)).await;
    let steps = press_sequence(&board, &mut ws, Through::Relay, n + WARM_UP).await;
    let _ = child.kill();
    let _ = child.wait();
    latencies(&counted(steps))
}
