//! The DGT XL / DGT 3000 clock as seen through the board: BWTIME readings and acknowledgements
//! coming in, clock commands going out.
//!
//! With a clock cabled to the board its lever presses are the clock presses that complete a move
//! (2005 Art. 6.8a), and the Arbiter clock drives its display. "Left" and "right" are physical
//! sides: they do not swap when the board is turned (the arbiter places the clock, 2005 Art. 6.4).

/// One side's display in a BWTIME reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SideTime {
    /// Hours, 0..9.
    pub hours: u8,
    /// Minutes, 0..59.
    pub minutes: u8,
    /// Seconds, 0..59.
    pub seconds: u8,
    /// The flag has fallen and the clock is blocked at zero.
    pub is_flag_fallen: bool,
    /// The flag is shown; the clock may still run.
    pub is_flag_shown: bool,
}

impl SideTime {
    /// The time shown, in milliseconds.
    pub fn to_millis(self) -> u64 {
        (u64::from(self.hours) * 3600 + u64::from(self.minutes) * 60 + u64::from(self.seconds))
            * 1000
    }
}

/// Which side of the lever is down, which is whose clock is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockSide {
    /// The side on the left of the clock's face.
    Left,
    /// The side on the right of the clock's face.
    Right,
}

/// The times a clock reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockTimes {
    /// Left display.
    pub left: SideTime,
    /// Right display.
    pub right: SideTime,
    /// The clock is running.
    pub is_running: bool,
    /// The lever is up on the right, so the left player's clock runs.
    pub is_right_lever_high: bool,
    /// The clock's battery is low.
    pub is_battery_low: bool,
}

impl ClockTimes {
    /// Whose clock the lever lets run: a press on one side starts the other.
    pub fn running_side(&self) -> ClockSide {
        if self.is_right_lever_high {
            ClockSide::Left
        } else {
            ClockSide::Right
        }
    }
}

/// A clock button.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClockButton {
    /// Back.
    Back,
    /// Plus.
    Plus,
    /// Run / pause.
    Run,
    /// Minus.
    Minus,
    /// OK.
    Ok,
    /// A code the header does not name.
    Other(u8),
}

/// A clock's acknowledgement, rebuilt from the 7 BWTIME bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockAck {
    /// The clock answered a command (its code) successfully.
    Done {
        /// The command code echoed.
        command: u8,
    },
    /// The clock refused the last command (e.g. SetNRun outside clock mode 23).
    Refused,
    /// The clock reports its firmware version.
    Version {
        /// Major version.
        major: u8,
        /// Minor version.
        minor: u8,
    },
    /// The clock has just come up.
    Ready,
    /// A button was pressed.
    Button(ClockButton),
    /// Any other acknowledgement, raw.
    Other([u8; 4]),
}

/// A BWTIME message: either times or an acknowledgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockReading {
    /// The clock's displays and lever.
    Times(ClockTimes),
    /// An acknowledgement of a clock command, or an unsolicited event.
    Ack(ClockAck),
    /// The board says no clock is connected, or sent the all-zero reading some Bluetooth
    /// firmwares emit after a clock command.
    NoClock,
    /// A reading whose digits are out of range; ignored rather than trusted.
    Garbled([u8; 7]),
}

fn bcd(b: u8) -> Option<u8> {
    let (hi, lo) = (b >> 4, b & 0x0F);
    (hi <= 5 && lo <= 9).then_some(hi * 10 + lo)
}

fn side(p: &[u8]) -> Option<SideTime> {
    let hours = p[0] & 0x0F;
    (hours <= 9).then_some(())?;
    Some(SideTime {
        hours,
        minutes: bcd(p[1])?,
        seconds: bcd(p[2])?,
        is_flag_fallen: p[0] & 0x10 != 0,
        is_flag_shown: p[0] & 0x40 != 0,
    })
}

impl ClockReading {
    /// Reads the 7 payload bytes of a BWTIME message.
    pub fn from_payload(p: [u8; 7]) -> Self {
        if p == [0; 7] {
            return Self::NoClock;
        }
        if p[0] & 0x0F == 0x0A || p[3] & 0x0F == 0x0A {
            return Self::Ack(Self::ack(p));
        }
        if p[6] & 0x20 != 0 {
            return Self::NoClock;
        }
        match (side(&p[0..3]), side(&p[3..6])) {
            (Some(right), Some(left)) => Self::Times(ClockTimes {
                left,
                right,
                is_running: p[6] & 0x01 != 0,
                is_right_lever_high: p[6] & 0x02 != 0,
                is_battery_low: p[6] & 0x04 != 0,
            }),
            _ => Self::Garbled(p),
        }
    }

    fn ack(p: [u8; 7]) -> ClockAck {
        let top = |b: u8, bit: u8| if b & (1 << bit) != 0 { 0x80 } else { 0 };
        let a = [
            (p[1] & 0x7F) | top(p[3], 4),
            (p[2] & 0x7F) | top(p[3], 5),
            (p[4] & 0x7F) | top(p[0], 4),
            (p[5] & 0x7F) | top(p[0], 5),
        ];
        if a[0] == 0x40 {
            return ClockAck::Refused;
        }
        match a[1] {
            0x81 => ClockAck::Ready,
            0x88 => ClockAck::Button(match a[3] {
                0x31 => ClockButton::Back,
                0x32 => ClockButton::Plus,
                0x33 => ClockButton::Run,
                0x34 => ClockButton::Minus,
                0x35 => ClockButton::Ok,
                other => ClockButton::Other(other),
            }),
            0x09 => ClockAck::Version {
                major: a[2] >> 4,
                minor: a[2] & 0x0F,
            },
            c if c & 0x80 == 0 && a[0] == 0x10 => ClockAck::Done { command: c },
            _ => ClockAck::Other(a),
        }
    }

    /// The 7 payload bytes a clock would send for `times` (the simulator's side of the wire).
    pub fn times_payload(times: &ClockTimes) -> [u8; 7] {
        let to_bcd = |v: u8| ((v / 10) << 4) | (v % 10);
        let enc = |s: SideTime| {
            [
                (s.hours & 0x0F)
                    | if s.is_flag_fallen { 0x10 } else { 0 }
                    | if s.is_flag_shown { 0x40 } else { 0 },
                to_bcd(s.minutes.min(59)),
                to_bcd(s.seconds.min(59)),
            ]
        };
        let [r0, r1, r2] = enc(times.right);
        let [l0, l1, l2] = enc(times.left);
        let status = u8::from(times.is_running)
            | if times.is_right_lever_high { 0x02 } else { 0 }
            | if times.is_battery_low { 0x04 } else { 0 };
        [r0, r1, r2, l0, l1, l2, status]
    }
}

/// One side's time for SetNRun.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DisplayTime {
    /// Hours (the clock shows 0..9).
    pub hours: u8,
    /// Minutes.
    pub minutes: u8,
    /// Seconds.
    pub seconds: u8,
}

impl DisplayTime {
    /// The display for `millis` left, rounded down to the second, capped at 9:59:59.
    pub fn from_millis(millis: u64) -> Self {
        let s = (millis / 1000).min(9 * 3600 + 59 * 60 + 59);
        // Each part is below 60 (or 10 for hours) after the cap, so it fits a byte.
        Self {
            hours: (s / 3600) as u8,
            minutes: (s / 60 % 60) as u8,
            seconds: (s % 60) as u8,
        }
    }
}

/// A command for a clock cabled to the board, wrapped by the board in CLOCK_MESSAGE (0x2B).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockCommand {
    /// Set both displays and which one runs (processed only in the clock's mode 23).
    SetAndRun {
        /// Left display.
        left: DisplayTime,
        /// Right display.
        right: DisplayTime,
        /// Which side runs, if any.
        running: Option<ClockSide>,
    },
    /// Show up to 8 ASCII characters (DGT 3000), with a beep of this many 64 ms units.
    Text {
        /// The text; non-ASCII characters are shown as spaces, extra ones dropped.
        text: String,
        /// Beep length in 64 ms units (0 = silent).
        beep: u8,
    },
    /// Beep for this many 64 ms units.
    Beep(u8),
    /// Go back to showing the times.
    EndDisplay,
    /// Ask for the clock's firmware version (answered by an ack).
    Version,
}

impl ClockCommand {
    /// Appends the bytes of the CLOCK_MESSAGE that carries this command to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        const CLOCK_MESSAGE: u8 = 0x2B;
        const START: u8 = 0x03;
        const END: u8 = 0x00;
        let mut body: Vec<u8> = Vec::with_capacity(12);
        match self {
            Self::SetAndRun {
                left,
                right,
                running,
            } => {
                body.push(0x0A);
                for t in [left, right] {
                    body.extend([t.hours, t.minutes, t.seconds].map(|b| b & 0x7F));
                }
                body.push(match running {
                    None => 0x04,
                    Some(ClockSide::Left) => 0x01,
                    Some(ClockSide::Right) => 0x02,
                });
            }
            Self::Text { text, beep } => {
                body.push(0x0C);
                let mut chars: Vec<u8> = text
                    .chars()
                    .map(|c| {
                        if c.is_ascii() && !c.is_ascii_control() {
                            c as u8
                        } else {
                            b' '
                        }
                    })
                    .take(8)
                    .collect();
                chars.resize(8, b' ');
                body.extend(chars);
                body.push(beep & 0x7F);
            }
            Self::Beep(units) => body.extend([0x0B, units & 0x7F]),
            Self::EndDisplay => body.push(0x03),
            Self::Version => body.push(0x09),
        }
        // `len` counts the start byte, the body and the end byte.
        out.extend([CLOCK_MESSAGE, (body.len() + 2) as u8, START]);
        out.extend(body);
        out.push(END);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_round_trip_through_the_payload() {
        let times = ClockTimes {
            left: SideTime {
                hours: 1,
                minutes: 29,
                seconds: 58,
                is_flag_fallen: false,
                is_flag_shown: false,
            },
            right: SideTime {
                hours: 0,
                minutes: 5,
                seconds: 7,
                is_flag_fallen: true,
                is_flag_shown: true,
            },
            is_running: true,
            is_right_lever_high: true,
            is_battery_low: false,
        };
        let p = ClockReading::times_payload(&times);
        assert_eq!(p[1], 0x05);
        assert_eq!(p[4], 0x29);
        assert_eq!(ClockReading::from_payload(p), ClockReading::Times(times));
        assert_eq!(times.running_side(), ClockSide::Left);
        assert_eq!(times.left.to_millis(), 5_398_000);
    }

    #[test]
    fn out_of_range_digits_are_garbled_not_trusted() {
        let p = [0x00, 0x6A, 0x00, 0x00, 0x00, 0x00, 0x01];
        assert!(matches!(
            ClockReading::from_payload(p),
            ClockReading::Garbled(_)
        ));
        assert_eq!(ClockReading::from_payload([0; 7]), ClockReading::NoClock);
        assert_eq!(
            ClockReading::from_payload([0, 0, 0, 0, 0, 0, 0x20]),
            ClockReading::NoClock
        );
    }

    #[test]
    fn acks_are_rebuilt_from_seven_bytes() {
        // ack0 = 0x10 OK, ack1 = 0x88 button (top bit from p3 bit 5), ack3 = 0x33 run.
        let p = [0x0A, 0x10, 0x08, 0x2A, 0x00, 0x33, 0x00];
        assert_eq!(
            ClockReading::from_payload(p),
            ClockReading::Ack(ClockAck::Button(ClockButton::Run))
        );
        let version = [0x0A, 0x10, 0x09, 0x0A, 0x21, 0x00, 0x00];
        assert_eq!(
            ClockReading::from_payload(version),
            ClockReading::Ack(ClockAck::Version { major: 2, minor: 1 })
        );
    }

    #[test]
    fn clock_messages_are_framed_with_length_start_and_end() {
        let mut out = Vec::new();
        ClockCommand::Beep(3).encode(&mut out);
        assert_eq!(out, [0x2B, 0x04, 0x03, 0x0B, 0x03, 0x00]);
        out.clear();
        ClockCommand::SetAndRun {
            left: DisplayTime::from_millis(3_723_000),
            right: DisplayTime::from_millis(59_999),
            running: Some(ClockSide::Right),
        }
        .encode(&mut out);
        assert_eq!(out, [0x2B, 0x0A, 0x03, 0x0A, 1, 2, 3, 0, 0, 59, 0x02, 0x00]);
        out.clear();
        ClockCommand::Text {
            text: "e4 ♞".into(),
            beep: 0,
        }
        .encode(&mut out);
        assert_eq!(out.len(), 14);
        assert_eq!(out[1], 0x0C);
        assert_eq!(&out[4..12], b"e4      ");
    }
}
