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

/// What the push last did, as the hall page shows it.
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
    /// Why the last attempt failed.
    pub error: Option<String>,
    /// The games the server could not read, as it said (`Round` tag and its words).
    pub game_errors: Vec<String>,
    /// How many games the server took.
    pub games: usize,
    /// When the next attempt is made after a failure, ms from the answer.
    pub retry_in_ms: Option<u64>,
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

/// Reads Lichess's answer: `{"games": [{"tags": {...}, "moves": N} | {"tags": {...}, "error": "..."}]}`.
fn game_errors(body: &str) -> (usize, Vec<String>) {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else {
        return (0, Vec::new());
    };
    let games = value["games"].as_array().cloned().unwrap_or_default();
    let errors = games
        .iter()
        .filter_map(|g| {
            let error = g["error"].as_str()?;
            let round = g["tags"]["Round"].as_str().unwrap_or("?");
            Some(format!("game {round}: {error}"))
        })
        .collect();
    (games.len(), errors)
}

/// Pushes the round after each change, for as long as the hall runs.
pub async fn run(hall: SharedHall, settings: PushSettings) {
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
    let mut status = PushStatus {
        url: settings.url(),
        pushed: 0,
        failed: 0,
        ok: false,
        status: None,
        error: None,
        game_errors: Vec::new(),
        games: 0,
        retry_in_ms: None,
    };
    let mut backoff = MIN_INTERVAL;
    loop {
        let text = super::round::round_pgn(&hall);
        if last_sent.as_deref() != Some(text.as_str()) {
            if let Some(at) = last_at {
                tokio::time::sleep_until((at + MIN_INTERVAL).into()).await;
            }
            // What changed while waiting goes in the same push.
            let text = super::round::round_pgn(&hall);
            let (a, s, body) = (agent.clone(), settings.clone(), text.clone());
            let answer = tokio::task::spawn_blocking(move || post(&a, &s, body))
                .await
                .unwrap_or_else(|e| Err(e.to_string()));
            // Counted from the answer: the server never sees two pushes within a second,
            // however long one took to reach it.
            last_at = Some(Instant::now());
            match answer {
                Ok((code, body)) if (200..300).contains(&code) => {
                    let (games, errors) = game_errors(&body);
                    status.pushed += 1;
                    status.ok = true;
                    status.status = Some(code);
                    status.error = None;
                    status.games = games;
                    status.game_errors = errors;
                    status.retry_in_ms = None;
                    backoff = MIN_INTERVAL;
                    last_sent = Some(text);
                }
                failed => {
                    let (code, why) = match failed {
                        Ok((code, body)) => {
                            let said: String = body.chars().take(300).collect();
                            (
                                Some(code),
                                format!("the server answered {code}: {}", said.trim()),
                            )
                        }
                        Err(e) => (None, format!("no answer: {e}")),
                    };
                    status.failed += 1;
                    status.ok = false;
                    status.status = code;
                    eprintln!(
                        "board-bridge: pushing the round to {}: {why}; trying again in {} s",
                        settings.url(),
                        backoff.as_secs()
                    );
                    status.error = Some(why);
                    status.retry_in_ms = Some(backoff.as_millis() as u64);
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

    #[test]
    fn lichess_answers_are_read_per_game() {
        let body = r#"{"games":[{"tags":{"Round":"3.1"},"moves":12},{"tags":{"Round":"3.2"},"error":"Invalid PGN"}]}"#;
        let (n, errors) = game_errors(body);
        assert_eq!(n, 2);
        assert_eq!(errors, ["game 3.2: Invalid PGN"]);
        assert_eq!(game_errors("not json"), (0, vec![]));
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
}
