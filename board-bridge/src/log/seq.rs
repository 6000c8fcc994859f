//! Sequence numbers reserved ahead: pages see a number for every message, and most messages
//! (touches, states, the board's health) are no line of the log, so a bridge that restarts
//! must know how far the numbers went. The next number after a restart is past the log's last
//! line and past this file's reservation, whichever is further; the file is only a hint that
//! covers the messages after the last line.
//!
//! The file is written atomically (a temporary file, synced, renamed over it, the folder
//! synced), so a power cut or a full disk leaves the old reservation or the new one, never an
//! empty file. Each write reserves [`BLOCK`] numbers; the next block is reserved by the syncer
//! thread when half of the current one is used, off the move's path, so a number is handed out
//! only once it is reserved unless the disk has refused every write for half a block.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};

use super::sync::Job;

/// How many numbers one write reserves.
pub const BLOCK: u64 = 4096;

/// The reservation file.
pub struct SeqFile {
    path: PathBuf,
    /// The highest number reserved on the disk.
    durable: Arc<AtomicU64>,
    /// The highest number asked of the syncer.
    asked: u64,
}

impl SeqFile {
    /// The file `path`, with `reserved` already reserved by what the log holds.
    pub fn new(path: PathBuf, reserved: u64) -> SeqFile {
        SeqFile {
            path,
            durable: Arc::new(AtomicU64::new(reserved)),
            asked: reserved,
        }
    }

    /// What the syncer needs to reserve ahead.
    pub fn handle(&self) -> (PathBuf, Arc<AtomicU64>) {
        (self.path.clone(), self.durable.clone())
    }

    /// `seq` is about to be handed out: reserved now if it is not yet, and the next block asked
    /// of the syncer once half of this one is used.
    pub fn reserve(&mut self, seq: u64, syncer: &mpsc::Sender<Job>) {
        let durable = self.durable.load(Ordering::Acquire);
        if seq > durable {
            let upto = seq + BLOCK - 1;
            match write_reservation(&self.path, &self.durable, upto) {
                Ok(()) => self.asked = self.asked.max(upto),
                Err(e) => eprintln!(
                    "board-bridge: cannot reserve sequence numbers in {}: {e}",
                    self.path.display()
                ),
            }
        } else if seq + BLOCK / 2 > durable && self.asked <= durable {
            self.asked = durable + BLOCK;
            let _ = syncer.send(Job::Reserve(self.asked));
        }
    }
}

/// Reserves numbers up to `upto` in `path`: a temporary file beside it, synced, renamed over
/// it, and the folder synced. Never lowers what is reserved.
pub fn write_reservation(path: &Path, durable: &AtomicU64, upto: u64) -> std::io::Result<()> {
    // One writer at a time (the move's path and the syncer), so a smaller number never lands
    // after a greater one.
    static WRITING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = WRITING.lock().unwrap_or_else(|p| p.into_inner());
    if upto <= durable.load(Ordering::Acquire) {
        return Ok(());
    }
    let temp = path.with_extension("seq.tmp");
    let write = || -> std::io::Result<()> {
        let mut file = File::create(&temp)?;
        file.write_all(format!("{upto}\n").as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, path)?;
        if let Some(dir) = path.parent() {
            File::open(dir)?.sync_all()?;
        }
        Ok(())
    };
    let written = write();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    } else {
        durable.fetch_max(upto, Ordering::AcqRel);
    }
    written
}

/// The reservation a file holds, if it holds one.
pub fn read_reservation(path: &Path) -> Option<u64> {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| t.trim().parse::<u64>().ok())
}
