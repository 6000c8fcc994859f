//! The syncer: puts the written lines on the disk itself off the move's path, and says how far
//! the log is safe; it also reserves the next block of sequence numbers ahead ([`super::seq`]).

use std::fs::File;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, mpsc};

use tokio::sync::watch;

/// Work for the syncer.
pub enum Job {
    /// Lines through this seq are written whole: put them on the disk.
    Sync(u64),
    /// Reserve sequence numbers up to this one.
    Reserve(u64),
}

/// Starts the thread that puts written lines on the disk: it waits for a seq, takes every
/// other that came meanwhile, syncs once for them all, and says how far the log is safe.
pub fn spawn(
    file: File,
    path: PathBuf,
    safe: watch::Sender<u64>,
    seq: (PathBuf, Arc<AtomicU64>),
) -> mpsc::Sender<Job> {
    let (tx, rx) = mpsc::channel::<Job>();
    let spawned = std::thread::Builder::new()
        .name("log-sync".into())
        .spawn(move || {
            while let Ok(job) = rx.recv() {
                let mut through = None;
                let mut reserve = None;
                for job in std::iter::once(job).chain(std::iter::from_fn(|| rx.try_recv().ok())) {
                    match job {
                        Job::Sync(s) => through = through.max(Some(s)),
                        Job::Reserve(r) => reserve = reserve.max(Some(r)),
                    }
                }
                if let Some(upto) = reserve
                    && let Err(e) = super::seq::write_reservation(&seq.0, &seq.1, upto)
                {
                    eprintln!(
                        "board-bridge: cannot reserve sequence numbers in {}: {e}",
                        seq.0.display()
                    );
                }
                let Some(through) = through else {
                    continue;
                };
                // Only lines written whole were handed here: once synced, they are safe.
                match file.sync_data() {
                    Ok(()) => {
                        safe.send_replace(through);
                    }
                    Err(e) => eprintln!("board-bridge: cannot sync {}: {e}", path.display()),
                }
            }
        });
    if let Err(e) = spawned {
        eprintln!("board-bridge: no thread to sync the event log ({e}); it is written, not synced");
    }
    tx
}
