//! The round pushed to Lichess Broadcasts: `POST {base}/api/broadcast/round/{id}/push`, the
//! round's PGN as text/plain with the broadcaster's token as a Bearer token, after each change
//! of the round and at most once a second; a failed push is tried again with the round as it
//! then stands, waiting twice as long each time (up to a minute). Lichess answers with one
//! line per game (its moves, or why it could not read it), which the hall page shows.
//!
//! The token is read from a file and goes only into the request's header: it is never logged,
//! shown or served.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::SharedHall;

/// Lichess's address, unless `--push-url` says another.
pub const LICHESS: &str = "https://lichess.org";
/// The shortest time between two pushes.
pub const MIN_INTERVAL: Duration = Duration::from_secs(1);
/// The longest wait before a failed push is tried again.
pub const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// Where and as whom to push.
#[derive(Clone)]
pub struct PushSettings {
    /// The broadcast round's id.
    pub round: String,
    /// The server's base address (no trailing slash).
    pub base: String,
    /// The broadcaster's API token.
    token: String,
}

impl std::fmt::Debug for PushSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushSettings")
            .field("round", &self.round)
            .field("base", &self.base)
            .field("token", &"(hidden)")
            .finish()
    }
}

impl PushSettings {
    /// Settings for round `round` at `base`, with the token read from `token_file`.
    ///
    /// # Errors
    /// The token file cannot be read or holds no token.
    pub fn new(
        round: String,
        base: Option<String>,
        token_file: &std::path::Path,
    ) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(token_file)
            .map_err(|e| anyhow::anyhow!("reading the token file {}: {e}", token_file.display()))?;
        let token = text.trim().to_owned();
        if token.is_empty() || token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            anyhow::bail!(
                "the token file {} should hold one token on one line",
                token_file.display()
            );
        }
        if round.is_empty() || !round.chars().all(|c| c.is_ascii_alphanumeric()) {
            anyhow::bail!("--push-lichess {round:?}: a round id is letters and digits");
        }
        let base = base.unwrap_or_else(|| LICHESS.to_owned());
        let base = base.trim_end_matches('/').to_owned();
        if !(base.starts_with("https://") || base.starts_with("http://")) {
            anyhow::bail!("--push-url {base}: expected an http:// or https:// address");
        }
        Ok(PushSettings { round, base, token })
    }

    /// The push endpoint.
    pub fn url(&self) -> String {
        format!("{}/api/broadcast/round/{}/push", self.base, self.round)
    }
}

/// The push as the arbiter needs to see it: when the round last reached the server, whether
/// it is failing now and since when, and each game the server could not read, kept from the
/// answer that first said so until an answer reads that game again.
#[derive(Debug, Clone, Serialize)]
pub struct PushStatus {
    /// Where the round goes (no token in it).
    pub url: String,
    /// Pushes accepted so far.
    pub pushed: u64,
    /// Attempts that failed so far.
    pub failed: u64,
    /// Whether the last attempt was accepted.
    pub ok: bool,
    /// The last answer's HTTP status, if one came.
    pub status: Option<u16>,
    /// Why the last attempt failed (none once one is accepted), for the terminal's log.
    pub error: Option<String>,
    /// Lichess's own reason when it refused the last attempt (the `error` of its JSON answer,
    /// at most [`SAID_MAX`] characters), quoted by the page after its own sentence; never the
    /// raw body, which a server that echoes the request would fill with the token.
    pub answer: Option<String>,
    /// Attempts failed since the last accepted one.
    pub failures_in_a_row: u64,
    /// When the first of those failed, Unix ms.
    pub failing_since_unix_ms: Option<u64>,
    /// When the last attempt was answered (or gave up), Unix ms.
    pub last_attempt_unix_ms: Option<u64>,
    /// When the server last accepted the round, Unix ms.
    pub last_success_unix_ms: Option<u64>,
    /// The games the server could not read, until it reads them.
    pub game_errors: Vec<GameError>,
    /// How many games the server took in its last answer.
    pub games: usize,
    /// When the next attempt is made after a failure, ms from the answer.
    pub retry_in_ms: Option<u64>,
    /// The round after which the push stopped: the hall went on to a round the arbiter gave
    /// no Lichess round for, whose games must not land in the round before's broadcast.
    pub stopped_after: Option<u32>,
}

/// A game the server could not read, as it said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameError {
    /// The game's `Round` tag as the server gave it back (`3.16`).
    pub round: String,
    /// The hall's board, when the tag names one of this round.
    pub board: Option<u32>,
    /// The server's words.
    pub error: String,
    /// The first answer that said so, Unix ms.
    pub since_unix_ms: u64,
}

/// The most of a server's words the hall shows.
pub const SAID_MAX: usize = 200;

/// What of a server's `text` may be shown on the hall page and the terminal: at most
/// [`SAID_MAX`] characters of one line, and nothing at all if it holds the `token`.
fn shown(text: &str, token: &str) -> Option<String> {
    let line: String = text
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(SAID_MAX)
        .collect();
    let leaks = !token.is_empty() && text.contains(token);
    (!line.is_empty() && !leaks).then_some(line)
}

/// Lichess's own reason in a refusal (`{"error": "..."}`), as [`shown`] lets it be.
fn refusal_reason(body: &str, token: &str) -> Option<String> {
    let value = serde_json::from_str::<serde_json::Value>(body).ok()?;
    shown(value.get("error")?.as_str()?, token)
}

/// Now, in ms since the Unix epoch: the push's times are wall-clock times, which the arbiter
/// reads as times of day (a monotonic clock means nothing on his page).
pub fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

impl PushStatus {
    fn new(url: String) -> PushStatus {
        PushStatus {
            url,
            pushed: 0,
            failed: 0,
            ok: false,
            status: None,
            error: None,
            answer: None,
            failures_in_a_row: 0,
            failing_since_unix_ms: None,
            last_attempt_unix_ms: None,
            last_success_unix_ms: None,
            game_errors: Vec::new(),
            games: 0,
            retry_in_ms: None,
            stopped_after: None,
        }
    }

    /// The server took the round (`code`, its answer `body`) at `now`; `round` is the hall's.
    fn accepted(&mut self, code: u16, body: &str, round: u32, now: u64) {
        self.pushed += 1;
        self.ok = true;
        self.status = Some(code);
        self.error = None;
        self.answer = None;
        self.failures_in_a_row = 0;
        self.failing_since_unix_ms = None;
        self.last_attempt_unix_ms = Some(now);
        self.last_success_unix_ms = Some(now);
        self.retry_in_ms = None;
        // An answer this bridge cannot read says nothing about the games: their errors stand.
        if let Some(games) = answered_games(body) {
            self.games = games.len();
            let before = std::mem::take(&mut self.game_errors);
            for (tag, error) in games {
                let Some(error) = error else { continue };
                let since = before
                    .iter()
                    .find(|e| e.round == tag)
                    .map_or(now, |e| e.since_unix_ms);
                let board = tag
                    .split_once('.')
                    .filter(|(r, _)| r.parse() == Ok(round))
                    .and_then(|(_, n)| n.parse().ok());
                self.game_errors.push(GameError {
                    round: tag,
                    board,
                    error,
                    since_unix_ms: since,
                });
            }
        }
    }

    /// The attempt at `now` failed: the server answered `code` with `said`, or did not answer
    /// and `why` says what went wrong.
    fn refused(
        &mut self,
        answered: Option<(u16, Option<String>)>,
        why: String,
        retry: Duration,
        now: u64,
    ) {
        self.failed += 1;
        self.ok = false;
        self.status = answered.as_ref().map(|(code, _)| *code);
        self.answer = answered.and_then(|(_, said)| said);
        self.error = Some(why);
        self.failures_in_a_row += 1;
        self.failing_since_unix_ms.get_or_insert(now);
        self.last_attempt_unix_ms = Some(now);
        self.retry_in_ms = Some(retry.as_millis() as u64);
    }
}

/// What one attempt gave: the status and the body, or why no answer came.
fn post(
    agent: &ureq::Agent,
    settings: &PushSettings,
    body: String,
) -> Result<(u16, String), String> {
    let mut answer = agent
        .post(settings.url())
        .header("Authorization", format!("Bearer {}", settings.token))
        .content_type("text/plain; charset=utf-8")
        .send(body)
        .map_err(|e| e.to_string())?;
    let status = answer.status().as_u16();
    let text = answer
        .body_mut()
        .with_config()
        .limit(1 << 20)
        .read_to_string()
        .unwrap_or_default();
    Ok((status, text))
}

/// Reads Lichess's answer, `{"games": [{"tags": {...}, "moves": N} | {"tags": {...}, "error": "..."}]}`:
/// each game's `Round` tag and its error, if it had one; `None` for an answer of another form.
fn answered_games(body: &str) -> Option<Vec<(String, Option<String>)>> {
    let value = serde_json::from_str::<serde_json::Value>(body).ok()?;
    let games = value.get("games")?.as_array()?;
    Some(
        games
            .iter()
            .map(|g| {
                let round = g["tags"]["Round"].as_str().unwrap_or("?").to_owned();
                (round, g["error"].as_str().map(str::to_owned))
            })
            .collect(),
    )
}

/// Says on the arbiter's terminal which games the server began or stopped refusing.
fn tell_game_errors(before: &[GameError], now: &[GameError]) {
    for e in now
        .iter()
        .filter(|e| !before.iter().any(|b| b.round == e.round))
    {
        eprintln!(
            "board-bridge: the broadcast could not read game {}: {}",
            e.round, e.error
        );
    }
    for e in before
        .iter()
        .filter(|b| !now.iter().any(|e| e.round == b.round))
    {
        eprintln!("board-bridge: the broadcast reads game {} again", e.round);
    }
}

/// Pushes the round after each change, for as long as the hall runs.
pub async fn run(hall: SharedHall, mut settings: PushSettings) {
    let tls = ureq::tls::TlsConfig::builder()
        .root_certs(ureq::tls::RootCerts::PlatformVerifier)
        .build();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .tls_config(tls)
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into();
    let mut changes = hall.watch_changes();
    let mut last_sent: Option<String> = None;
    let mut last_at: Option<Instant> = None;
    let mut status = PushStatus::new(settings.url());
    // Shown at once: the hall page says a push is on its way before the first answer.
    hall.set_push_status(status.clone());
    let mut backoff = MIN_INTERVAL;
    // The hall's round this push carries.
    let mut pushing = hall.round().event.round;
    loop {
        let round = hall.round();
        if round.event.round != pushing {
            // The next round: to the Lichess round the arbiter gave for it, else no further.
            let Some(id) = hall.push_round(round.event.round) else {
                eprintln!(
                    "board-bridge: the push stopped with round {pushing}: no Lichess round was given for round {}",
                    round.event.round
                );
                status.stopped_after = Some(pushing);
                hall.set_push_status(status);
                return;
            };
            pushing = round.event.round;
            settings.round = id;
            eprintln!(
                "board-bridge: pushing round {pushing} to {}",
                settings.url()
            );
            status = PushStatus::new(settings.url());
            hall.set_push_status(status.clone());
            last_sent = None;
            backoff = MIN_INTERVAL;
        }
        // A push goes when a game changed; it carries the clocks as they read then (Lichess
        // shows no clocks without them), but clocks running alone send nothing.
        let text = super::round::round_pgn(&round, false).await;
        if last_sent.as_deref() != Some(text.as_str()) {
            if let Some(at) = last_at {
                tokio::time::sleep_until((at + MIN_INTERVAL).into()).await;
            }
            if hall.round().event.round != pushing {
                // The round changed while waiting: never pushed to the round before's.
                continue;
            }
            // What changed while waiting goes in the same push.
            let text = super::round::round_pgn(&round, false).await;
            let pushed = super::round::round_pgn(&round, true).await;
            let (a, s, body) = (agent.clone(), settings.clone(), pushed);
            let answer = tokio::task::spawn_blocking(move || post(&a, &s, body))
                .await
                .unwrap_or_else(|e| Err(e.to_string()));
            // Counted from the answer: the server never sees two pushes within a second,
            // however long one took to reach it.
            last_at = Some(Instant::now());
            match answer {
                Ok((code, body)) if (200..300).contains(&code) => {
                    let before = status.game_errors.clone();
                    status.accepted(code, &body, pushing, unix_ms());
                    // The games' errors are Lichess's words, shown as they may be.
                    status
                        .game_errors
                        .retain_mut(|e| match shown(&e.error, &settings.token) {
                            Some(said) => {
                                e.error = said;
                                true
                            }
                            None => false,
                        });
                    tell_game_errors(&before, &status.game_errors);
                    backoff = MIN_INTERVAL;
                    last_sent = Some(text);
                }
                failed => {
                    let (answered, why) = match failed {
                        Ok((code, body)) => {
                            let said = refusal_reason(&body, &settings.token);
                            let why = match &said {
                                Some(said) => format!("the server answered {code}: {said}"),
                                None => format!("the server answered {code}"),
                            };
                            (Some((code, said)), why)
                        }
                        Err(e) => (None, format!("no answer: {e}")),
                    };
                    eprintln!(
                        "board-bridge: pushing the round to {}: {why}; trying again in {} s",
                        settings.url(),
                        backoff.as_secs()
                    );
                    status.refused(answered, why, backoff, unix_ms());
                    hall.set_push_status(status.clone());
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            }
            hall.set_push_status(status.clone());
            continue;
        }
        if changes.changed().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE_BAD: &str = r#"{"games":[{"tags":{"Round":"3.1"},"moves":12},{"tags":{"Round":"3.2"},"error":"Invalid PGN"}]}"#;
    const ALL_READ: &str =
        r#"{"games":[{"tags":{"Round":"3.1"},"moves":13},{"tags":{"Round":"3.2"},"moves":9}]}"#;

    #[test]
    fn lichess_answers_are_read_per_game() {
        let games = answered_games(ONE_BAD).unwrap();
        assert_eq!(
            games,
            [
                ("3.1".to_owned(), None),
                ("3.2".to_owned(), Some("Invalid PGN".to_owned()))
            ]
        );
        assert_eq!(answered_games("not json"), None);
        assert_eq!(answered_games(r#"{"ok":true}"#), None);
    }

    #[test]
    fn a_game_error_stands_from_its_first_answer_until_the_game_is_read() {
        let mut s = PushStatus::new("u".into());
        s.accepted(200, ONE_BAD, 3, 1_000);
        assert_eq!(s.games, 2);
        assert_eq!(
            s.game_errors,
            [GameError {
                round: "3.2".into(),
                board: Some(2),
                error: "Invalid PGN".into(),
                since_unix_ms: 1_000
            }]
        );
        // Failed attempts leave it standing, and are counted from the first.
        s.refused(
            Some((503, Some("busy".into()))),
            "answered 503".into(),
            Duration::from_secs(1),
            2_000,
        );
        assert_eq!((s.status, s.answer.as_deref()), (Some(503), Some("busy")));
        s.refused(None, "no answer".into(), Duration::from_secs(2), 3_000);
        assert_eq!((s.status, s.answer.as_deref()), (None, None));
        assert_eq!(s.game_errors.len(), 1);
        assert_eq!(
            (s.failures_in_a_row, s.failing_since_unix_ms),
            (2, Some(2_000))
        );
        assert_eq!(s.last_success_unix_ms, Some(1_000));
        assert!(!s.ok);
        // Still refused: the same error since its first answer; an unreadable answer keeps it.
        s.accepted(200, ONE_BAD, 3, 4_000);
        assert_eq!(s.game_errors[0].since_unix_ms, 1_000);
        assert_eq!((s.failures_in_a_row, s.failing_since_unix_ms), (0, None));
        s.accepted(200, "", 3, 4_500);
        assert_eq!(s.game_errors.len(), 1);
        // Read at last: cleared.
        s.accepted(200, ALL_READ, 3, 5_000);
        assert!(s.game_errors.is_empty());
        assert_eq!(
            (s.pushed, s.failed, s.last_success_unix_ms),
            (4, 2, Some(5_000))
        );
        // A round tag of another round names no board of this hall.
        s.accepted(
            200,
            r#"{"games":[{"tags":{"Round":"4.2"},"error":"x"}]}"#,
            3,
            6_000,
        );
        assert_eq!(s.game_errors[0].board, None);
    }

    #[test]
    fn the_token_is_not_in_debug_output() {
        let dir = std::env::temp_dir().join(format!("push-token-{}", std::process::id()));
        std::fs::write(&dir, "lip_secret123\n").unwrap();
        let s =
            PushSettings::new("abcd1234".into(), Some("http://127.0.0.1:9/".into()), &dir).unwrap();
        let _ = std::fs::remove_file(&dir);
        assert!(!format!("{s:?}").contains("secret"));
        assert_eq!(
            s.url(),
            "http://127.0.0.1:9/api/broadcast/round/abcd1234/push"
        );
    }

    #[test]
    fn a_server_that_echoes_the_request_shows_its_status_not_the_token() {
        let token = "lip_secret0123";
        let echo = format!("POST /api/broadcast/round/x/push\nAuthorization: Bearer {token}");
        assert_eq!(refusal_reason(&echo, token), None, "not JSON: no words");
        let json = format!(r#"{{"error":"bad auth Bearer {token}"}}"#);
        assert_eq!(
            refusal_reason(&json, token),
            None,
            "holds the token: no words"
        );
        assert_eq!(
            refusal_reason(r#"{"error":"No such broadcast round"}"#, token).as_deref(),
            Some("No such broadcast round")
        );
        let long = format!(r#"{{"error":"{}"}}"#, "x".repeat(1000));
        assert_eq!(
            refusal_reason(&long, token).map(|s| s.chars().count()),
            Some(SAID_MAX)
        );
    }
}
