//! One trait for every family of sensor board: bytes in, readings out, commands out.
//!
//! A board session (`arbiter_core::dgt::session::BoardSession`, above this crate) keeps the
//! Laws at a board whatever its make; what differs between makes is the wire. A family's codec
//! turns the bytes its board sends into [`BoardMessage`]s (a whole board read, one square
//! changed, the clock's times) and the session's [`Command`]s into the bytes its board
//! understands. DGT's vocabulary is the common
//! one: a family whose board reports differently (Millennium's whole-board strings, Certabo's
//! RFID ids, Chessnut's bitboards) translates into dumps and field updates in DGT's sensor order
//! and piece codes, so the reconstruction, the noise gate's doubt and the Laws above stay one.

use std::collections::VecDeque;

use super::codec::{BoardMessage, Command, Decoder, NoiseGate, UpdateMode};

pub mod certabo;
pub mod chessnut;
pub mod chessup;
pub mod ichessone;
pub mod line;
pub mod millennium;
pub mod pegasus;
pub mod presence;
pub mod snapshot;
pub mod squareoff;

use arbiter_chess::Position;
use certabo::CertaboFrames;
use chessnut::ChessnutFrames;
use chessup::ChessUpFrames;
use ichessone::IChessOneSensors;
use millennium::MillenniumFrames;
use pegasus::{DeveloperKey, PegasusSensors};
use presence::PresenceCodec;
use snapshot::SnapshotCodec;
use squareoff::SquareOffSensors;

/// A family's wire, sans I/O.
pub trait BoardCodec {
    /// The board was (re)connected: forget half-read bytes and what its reads said before.
    fn reset(&mut self);

    /// Takes in bytes read from the board at `now`.
    fn feed(&mut self, now: u64, bytes: &[u8]);

    /// When [`Self::handle_deadline`] should next be called (a read to confirm what the board
    /// said is due).
    fn poll_deadline(&self) -> Option<u64> {
        None
    }

    /// Time has reached `now`.
    fn handle_deadline(&mut self, _now: u64) {}

    /// The next reading that may reach the game (noise already kept back), oldest first.
    fn poll_reading(&mut self) -> Option<BoardMessage>;

    /// When the board first showed what the reading last polled says, where the codec held it
    /// back for a later read to confirm it (DGT's noise gate): the board has been quiet since
    /// then, so a settle time runs from it. `None`: since the reading was polled.
    fn shown_since(&self) -> Option<u64> {
        None
    }

    /// Whether the codec holds back what the board showed until a read confirms it: the board
    /// has not settled while it does, whatever the readings passed so far say.
    fn confirming(&self) -> bool {
        false
    }

    /// A command the codec itself wants sent (a full read to settle a doubt).
    fn poll_command(&mut self) -> Option<Command>;

    /// Whether a full read asked for by the session should go to the board now (see
    /// [`NoiseGate::wants_read`]); calling it with `true` answered means it is being asked.
    fn take_read_request(&mut self) -> bool;

    /// The commands that open a session with the board (its handshake).
    fn handshake(&self) -> Vec<Command>;

    /// Appends `command`'s bytes, as this family's board reads them, to `out`.
    fn encode(&self, command: &Command, out: &mut Vec<u8>);

    /// Runs of bytes dropped since the last [`Self::reset`], and reads put right after doubt.
    fn health(&self) -> (u64, u64);

    /// Whether the board reports each lift as it happens. A board that only sends whole
    /// snapshots shows a square emptied at its next scan, which is no proof of a hand on that
    /// piece: its lifts are no touches of the game (2005 Art. 4.3), and touch-move is left to
    /// the arbiter.
    fn reports_lifts(&self) -> bool {
        true
    }

    /// The game stands at `position` (the session says so before the board's bytes are read):
    /// a board that senses presence only names its pieces from it ([`presence`]).
    fn follow(&mut self, _position: &Position) {}
}

/// A boxed codec is a codec: the page and the bridge choose the family when the board is found
/// (the bridge's boxes are `Send`, for the game's task).
impl<C: BoardCodec + ?Sized> BoardCodec for Box<C> {
    fn reset(&mut self) {
        (**self).reset();
    }
    fn feed(&mut self, now: u64, bytes: &[u8]) {
        (**self).feed(now, bytes);
    }
    fn poll_deadline(&self) -> Option<u64> {
        (**self).poll_deadline()
    }
    fn handle_deadline(&mut self, now: u64) {
        (**self).handle_deadline(now);
    }
    fn poll_reading(&mut self) -> Option<BoardMessage> {
        (**self).poll_reading()
    }
    fn shown_since(&self) -> Option<u64> {
        (**self).shown_since()
    }
    fn confirming(&self) -> bool {
        (**self).confirming()
    }
    fn poll_command(&mut self) -> Option<Command> {
        (**self).poll_command()
    }
    fn take_read_request(&mut self) -> bool {
        (**self).take_read_request()
    }
    fn handshake(&self) -> Vec<Command> {
        (**self).handshake()
    }
    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        (**self).encode(command, out);
    }
    fn health(&self) -> (u64, u64) {
        (**self).health()
    }
    fn reports_lifts(&self) -> bool {
        (**self).reports_lifts()
    }
    fn follow(&mut self, position: &Position) {
        (**self).follow(position);
    }
}

/// How a serial line is set (Web Serial's `SerialPort.open` options, the bridge's port).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SerialSettings {
    /// Baud rate.
    pub baud: u32,
    /// Data bits (7 or 8).
    pub data_bits: u8,
    /// Parity.
    pub parity: Parity,
    /// Stop bits.
    pub stop_bits: u8,
}

/// A serial line's parity bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parity {
    /// None.
    None,
    /// Odd.
    Odd,
    /// Even.
    Even,
}

impl Parity {
    /// The name Web Serial gives it.
    pub fn name(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Odd => "odd",
            Self::Even => "even",
        }
    }
}

/// The families of sensor board Arbiter reads, and what each says of itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// DGT e-Board, Smart Board, Bluetooth and Revelation II: DGT's protocol on a serial line.
    Dgt,
    /// Millennium ChessLink boards (eONE, Exclusive): whole-board status strings.
    Millennium,
    /// Certabo: RFID tags per square, calibrated from the initial position.
    Certabo,
    /// Chessnut Air, Go, Pro: whole-board frames over Bluetooth LE or USB HID.
    Chessnut,
    /// DGT Pegasus: DGT's protocol over Bluetooth LE, presence only.
    Pegasus,
    /// Square Off Pro and NEO: a piece picked up or set down, presence only, over Bluetooth LE.
    SquareOff,
    /// ChessUp: the whole board when asked, over Bluetooth LE.
    ChessUp,
    /// iChessOne: whole-board frames over Bluetooth LE, read as presence.
    IChessOne,
}

/// What a shell may know of a board beyond its family when it opens it (see
/// [`Family::codec_with`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CodecOptions {
    /// DGT's developer key, which unlocks a Pegasus's reports to an application: written after
    /// the board's reset, serial number and version requests ([`pegasus`]). Only a Pegasus is
    /// sent it; with any other family it is ignored, not refused, because a page or a setting
    /// names the key before anyone knows which board will be connected.
    pub pegasus_key: Option<DeveloperKey>,
}

/// The Nordic UART service several Bluetooth boards speak through.
const NORDIC_UART: BleIds = BleIds {
    service: "6e400001-b5a3-f393-e0a9-e50e24dcca9e",
    notify: "6e400003-b5a3-f393-e0a9-e50e24dcca9e",
    write_service: "6e400001-b5a3-f393-e0a9-e50e24dcca9e",
    write: "6e400002-b5a3-f393-e0a9-e50e24dcca9e",
    answers: None,
};

/// How a Bluetooth LE board is found and read: its services and characteristics (serialised
/// as the page's Web Bluetooth code reads them, in camelCase).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BleIds {
    /// The service whose characteristic notifies the board's frames.
    pub service: &'static str,
    /// The characteristic that notifies them.
    pub notify: &'static str,
    /// The service of the characteristic commands are written to.
    pub write_service: &'static str,
    /// The characteristic commands are written to.
    pub write: &'static str,
    /// The characteristic in the write service that notifies the answers to commands (the
    /// battery's), when they do not come with the frames.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answers: Option<&'static str>,
}

impl Family {
    /// Every family, in the order a chooser lists them.
    pub const ALL: [Family; 8] = [
        Family::Dgt,
        Family::Millennium,
        Family::Certabo,
        Family::Chessnut,
        Family::Pegasus,
        Family::SquareOff,
        Family::ChessUp,
        Family::IChessOne,
    ];

    /// The name pages and logs use (`data-board-kind`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Dgt => "dgt",
            Self::Millennium => "millennium",
            Self::Certabo => "certabo",
            Self::Chessnut => "chessnut",
            Self::Pegasus => "pegasus",
            Self::SquareOff => "squareoff",
            Self::ChessUp => "chessup",
            Self::IChessOne => "ichessone",
        }
    }

    /// The family's name as its maker writes it (an arbiter's list of boards, the logs).
    pub fn label(self) -> &'static str {
        match self {
            Self::Dgt => "DGT",
            Self::Millennium => "Millennium",
            Self::Certabo => "Certabo",
            Self::Chessnut => "Chessnut",
            Self::Pegasus => "DGT Pegasus",
            Self::SquareOff => "Square Off",
            Self::ChessUp => "ChessUp",
            Self::IChessOne => "iChessOne",
        }
    }

    /// The family a name names.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }

    /// Whether its boards report each lift (see [`BoardCodec::reports_lifts`]): DGT's field
    /// updates do; the others send whole snapshots.
    pub fn reports_lifts(self) -> bool {
        matches!(self, Self::Dgt)
    }

    /// The serial line its boards speak on, when they are serial devices.
    pub fn serial(self) -> Option<SerialSettings> {
        let line = |baud, data_bits, parity| {
            Some(SerialSettings {
                baud,
                data_bits,
                parity,
                stop_bits: 1,
            })
        };
        match self {
            // 9600 8N1, no flow control (DGT's protocol header).
            Self::Dgt => line(9600, 8, Parity::None),
            // 38400, 7 data bits, odd parity (the ChessLink description).
            Self::Millennium => line(38400, 7, Parity::Odd),
            Self::Certabo => line(38400, 8, Parity::None),
            Self::Chessnut | Self::Pegasus | Self::SquareOff | Self::ChessUp | Self::IChessOne => {
                None
            }
        }
    }

    /// USB vendor and product ids its serial boards show (a product of `None`: any of the
    /// vendor's). Certabo's is Silicon Labs' serial bridge, which other devices use too, and
    /// Millennium's adapters show none of their own: where the ids do not tell, the page asks
    /// which board it is.
    pub fn usb_ids(self) -> &'static [(u16, Option<u16>)] {
        match self {
            // The Microchip CDC bridge in DGT's USB boards, and DGT's own vendor id.
            Self::Dgt => &[(0x04D8, Some(0x000A)), (0x045B, None)],
            Self::Certabo => &[(0x10C4, None)],
            _ => &[],
        }
    }

    /// The USB HID vendor its boards show (Chessnut's, usage page 0xFF00).
    pub fn hid_vendor(self) -> Option<u16> {
        match self {
            Self::Chessnut => Some(0x2D80),
            _ => None,
        }
    }

    /// `bytes` (one write of its codec's) cut into the output reports that carry them over USB
    /// HID, one report a command: a HID write is one report, and a board reads one command a
    /// report. A family that speaks no HID keeps its write whole; an empty write is no report.
    pub fn hid_reports(self, bytes: &[u8]) -> Box<dyn Iterator<Item = &[u8]> + '_> {
        match self {
            Self::Chessnut => Box::new(chessnut::commands(bytes)),
            _ => Box::new((!bytes.is_empty()).then_some(bytes).into_iter()),
        }
    }

    /// Its Bluetooth LE services, for a board read over Web Bluetooth.
    pub fn ble(self) -> Option<BleIds> {
        match self {
            Self::Chessnut => Some(BleIds {
                service: "1b7e8261-2877-41c3-b46e-cf057c562023",
                notify: "1b7e8262-2877-41c3-b46e-cf057c562023",
                write_service: "1b7e8271-2877-41c3-b46e-cf057c562023",
                write: "1b7e8272-2877-41c3-b46e-cf057c562023",
                answers: Some("1b7e8273-2877-41c3-b46e-cf057c562023"),
            }),
            Self::Pegasus | Self::SquareOff | Self::ChessUp | Self::IChessOne => Some(NORDIC_UART),
            _ => None,
        }
    }

    /// How long the board must be quiet before what it shows is read as a move, when no clock
    /// completes moves: a little more than one scan for DGT (200-250 ms over USB); for the
    /// snapshot boards the 350 ms picochess found to keep a slid piece from reading as a move
    /// to the square it crossed.
    pub fn settle_ms(self) -> u64 {
        match self {
            Self::Dgt => 250,
            Self::Millennium
            | Self::Certabo
            | Self::Chessnut
            | Self::Pegasus
            | Self::SquareOff
            | Self::ChessUp
            | Self::IChessOne => 350,
        }
    }

    /// A fresh codec for its boards.
    pub fn codec(self) -> Box<dyn BoardCodec> {
        self.codec_with(&CodecOptions::default())
    }

    /// A fresh codec for its boards, told what `options` say: a Pegasus unlocked by the
    /// developer key given; the other families ignore the key (see [`CodecOptions`]).
    pub fn codec_with(self, options: &CodecOptions) -> Box<dyn BoardCodec> {
        self.sendable_codec_with(options)
    }

    /// [`Self::codec_with`], a codec that may move to another thread (the bridge's game task,
    /// which the runtime may run on any of its threads).
    pub fn sendable_codec_with(self, options: &CodecOptions) -> Box<dyn BoardCodec + Send> {
        match self {
            Self::Dgt => Box::new(DgtCodec::default()),
            Self::Millennium => Box::new(SnapshotCodec::new(MillenniumFrames::default())),
            Self::Certabo => Box::new(SnapshotCodec::new(CertaboFrames::default())),
            Self::Chessnut => Box::new(SnapshotCodec::new(ChessnutFrames::default())),
            Self::Pegasus => Box::new(PresenceCodec::new(match &options.pegasus_key {
                Some(key) => PegasusSensors::with_key(key.clone()),
                None => PegasusSensors::default(),
            })),
            Self::SquareOff => Box::new(PresenceCodec::new(SquareOffSensors::default())),
            Self::ChessUp => Box::new(SnapshotCodec::new(ChessUpFrames::default())),
            Self::IChessOne => Box::new(PresenceCodec::new(IChessOneSensors::default())),
        }
    }
}

/// The DGT family (e-Board, Smart Board, Bluetooth boards, and the DGT 3000 cabled to them):
/// the protocol's decoder, and the [`NoiseGate`] so that only what two agreeing reads show
/// reaches the game.
///
/// It is also the codec of a serial line whose board is not yet known: until the line speaks
/// DGT's protocol, a Millennium or Certabo board's frames on it are recognised
/// ([`line::Listener`]) and the line is read as that board from then on.
#[derive(Debug, Default)]
pub struct DgtCodec {
    decoder: Decoder,
    gate: NoiseGate,
    dropped: u64,
    /// Readings for the session, each with when the board first showed it (see
    /// [`BoardCodec::shown_since`]).
    passed: VecDeque<(BoardMessage, Option<u64>)>,
    /// When the board first showed the reading last polled.
    since: Option<u64>,
    /// Clock readings held while what the board shows is not yet confirmed.
    held: VecDeque<BoardMessage>,
    /// The line has said something in DGT's protocol.
    spoke_dgt: bool,
    listener: line::Listener,
    /// Another family's board, found on the line.
    other: Option<line::OnTheLine>,
    /// Its handshake, to be written once it was found.
    queued: VecDeque<Command>,
}

impl DgtCodec {
    fn pass(&mut self, message: BoardMessage, since: Option<u64>) {
        match message {
            // A press read while the pieces are not yet confirmed waits for the reads that
            // confirm them: the press completes the move the board shows, which they will show.
            m @ BoardMessage::Clock(_) if self.gate.in_doubt() => self.held.push_back(m),
            m => self.passed.push_back((m, since)),
        }
    }
}

impl BoardCodec for DgtCodec {
    fn reset(&mut self) {
        self.decoder.reset();
        self.gate.reset();
        self.dropped = 0;
        self.passed.clear();
        self.since = None;
        self.held.clear();
        self.listener.forget();
        self.queued.clear();
        // The same board is plugged in again (a Certabo keeps its calibration).
        if let Some(other) = &mut self.other {
            other.codec().reset();
        }
    }

    fn feed(&mut self, now: u64, bytes: &[u8]) {
        if let Some(other) = &mut self.other {
            return other.codec().feed(now, bytes);
        }
        if !self.spoke_dgt
            && let Some(found) = self.listener.hear(now, bytes)
        {
            // Another family's board: what DGT's decoder made of its bytes is dropped.
            self.decoder.reset();
            self.gate.reset();
            self.passed.clear();
            self.held.clear();
            self.queued.extend(found.codec_ref().handshake());
            self.dropped = 0;
            self.other = Some(found);
            return;
        }
        self.decoder.feed(bytes);
        while let Some(decoded) = self.decoder.poll() {
            if decoded.is_err() {
                self.dropped += 1;
            } else if !self.spoke_dgt && !matches!(decoded, Ok(BoardMessage::Other { .. })) {
                // A message of DGT's own (not one of unknown id noise could make up).
                self.spoke_dgt = true;
                self.listener.forget();
            }
            let first = self.gate.take(now, decoded);
            let mut confirmed = VecDeque::new();
            if let Some(m) = first {
                confirmed.push_back((m, self.gate.shown_since()));
            }
            while let Some(m) = self.gate.poll_ready() {
                confirmed.push_back((m, self.gate.shown_since()));
            }
            for (message, since) in confirmed {
                self.pass(message, since);
            }
            if !self.gate.in_doubt() {
                // The pieces are confirmed: the presses read meanwhile follow them.
                self.passed.extend(self.held.drain(..).map(|m| (m, None)));
            }
        }
    }

    fn poll_deadline(&self) -> Option<u64> {
        match &self.other {
            Some(other) => other.codec_ref().poll_deadline(),
            None => self.gate.poll_deadline(),
        }
    }

    fn handle_deadline(&mut self, now: u64) {
        match &mut self.other {
            Some(other) => other.codec().handle_deadline(now),
            None => self.gate.handle_deadline(now),
        }
    }

    fn poll_reading(&mut self) -> Option<BoardMessage> {
        match &mut self.other {
            Some(other) => other.codec().poll_reading(),
            None => {
                let (message, since) = self.passed.pop_front()?;
                self.since = since;
                Some(message)
            }
        }
    }

    fn shown_since(&self) -> Option<u64> {
        match &self.other {
            Some(other) => other.codec_ref().shown_since(),
            None => self.since,
        }
    }

    fn confirming(&self) -> bool {
        match &self.other {
            Some(other) => other.codec_ref().confirming(),
            None => self.gate.in_doubt(),
        }
    }

    fn poll_command(&mut self) -> Option<Command> {
        if let Some(c) = self.queued.pop_front() {
            return Some(c);
        }
        match &mut self.other {
            Some(other) => other.codec().poll_command(),
            None => self.gate.poll_command(),
        }
    }

    fn take_read_request(&mut self) -> bool {
        if let Some(other) = &mut self.other {
            return other.codec().take_read_request();
        }
        if self.gate.wants_read() {
            self.gate.read_asked();
            true
        } else {
            false
        }
    }

    fn handshake(&self) -> Vec<Command> {
        // Reset also takes the board out of bus mode; the dump is the truth to resync from,
        // the clock's reading gives the lever's position before the first press, and
        // UPDATE_NICE is the mode that passes clock acknowledgements. A Bluetooth board answers
        // the battery's question (BATTERY_STATUS) and a USB one, which has no battery, lets it
        // pass: the arbiter sees a wireless board's charge from its connection on.
        vec![
            Command::Reset,
            Command::Version,
            Command::SendBoard,
            Command::SendClock,
            Command::Update(UpdateMode::Nice),
            Command::Battery,
        ]
    }

    fn encode(&self, command: &Command, out: &mut Vec<u8>) {
        match &self.other {
            Some(other) => other.codec_ref().encode(command, out),
            None => command.encode(out),
        }
    }

    fn health(&self) -> (u64, u64) {
        match &self.other {
            Some(other) => other.codec_ref().health(),
            None => (self.dropped, self.gate.resyncs()),
        }
    }

    fn reports_lifts(&self) -> bool {
        self.other.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chessnut_write_is_one_hid_report_a_command() {
        // Reports on and the battery asked in one write, then the lights: three reports.
        let write = [
            0x21, 0x01, 0x00, 0x29, 0x01, 0x00, 0x0A, 0x08, 0x80, 0, 0, 0, 0, 0, 0, 0x01,
        ];
        let reports: Vec<&[u8]> = Family::Chessnut.hid_reports(&write).collect();
        assert_eq!(
            reports,
            [
                &[0x21, 0x01, 0x00][..],
                &[0x29, 0x01, 0x00][..],
                &[0x0A, 0x08, 0x80, 0, 0, 0, 0, 0, 0, 0x01][..],
            ]
        );
        // One command stays one report; nothing to write is no report.
        let one: Vec<&[u8]> = Family::Chessnut.hid_reports(&[0x21, 0x01, 0x00]).collect();
        assert_eq!(one, [&[0x21, 0x01, 0x00][..]]);
        assert_eq!(Family::Chessnut.hid_reports(&[]).count(), 0);
        // A family not read over HID keeps its write whole.
        let dgt: Vec<&[u8]> = Family::Dgt.hid_reports(&[0x42, 0x45]).collect();
        assert_eq!(dgt, [&[0x42, 0x45][..]]);
        assert_eq!(Family::Dgt.hid_reports(&[]).count(), 0);
    }

    #[test]
    fn every_family_is_found_by_its_name() {
        for family in Family::ALL {
            assert_eq!(Family::named(family.name()), Some(family));
        }
        assert_eq!(Family::named("nonesuch"), None);
        let labels: std::collections::HashSet<_> = Family::ALL.map(Family::label).into();
        assert_eq!(labels.len(), Family::ALL.len(), "one label each");
        assert_eq!(Family::Pegasus.label(), "DGT Pegasus");
    }

    #[test]
    fn the_bluetooth_families_are_found_by_their_services() {
        for family in [
            Family::Pegasus,
            Family::SquareOff,
            Family::ChessUp,
            Family::IChessOne,
        ] {
            let ble = family.ble().expect("a Bluetooth family");
            assert_eq!(
                ble.service, "6e400001-b5a3-f393-e0a9-e50e24dcca9e",
                "{family:?}"
            );
            assert_eq!(ble.write, "6e400002-b5a3-f393-e0a9-e50e24dcca9e");
            assert_eq!(ble.notify, "6e400003-b5a3-f393-e0a9-e50e24dcca9e");
            assert!(family.serial().is_none() && !family.reports_lifts());
        }
    }

    #[test]
    fn a_dgt_board_is_asked_for_its_battery_once_its_reports_are_on() {
        let handshake = DgtCodec::default().handshake();
        let nice = handshake
            .iter()
            .position(|c| *c == Command::Update(UpdateMode::Nice));
        let battery = handshake.iter().position(|c| *c == Command::Battery);
        assert!(
            matches!((nice, battery), (Some(n), Some(b)) if b > n),
            "{handshake:?}"
        );
        let mut bytes = Vec::new();
        DgtCodec::default().encode(&Command::Battery, &mut bytes);
        assert_eq!(bytes, [0x4C], "SEND_BATTERY_STATUS");
    }

    #[test]
    fn a_boxed_codec_speaks_as_its_family() {
        let boxed = Family::Dgt.codec();
        let plain = DgtCodec::default();
        assert_eq!(boxed.handshake(), plain.handshake());
        assert!(boxed.reports_lifts());
        let mut a = Vec::new();
        let mut b = Vec::new();
        for c in boxed.handshake() {
            boxed.encode(&c, &mut a);
            plain.encode(&c, &mut b);
        }
        assert_eq!(a, b);
        // DGT's line: 9600 8N1.
        let line = Family::Dgt.serial().expect("a serial family");
        assert_eq!(
            (line.baud, line.data_bits, line.parity, line.stop_bits),
            (9600, 8, Parity::None, 1)
        );
    }

    /// Every byte the codec writes to open a session, one command after another.
    fn handshake_bytes(codec: &dyn BoardCodec) -> Vec<Vec<u8>> {
        codec
            .handshake()
            .iter()
            .map(|c| {
                let mut out = Vec::new();
                codec.encode(c, &mut out);
                out
            })
            .collect()
    }

    #[test]
    fn a_pegasus_key_goes_out_after_the_reset_serial_and_version_requests() {
        let key = DeveloperKey::from_hex("c0ffee00").expect("a key");
        let options = CodecOptions {
            pegasus_key: Some(key),
        };
        let keyed = handshake_bytes(&*Family::Pegasus.codec_with(&options));
        // Reset (40), serial number (45), version (4D), then `63 len key 00`; the board's
        // dump (42) and its reports (44) asked once it is unlocked.
        assert_eq!(
            keyed,
            vec![
                vec![0x40],
                vec![0x45],
                vec![0x4D, 0x63, 0x05, 0xC0, 0xFF, 0xEE, 0x00, 0x00],
                vec![0x42],
                vec![0x44],
            ]
        );
        // Without a key, no 0x63 at all: the same requests.
        let plain = handshake_bytes(&*Family::Pegasus.codec());
        assert_eq!(
            plain,
            vec![vec![0x40], vec![0x45], vec![0x4D], vec![0x42], vec![0x44]]
        );
        // Every other family is deaf to the key: the same bytes as without it.
        for family in Family::ALL.into_iter().filter(|f| *f != Family::Pegasus) {
            assert_eq!(
                handshake_bytes(&*family.codec_with(&options)),
                handshake_bytes(&*family.codec()),
                "{family:?}"
            );
        }
    }
}
