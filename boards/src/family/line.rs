//! Another family's board on a serial line opened for DGT's: the bridge's `--port auto` finds
//! Millennium and Certabo boards too, and a port named on its command line may hold one. Until
//! the line has said something in DGT's protocol, its bytes are also read as those families'
//! frames; the first whole frame of one of them (a status with its block parity, a scan line of
//! 320 numbers) says which board it is, and the line is read as that board from then on.

use super::BoardCodec;
use super::certabo::CertaboFrames;
use super::millennium::MillenniumFrames;
use super::snapshot::{Frames, SnapshotCodec};

/// At most this much of the line is kept while listening for another family's frame.
const LISTEN: usize = 4_096;

/// A snapshot family found on a DGT line.
#[derive(Debug)]
pub enum OnTheLine {
    /// Millennium ChessLink.
    Millennium(SnapshotCodec<MillenniumFrames>),
    /// Certabo.
    Certabo(SnapshotCodec<CertaboFrames>),
}

impl OnTheLine {
    /// Its codec.
    pub fn codec(&mut self) -> &mut dyn BoardCodec {
        match self {
            Self::Millennium(c) => c,
            Self::Certabo(c) => c,
        }
    }

    /// Its codec, to read.
    pub fn codec_ref(&self) -> &dyn BoardCodec {
        match self {
            Self::Millennium(c) => c,
            Self::Certabo(c) => c,
        }
    }
}

/// Listens on a line for another family's frame.
#[derive(Debug, Default)]
pub struct Listener {
    heard: Vec<u8>,
}

impl Listener {
    /// Takes in `bytes`; the family whose whole frame they end, if any (its codec has been fed
    /// everything heard so far).
    pub fn hear(&mut self, now: u64, bytes: &[u8]) -> Option<OnTheLine> {
        self.heard.extend_from_slice(bytes);
        if self.heard.len() > LISTEN {
            let cut = self.heard.len() - LISTEN;
            self.heard.drain(..cut);
        }
        let mut snapshots = Vec::new();
        MillenniumFrames::default().feed(&self.heard, &mut snapshots);
        let mut found = if !snapshots.is_empty() {
            Some(OnTheLine::Millennium(SnapshotCodec::new(
                MillenniumFrames::default(),
            )))
        } else {
            let mut certabo = CertaboFrames::default();
            certabo.feed(&self.heard, &mut snapshots);
            (certabo.scans() > 0)
                .then(|| OnTheLine::Certabo(SnapshotCodec::new(CertaboFrames::default())))
        }?;
        let heard = std::mem::take(&mut self.heard);
        found.codec().feed(now, &heard);
        Some(found)
    }

    /// The line spoke DGT's protocol, or was reconnected: nothing heard is kept.
    pub fn forget(&mut self) {
        self.heard.clear();
    }
}
