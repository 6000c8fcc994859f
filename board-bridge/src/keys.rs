//! Seats are given, not taken: the keys the bridge hands out per board and seat, and the
//! arbiter's token of a hall.
//!
//! A page that asks for a seat (`/ws?role=white&key=...`) gets it only with that seat's key;
//! without it, it watches, and is told why. The keys are drawn from the system's random source,
//! kept beside the game's log in a file only the bridge's user may read (so a restarted bridge
//! gives the same links), or in memory for the run when there is no log. The arbiter reissues a
//! seat's key, which revokes the old one at once.
//!
//! A single board that listens on loopback only, with no other site allowed, leaves its seats
//! open for the person at the machine: nobody else can reach it.

use std::collections::BTreeMap;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use subtle::ConstantTimeEq;

use crate::protocol::Reply;
use crate::role::Role;

/// The seats a board's page may take besides watching: a hall's boards have the players and the
/// assistant (the hall's arbiter acts with his token), a single board also an arbiter key.
pub const HALL_SEATS: &[&str] = &["white", "black", "assistant"];
/// The single board's seats: the hall's and the arbiter's.
pub const SINGLE_SEATS: &[&str] = &["white", "black", "assistant", "arbiter"];

/// The file beside a game's log that holds its seats' keys.
pub const KEYS_FILE: &str = "seat-keys.json";
/// The file beside a hall's logs that holds the arbiter's token.
pub const TOKEN_FILE: &str = "arbiter-token";

/// 128 bits from the system's random source, as 32 hex digits.
///
/// # Errors
/// The random source cannot be read.
pub fn fresh_secret() -> std::io::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `given` is `secret`, in time that does not depend on where they differ.
pub fn same_secret(secret: &str, given: &str) -> bool {
    // Unequal lengths answer at once: the length of a secret drawn as 32 hex digits is no secret.
    secret.len() == given.len() && bool::from(secret.as_bytes().ct_eq(given.as_bytes()))
}

/// Writes `text` to `path` readable and writable by the owner only (0600), replacing it whole:
/// a crash mid-write leaves the old file, never half a key.
///
/// # Errors
/// The folder or file cannot be written.
pub fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.new"));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&tmp)?;
    #[cfg(unix)]
    {
        // A file left by an earlier run with wider rights is narrowed too.
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(text.as_bytes())?;
    file.sync_all()?;
    std::fs::rename(&tmp, path)
}

/// The seats' keys a key file holds; none when there is no such file.
fn read_keys(path: &Path) -> std::io::Result<Option<BTreeMap<String, String>>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    serde_json::from_str(&text).map(Some).map_err(|e| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("{} is not a file of seat keys: {e}", path.display()),
        )
    })
}

/// How a page asking for a seat is let in.
#[derive(Debug, Clone)]
pub struct Admission {
    /// The seat it acts from (a spectator when its key was missing or wrong).
    pub role: Role,
    /// What it is told when it asked for a seat and watches instead.
    pub told: Option<Reply>,
}

/// One board's seats and their keys.
#[derive(Debug)]
pub struct SeatKeys {
    /// Where the keys are kept; none: in memory for the run.
    file: Option<PathBuf>,
    /// Seat name to key.
    keys: Mutex<BTreeMap<String, String>>,
    /// The seats are open for the person at the machine (loopback only, no other site).
    open: bool,
    /// The same board's seats' keys in the hall's earlier rounds, each with its round: a page
    /// that comes back with one is told its round has ended, not that it lacks a key. Read
    /// back from the rounds' archives at a start ([`SeatKeys::remember_archived`]).
    ended: Mutex<Vec<EndedKey>>,
}

/// A seat's key of a round that has ended.
#[derive(Debug, Clone, PartialEq, Eq)]
struct EndedKey {
    round: u32,
    seat: String,
    key: String,
}

impl SeatKeys {
    /// The keys of `seats`, read from `file` when it holds them, else drawn and written there
    /// (owner-only); `open` leaves the seats open for anyone who can reach the bridge.
    ///
    /// # Errors
    /// The file exists but is not ours to read or not a key file, or cannot be written, or
    /// the random source cannot be read.
    pub fn load(file: Option<PathBuf>, seats: &[&str], open: bool) -> std::io::Result<SeatKeys> {
        let mut keys = match &file {
            Some(path) => read_keys(path)?.unwrap_or_default(),
            None => BTreeMap::new(),
        };
        keys.retain(|seat, key| seats.contains(&seat.as_str()) && key.len() >= 16);
        let mut drawn = false;
        for seat in seats {
            if !keys.contains_key(*seat) {
                keys.insert((*seat).to_owned(), fresh_secret()?);
                drawn = true;
            }
        }
        let me = SeatKeys {
            file,
            keys: Mutex::new(keys),
            open,
            ended: Mutex::new(Vec::new()),
        };
        if drawn {
            me.save()?;
        }
        Ok(me)
    }

    fn save(&self) -> std::io::Result<()> {
        let Some(path) = &self.file else {
            return Ok(());
        };
        let text = serde_json::to_string_pretty(&*lock(&self.keys)).unwrap_or_default();
        write_private(path, &text)
    }

    /// Whether anyone who reaches the bridge may take a seat without its key.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The seats and their keys, in seat order.
    pub fn all(&self) -> Vec<(String, String)> {
        let keys = lock(&self.keys);
        let order = |s: &str| SINGLE_SEATS.iter().position(|x| *x == s).unwrap_or(9);
        let mut all: Vec<_> = keys.iter().map(|(s, k)| (s.clone(), k.clone())).collect();
        all.sort_by_key(|(s, _)| order(s));
        all
    }

    /// A new key for `seat`: the old one no longer seats anyone (pages already seated with it
    /// keep their seat until they reconnect). `None` when the board has no such seat.
    ///
    /// # Errors
    /// The random source cannot be read, or the key file cannot be written.
    pub fn reissue(&self, seat: &str) -> std::io::Result<Option<String>> {
        let key = fresh_secret()?;
        {
            let mut keys = lock(&self.keys);
            match keys.get_mut(seat) {
                Some(k) => *k = key.clone(),
                None => return Ok(None),
            }
        }
        self.save()?;
        Ok(Some(key))
    }

    /// The same board's seats in round `round`, which has ended, and those `earlier` knew of
    /// before it: their keys seat no one, and a page that gives one is told its round ended.
    pub fn remember_ended(&self, round: u32, earlier: &SeatKeys) {
        let mut known = lock(&earlier.ended).clone();
        known.extend(
            earlier
                .all()
                .into_iter()
                .map(|(seat, key)| EndedKey { round, seat, key }),
        );
        self.add_ended(known);
    }

    /// The same board's seats' keys in ended round `round`, from the key file its archive keeps
    /// (`file`, written as the current keys are, never served): a restarted hall tells a page
    /// that comes back with one that its round ended. No file, no key.
    ///
    /// # Errors
    /// The file exists but cannot be read, or is not a file of seat keys.
    pub fn remember_archived(&self, round: u32, file: &Path) -> std::io::Result<()> {
        let Some(keys) = read_keys(file)? else {
            return Ok(());
        };
        self.add_ended(
            keys.into_iter()
                .map(|(seat, key)| EndedKey { round, seat, key })
                .collect(),
        );
        Ok(())
    }

    /// Adds `keys` to the ended rounds' keys, each once (the round just archived is in both).
    fn add_ended(&self, keys: Vec<EndedKey>) {
        let mut ended = lock(&self.ended);
        for key in keys {
            if !ended.contains(&key) {
                ended.push(key);
            }
        }
    }

    /// The round that `key` was `seat`'s key in, when it was, in a round that has ended.
    fn ended_round(&self, seat: &str, key: &str) -> Option<u32> {
        lock(&self.ended)
            .iter()
            .rev()
            .find(|e| e.seat == seat && same_secret(&e.key, key))
            .map(|e| e.round)
    }

    /// Which seat a page that asks for `requested` with `key` acts from.
    pub fn admit(&self, requested: Role, key: Option<&str>) -> Admission {
        if requested == Role::Spectator || self.open {
            return Admission {
                role: requested,
                told: None,
            };
        }
        let seat = requested.name();
        let holds = lock(&self.keys)
            .get(seat)
            .is_some_and(|k| key.is_some_and(|given| same_secret(k, given)));
        if holds {
            return Admission {
                role: requested,
                told: None,
            };
        }
        // A key of this board's seat in an ended round: the player's link was for that round's
        // game (the next round gave the seats new keys).
        if let Some(round) = key.and_then(|k| self.ended_round(seat, k)) {
            return Admission {
                role: Role::Spectator,
                told: Some(Reply {
                    seat: Some(seat.to_owned()),
                    round: Some(round),
                    ..Reply::error_with_id(
                        "seat_round_ended",
                        format!(
                            "this link's key was for the {seat} seat of round {round}, which has ended: you watch this board's game as a spectator; your seat in this round has a new link from the arbiter"
                        ),
                    )
                }),
            };
        }
        let message = if key.is_some_and(|k| !k.is_empty()) {
            format!(
                "this link's key for the {seat} seat is not (or no longer) the board's: you watch as a spectator; ask the arbiter for the seat's link"
            )
        } else {
            format!(
                "the {seat} seat is taken with its key (the link the arbiter gives): you watch as a spectator"
            )
        };
        Admission {
            role: Role::Spectator,
            told: Some(Reply {
                seat: Some(seat.to_owned()),
                ..Reply::error_with_id("seat_key_needed", message)
            }),
        }
    }
}

/// Whether a bridge listening on `addr` with `allowed_origins` is reached from this machine
/// only: then its seats may stay open for the person at it.
pub fn loopback_only(addr: SocketAddr, allowed_origins: &[String]) -> bool {
    addr.ip().is_loopback() && allowed_origins.is_empty()
}

/// The single board's seats, kept beside its log (`log/seat-keys.json`) or in memory, open
/// when it listens on loopback only with no other site allowed; prints the seats' links (and
/// whether they are open) for the person who started it.
///
/// # Errors
/// As [`SeatKeys::load`].
pub fn single_board(
    log: Option<&Path>,
    addr: SocketAddr,
    allowed_origins: &[String],
) -> std::io::Result<std::sync::Arc<SeatKeys>> {
    let open = loopback_only(addr, allowed_origins);
    let keys = SeatKeys::load(log.map(|l| l.join(KEYS_FILE)), SINGLE_SEATS, open)?;
    let host = shown_host(addr);
    if open {
        eprintln!(
            "board-bridge: listening on loopback only: the seats are open to this machine (the links below work without their keys too)"
        );
    } else {
        eprintln!(
            "board-bridge: reachable beyond this machine: a seat is taken only with its link's key; without one a page watches"
        );
    }
    for (seat, key) in keys.all() {
        eprintln!("board-bridge: {seat}'s link: http://{host}/?seat={seat}&key={key}");
    }
    Ok(std::sync::Arc::new(keys))
}

/// The host a link names for a bridge on `addr`: this machine's loopback when it listens on
/// every address (the arbiter replaces it with the address the hall's network knows).
pub fn shown_host(addr: SocketAddr) -> String {
    match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => format!("127.0.0.1:{}", addr.port()),
        IpAddr::V6(ip) if ip.is_unspecified() => format!("[::1]:{}", addr.port()),
        _ => addr.to_string(),
    }
}

/// The hall's arbiter token: kept in a file (owner-only) so that it outlives a restart,
/// replaced on request, and guessed at a bounded pace.
#[derive(Debug)]
pub struct ArbiterToken {
    file: Option<PathBuf>,
    token: Mutex<String>,
    tries: Mutex<Tries>,
}

/// The wrong tokens each client gave lately.
#[derive(Debug, Default)]
struct Tries {
    by_client: std::collections::HashMap<IpAddr, (u32, Instant)>,
}

/// Wrong tokens a client may give before it must wait.
pub const FREE_TRIES: u32 = 5;
/// The longest a client is made to wait between tries.
pub const MAX_WAIT: Duration = Duration::from_secs(30);

/// Why a token was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenRefusal {
    /// Not the arbiter's token.
    Wrong,
    /// This client gave too many wrong ones lately: it may try again after this long.
    Wait(Duration),
}

impl ArbiterToken {
    /// The token read from `file` (created with a fresh one, owner-only, when missing), or a
    /// fresh one for the run without a file.
    ///
    /// # Errors
    /// The file cannot be read or written, or holds no token.
    pub fn load(file: Option<PathBuf>) -> std::io::Result<ArbiterToken> {
        let token = match &file {
            Some(path) if path.exists() => {
                let token = std::fs::read_to_string(path)?.trim().to_owned();
                if token.len() < 16 {
                    return Err(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        format!(
                            "{} holds no arbiter token of 16 characters or more",
                            path.display()
                        ),
                    ));
                }
                token
            }
            Some(path) => {
                let token = fresh_secret()?;
                write_private(path, &format!("{token}\n"))?;
                token
            }
            None => fresh_secret()?,
        };
        Ok(ArbiterToken {
            file,
            token: Mutex::new(token),
            tries: Mutex::default(),
        })
    }

    /// Where the token is kept, if in a file.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The token (for the terminal of the person who started the bridge, nothing else).
    pub fn reveal(&self) -> String {
        lock(&self.token).clone()
    }

    /// Whether `client` gave the arbiter's token; wrong ones are counted per client, and a
    /// client past [`FREE_TRIES`] waits longer after each (to [`MAX_WAIT`]) before its token
    /// is even compared. Other clients, the arbiter's among them, are not slowed.
    pub fn check(&self, client: IpAddr, given: &str) -> Result<(), TokenRefusal> {
        let now = Instant::now();
        {
            let tries = lock(&self.tries);
            if let Some(&(wrong, at)) = tries.by_client.get(&client) {
                let wait = wait_after(wrong);
                let since = now.duration_since(at);
                if since < wait {
                    return Err(TokenRefusal::Wait(wait - since));
                }
            }
        }
        if same_secret(&lock(&self.token), given) {
            lock(&self.tries).by_client.remove(&client);
            return Ok(());
        }
        let mut tries = lock(&self.tries);
        // Forgotten after a quiet while: a few old mistakes do not slow a client for ever.
        tries
            .by_client
            .retain(|_, (_, at)| now.duration_since(*at) < Duration::from_secs(600));
        let entry = tries.by_client.entry(client).or_insert((0, now));
        entry.0 = entry.0.saturating_add(1);
        entry.1 = now;
        Err(TokenRefusal::Wrong)
    }

    /// A new token in place of the old one, which no longer works; kept in the file.
    ///
    /// # Errors
    /// The random source cannot be read, or the file cannot be written.
    pub fn rotate(&self) -> std::io::Result<String> {
        let token = fresh_secret()?;
        if let Some(path) = &self.file {
            write_private(path, &format!("{token}\n"))?;
        }
        *lock(&self.token) = token.clone();
        Ok(token)
    }
}

/// How long a client that gave `wrong` wrong tokens in a row waits before its next is compared.
fn wait_after(wrong: u32) -> Duration {
    if wrong < FREE_TRIES {
        return Duration::ZERO;
    }
    let doubled = 1u64 << (wrong - FREE_TRIES).min(5);
    Duration::from_secs(doubled).min(MAX_WAIT)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("keys-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_seat_is_taken_with_its_key_only_and_the_keys_outlive_a_restart() {
        let dir = scratch("seats");
        let file = dir.join(KEYS_FILE);
        let keys = SeatKeys::load(Some(file.clone()), HALL_SEATS, false).expect("keys");
        let white = keys.all()[0].1.clone();
        assert_eq!(keys.all()[0].0, "white");
        let asked = Role::parse("white").expect("role");
        assert_eq!(keys.admit(asked, Some(&white)).role, asked);
        let none = keys.admit(asked, None);
        assert_eq!(none.role, Role::Spectator);
        assert_eq!(
            none.told.expect("told").id.as_deref(),
            Some("seat_key_needed")
        );
        let black = Role::parse("black").expect("role");
        assert_eq!(keys.admit(black, Some(&white)).role, Role::Spectator);
        assert_eq!(
            keys.admit(Role::Arbiter, Some(&white)).role,
            Role::Spectator
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&file).expect("file").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let again = SeatKeys::load(Some(file.clone()), HALL_SEATS, false).expect("keys");
        assert_eq!(again.all(), keys.all());
        let new = again.reissue("white").expect("written").expect("a seat");
        assert_ne!(new, white);
        assert_eq!(again.admit(asked, Some(&white)).role, Role::Spectator);
        assert_eq!(again.admit(asked, Some(&new)).role, asked);
        assert_eq!(again.reissue("referee").expect("nothing written"), None);
        let open = SeatKeys::load(None, SINGLE_SEATS, true).expect("keys");
        assert_eq!(open.admit(asked, None).role, asked);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_key_of_an_ended_round_is_told_its_round_ended_not_that_it_lacks_a_key() {
        let round1 = SeatKeys::load(None, HALL_SEATS, false).expect("keys");
        let round2 = SeatKeys::load(None, HALL_SEATS, false).expect("keys");
        round2.remember_ended(1, &round1);
        let round3 = SeatKeys::load(None, HALL_SEATS, false).expect("keys");
        round3.remember_ended(2, &round2);
        let white = Role::parse("white").expect("role");
        let old = round1.all()[0].1.clone();
        for (keys, round) in [(&round2, 1), (&round3, 1)] {
            let told = keys.admit(white, Some(&old));
            assert_eq!(told.role, Role::Spectator);
            let told = told.told.expect("told");
            assert_eq!(told.id.as_deref(), Some("seat_round_ended"));
            assert_eq!(
                (told.seat.as_deref(), told.round),
                (Some("white"), Some(round))
            );
        }
        let of_round2 = round2.all()[0].1.clone();
        assert_eq!(
            round3
                .admit(white, Some(&of_round2))
                .told
                .expect("told")
                .round,
            Some(2)
        );
        // Another seat's old key, or a key never given, is no seat's of an ended round.
        let black = Role::parse("black").expect("role");
        let told = round2.admit(black, Some(&old)).told.expect("told");
        assert_eq!(told.id.as_deref(), Some("seat_key_needed"));
        assert_eq!(round2.admit(white, Some(&of_round2)).role, white);
    }

    #[test]
    fn the_token_outlives_a_restart_rotates_and_slows_a_guesser_alone() {
        let dir = scratch("token");
        let file = dir.join(TOKEN_FILE);
        let token = ArbiterToken::load(Some(file.clone())).expect("token");
        let secret = token.reveal();
        assert_eq!(
            ArbiterToken::load(Some(file.clone()))
                .expect("again")
                .reveal(),
            secret
        );
        let guesser: IpAddr = "192.168.1.50".parse().expect("ip");
        let arbiter: IpAddr = "192.168.1.2".parse().expect("ip");
        for _ in 0..FREE_TRIES {
            assert_eq!(token.check(guesser, "0000"), Err(TokenRefusal::Wrong));
        }
        assert!(matches!(
            token.check(guesser, &secret),
            Err(TokenRefusal::Wait(_))
        ));
        assert_eq!(token.check(arbiter, &secret), Ok(()));
        let rotated = token.rotate().expect("rotated");
        assert_eq!(token.check(arbiter, &secret), Err(TokenRefusal::Wrong));
        assert_eq!(token.check(arbiter, &rotated), Ok(()));
        assert_eq!(
            ArbiterToken::load(Some(file)).expect("again").reveal(),
            rotated
        );
        assert_eq!(wait_after(FREE_TRIES + 20), MAX_WAIT);
        let _ = std::fs::remove_dir_all(dir);
    }
}
