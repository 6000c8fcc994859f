//! The game as answers to a GET: `/games.pgn` and `/events.jsonl`, with the CORS header an
//! allowed site's page needs.

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{AppendHeaders, IntoResponse, Response};
use tokio::io::{AsyncBufReadExt, AsyncReadExt};

use super::App;
use super::listen::RETRY_AFTER_S;
use super::public::may_hold_secret;
use super::ws::lock_public;
use crate::hub::LogSource;

/// The CORS header that lets a page of an allowed site read what it asks for (the event log
/// its board replays), or none for other sites.
fn cors(app: &App, headers: &HeaderMap) -> AppendHeaders<Vec<(header::HeaderName, String)>> {
    let origin = headers
        .get(header::ORIGIN)
        .and_then(|o| o.to_str().ok())
        .map(|o| o.trim_end_matches('/').to_owned());
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let mut out = vec![(header::VARY, "origin".to_owned())];
    if let Some(o) = origin.filter(|o| app.gate.origin_ok(o, host)) {
        out.push((header::ACCESS_CONTROL_ALLOW_ORIGIN, o));
    }
    AppendHeaders(out)
}

pub(super) async fn games_pgn(State(app): State<App>, headers: HeaderMap) -> Response {
    let Some(text) = crate::pgn::game_pgn(&app.game).await else {
        return (StatusCode::GONE, crate::game::ENDED).into_response();
    };
    (
        cors(&app, &headers),
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        text,
    )
        .into_response()
}

/// The event log as the core's log format, in its public view: the full log stays on disk,
/// and a line that holds a secret (the sealed move's envelope, the arbiter's passphrase) is
/// served as [`super::PublicLog`] has it.
///
/// The file is streamed up to the lines written when it was asked, a chunk at a time, so a
/// reader costs a chunk of memory whatever the log's size; at most [`super::MAX_LOG_READERS`]
/// read at once (more are told to come back, 503 with `Retry-After`), and a reader that takes
/// more than [`READER_IDLE`] over a chunk is dropped.
pub(super) async fn events_jsonl(State(app): State<App>, headers: HeaderMap) -> Response {
    let Ok(reader) = app.readers.clone().try_acquire_owned() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::RETRY_AFTER, RETRY_AFTER_S.to_string())],
            format!(
                "the event log already has {} readers, the most this bridge serves at once; \
                 try again in {RETRY_AFTER_S} s",
                app.max_readers
            ),
        )
            .into_response();
    };
    let mut length = None;
    // How far the log goes, as the game's task says; it is read here, outside the task.
    let Some(source) = app.game.act(|r| r.hub().log_source()).await else {
        return (StatusCode::GONE, crate::game::ENDED).into_response();
    };
    let body = match &source {
        LogSource::Memory(lines) => {
            let mut public = lock_public(&app);
            let mut out = String::new();
            for line in lines.iter() {
                push_public(&mut out, line, &mut public, &source);
            }
            Body::from(out)
        }
        LogSource::File(path, len) => {
            let len = *len;
            let open = |app: App| {
                let path = path.clone();
                let source = source.clone();
                async move {
                    let file = tokio::fs::File::open(&path).await?;
                    Ok::<_, std::io::Error>(Chunks {
                        lines: tokio::io::BufReader::new(file.take(len)),
                        app,
                        source,
                        last: tokio::time::Instant::now(),
                    })
                }
            };
            // Read once to know the public view's length (the answer says it, as a file's
            // would), then again to send it: twice the reading, never the log in memory.
            let counted = async {
                let mut chunks = open(app.clone()).await?;
                let mut total = 0u64;
                while let Some(chunk) = chunks.chunk().await? {
                    total += chunk.len() as u64;
                }
                let chunks = open(app.clone()).await?;
                Ok::<_, std::io::Error>((total, chunks))
            };
            match counted.await {
                Ok((total, chunks)) => {
                    length = Some(total);
                    let paced = (chunks, reader);
                    Body::from_stream(futures_util::stream::unfold(
                        paced,
                        |(mut c, r)| async move { c.paced().await.map(|chunk| (chunk, (c, r))) },
                    ))
                }
                Err(e) => {
                    return (
                        StatusCode::INTERNAL_SERVER_ERROR,
                        format!("cannot read the event log: {e}"),
                    )
                        .into_response();
                }
            }
        }
    };
    let mut response = (
        cors(&app, &headers),
        [
            (
                header::CONTENT_TYPE,
                "application/jsonl; charset=utf-8".to_owned(),
            ),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
        ],
        body,
    )
        .into_response();
    if let Some(length) = length {
        response
            .headers_mut()
            .insert(header::CONTENT_LENGTH, header::HeaderValue::from(length));
    }
    response
}

/// How much of the log is read and sent at a time.
const CHUNK: usize = 32 * 1024;
/// The longest a reader of the log may take over one chunk before it is dropped: 32 KiB in
/// 30 s is slower than any phone on the hall's Wi-Fi.
pub const READER_IDLE: std::time::Duration = std::time::Duration::from_secs(30);

/// The log's file read a chunk of whole lines at a time, each in its public form.
struct Chunks {
    lines: tokio::io::BufReader<tokio::io::Take<tokio::fs::File>>,
    app: App,
    /// How far the log went when it was asked for.
    source: LogSource,
    /// When the last chunk was handed over.
    last: tokio::time::Instant,
}

impl Chunks {
    /// The next chunk for a reader, who is dropped if he took more than [`READER_IDLE`] over
    /// the last one (the next chunk is asked for once the last one is written to him).
    async fn paced(&mut self) -> Option<std::io::Result<String>> {
        if self.last.elapsed() > READER_IDLE {
            return Some(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the reader took too long over the log",
            )));
        }
        let chunk = self.chunk().await.transpose();
        self.last = tokio::time::Instant::now();
        chunk
    }

    /// The next chunk of whole lines, in the public view; `None` at the end.
    async fn chunk(&mut self) -> std::io::Result<Option<String>> {
        let mut raw = Vec::with_capacity(CHUNK);
        while raw.len() < CHUNK {
            if self.lines.read_until(b'\n', &mut raw).await? == 0 {
                break;
            }
        }
        if raw.is_empty() {
            return Ok(None);
        }
        let text = String::from_utf8_lossy(&raw);
        Ok(Some(if may_hold_secret(&text) {
            let mut public = lock_public(&self.app);
            let mut out = String::with_capacity(text.len());
            for line in text.split_inclusive('\n') {
                push_public(&mut out, line, &mut public, &self.source);
            }
            out
        } else {
            text.into_owned()
        }))
    }
}

/// Appends `line` (with its newline, if it has one) to `out` as the public reads it.
fn push_public(out: &mut String, line: &str, public: &mut super::PublicLog, source: &LogSource) {
    match public.line(source, line.trim_end_matches('\n')) {
        // Withheld whole (see `PublicLog::line`).
        Some(shown) if shown.is_empty() => {}
        Some(shown) => {
            out.push_str(&shown);
            if line.ends_with('\n') {
                out.push('\n');
            }
        }
        None => out.push_str(line),
    }
}
