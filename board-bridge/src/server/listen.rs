//! Serving on a socket, with its costs bounded by the games rather than the traffic: a client
//! has [`HEADER_TIMEOUT`] to send a request's head (and an idle kept-alive connection as long
//! before it is closed), at most [`Bounds::connections`] HTTP connections are served at once,
//! and one more is answered `503` with `Retry-After` and closed. A page's WebSocket leaves the
//! count once upgraded: pages have their own cap (`--max-pages`).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// How long a client has to send a request's head, and how long a kept-alive connection may
/// wait idle for its next request: a slow client (slowloris) holds a connection no longer.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How many HTTP connections are served at once, unless told otherwise.
pub const MAX_CONNECTIONS: usize = 512;
/// What a client turned away is told to wait before it tries again, s.
pub const RETRY_AFTER_S: u64 = 5;
/// How many turned-away clients are told why at once; beyond that they are closed unanswered.
const REFUSERS: usize = 32;
/// How long a request's body may pause before the request is dropped (408).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a shutdown waits for the requests under way.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(2);

/// What a bridge serves at once.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// HTTP connections served at once (0: [`MAX_CONNECTIONS`]).
    pub connections: usize,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            connections: MAX_CONNECTIONS,
        }
    }
}

/// Serves `app` on `listener` until Ctrl-C, with the default [`Bounds`]: the single board's and
/// the hall's one way to serve.
///
/// # Errors
/// The listener fails.
pub async fn serve(listener: tokio::net::TcpListener, app: Router) -> std::io::Result<()> {
    serve_with(listener, app, Bounds::default()).await
}

/// Serves `app` on `listener` until Ctrl-C within `bounds`.
///
/// # Errors
/// The listener fails.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    app: Router,
    bounds: Bounds,
) -> std::io::Result<()> {
    let cap = if bounds.connections == 0 {
        MAX_CONNECTIONS
    } else {
        bounds.connections
    };
    let app = app.layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
        BODY_TIMEOUT,
    ));
    let slots = Arc::new(Semaphore::new(cap));
    let refusers = Arc::new(Semaphore::new(REFUSERS));
    let (stop_tx, stop) = tokio::sync::watch::channel(false);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .keep_alive(true);
    // SIGTERM (a service manager, `kill`) stops the bridge as SIGINT does, so what it holds (a
    // simulated board's link) is let go on the way out. Both are caught from here on; one sent
    // while the bridge was starting was held back (`hold_stop_signals`) and comes now.
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut term = signal(SignalKind::terminate())?;
    release_stop_signals();
    loop {
        let (tcp, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // Out of descriptors or a client gone before it was accepted: the next one may
                // do; a pause keeps a full table from spinning the loop.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = interrupt.recv() => break,
            _ = term.recv() => break,
        };
        // Each message is one small frame that must leave at once: no Nagle delay.
        let _ = tcp.set_nodelay(true);
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            if let Ok(refuser) = refusers.clone().try_acquire_owned() {
                tokio::spawn(async move {
                    turn_away(tcp, cap).await;
                    drop(refuser);
                });
            }
            continue;
        };
        // Each request knows its client's address: the arbiter's token is guessed at a pace
        // bounded per client.
        let service =
            app.clone()
                .map_request(move |mut request: hyper::Request<hyper::body::Incoming>| {
                    request
                        .extensions_mut()
                        .insert(ConnectInfo::<SocketAddr>(remote));
                    request
                });
        let connection = builder
            .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
            .with_upgrades();
        let mut stop = stop.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stop.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(slot);
        });
    }
    let _ = stop_tx.send(true);
    // The requests under way end (or the grace does): every slot back means every connection
    // closed.
    let all = u32::try_from(cap).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, slots.acquire_many(all)).await;
    Ok(())
}

/// Tells a client beyond the cap why it is not served (503, `Retry-After`) and closes. Its
/// request is read first (a little, briefly), so the close does not reset the answer away.
async fn turn_away(mut tcp: tokio::net::TcpStream, cap: usize) {
    let mut head = [0u8; 2048];
    let _ = tokio::time::timeout(Duration::from_millis(500), tcp.read(&mut head)).await;
    let body = format!(
        "this bridge already serves {cap} connections, the most it takes; try again in {RETRY_AFTER_S} s\n"
    );
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
         retry-after: {RETRY_AFTER_S}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = tcp.write_all(answer.as_bytes()).await;
        let _ = tcp.shutdown().await;
    })
    .await;
}

/// SIGINT and SIGTERM, the signals that stop the bridge.
fn stop_signals() -> nix::sys::signal::SigSet {
    use nix::sys::signal::{SigSet, Signal};
    let mut set = SigSet::empty();
    set.add(Signal::SIGINT);
    set.add(Signal::SIGTERM);
    set
}

/// Holds back SIGINT and SIGTERM in this thread and the threads it starts, until [`serve_with`]
/// catches them. Called before the bridge makes something it must remove on the way out (a
/// simulated board's link in the temporary folder): a stop sent before the bridge serves would
/// otherwise end it at once, leaving the link behind (a test caught it under load).
pub fn hold_stop_signals() {
    use nix::sys::signal::{SigmaskHow, pthread_sigmask};
    let _ = pthread_sigmask(SigmaskHow::SIG_BLOCK, Some(&stop_signals()), None);
}

/// Lets SIGINT and SIGTERM reach this thread again, once they are caught.
fn release_stop_signals() {
    use nix::sys::signal::{SigmaskHow, pthread_sigmask};
    let _ = pthread_sigmask(SigmaskHow::SIG_UNBLOCK, Some(&stop_signals()), None);
}
