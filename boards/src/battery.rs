//! What a board and the DGT clock cabled to it say of their batteries, read from any family's
//! messages: a family that tells its charge in its own words gives it as DGT's BATTERY_STATUS
//! ([`Battery::status_bytes`]), so one reading serves every family.

use crate::clock::ClockReading;
use crate::codec::BoardMessage;

/// DGT's BATTERY_STATUS byte for a figure the board does not know.
const NOT_KNOWN: u8 = 0x7F;

/// What a board and the clock cabled to it have said of their batteries (nothing, for a board
/// on a cable without a clock: all unknown). Serialised as the bridge's pages read it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Battery {
    /// The board's charge in percent, when it has told it (DGT BATTERY_STATUS, Bluetooth
    /// boards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u8>,
    /// The board is being charged.
    #[serde(default)]
    pub charging: bool,
    /// The DGT clock cabled to the board says its battery is low.
    #[serde(default)]
    pub clock_low: bool,
}

impl Battery {
    /// What there is to tell of the batteries: nothing while neither the board nor its clock has
    /// said anything.
    #[must_use]
    pub fn known(self) -> Option<Battery> {
        (self != Battery::default()).then_some(self)
    }

    /// The board's charge as DGT's BATTERY_STATUS bytes (the form [`Battery::told`] reads), for
    /// a family that tells it in its own words: `percent` (none: not known) and whether it is
    /// being charged; the running and standby times it does not tell are "not known".
    #[must_use]
    pub fn status_bytes(percent: Option<u8>, charging: bool) -> Vec<u8> {
        let mut bytes = vec![NOT_KNOWN; 9];
        bytes[0] = percent.filter(|&p| p <= 100).unwrap_or(NOT_KNOWN);
        bytes[8] = u8::from(charging);
        bytes
    }

    /// What `message` says of the batteries, over what was known (`self`); `None` when it says
    /// nothing of them.
    #[must_use]
    pub fn told(self, message: &BoardMessage) -> Option<Battery> {
        match message {
            BoardMessage::Clock(ClockReading::Times(times)) => Some(Battery {
                clock_low: times.is_battery_low,
                ..self
            }),
            // No clock on the board any more: nothing is known of its battery.
            BoardMessage::Clock(ClockReading::NoClock) => Some(Battery {
                clock_low: false,
                ..self
            }),
            // `[percent][run h][run min][on h][on min][standby d][standby h][standby min][status]`:
            // 0x7F stands for "not known"; bit 0 of the status byte is "charging".
            BoardMessage::Battery(data) => Some(Battery {
                percent: data.first().copied().filter(|&p| p <= 100),
                charging: data.get(8).is_some_and(|s| s & 0x01 != 0),
                ..self
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Battery;
    use crate::clock::{ClockReading, ClockTimes, SideTime};
    use crate::codec::BoardMessage;

    fn clock(low: bool) -> BoardMessage {
        let side = SideTime {
            hours: 1,
            minutes: 30,
            seconds: 0,
            is_flag_fallen: false,
            is_flag_shown: false,
        };
        BoardMessage::Clock(ClockReading::Times(ClockTimes {
            left: side,
            right: side,
            is_running: false,
            is_right_lever_high: false,
            is_battery_low: low,
        }))
    }

    #[test]
    fn the_board_and_its_clock_tell_their_batteries_apart() {
        let known = Battery::default();
        // 42 %, charging (status bit 0), as a Bluetooth DGT board answers.
        let board = BoardMessage::Battery(vec![42, 1, 2, 3, 4, 0, 5, 6, 0x01]);
        let known = known.told(&board).expect("the board's battery");
        assert_eq!(
            known,
            Battery {
                percent: Some(42),
                charging: true,
                clock_low: false
            }
        );
        // The clock's low battery joins what the board said.
        let known = known.told(&clock(true)).expect("the clock's battery");
        assert_eq!((known.percent, known.clock_low), (Some(42), true));
        // 0x7F: the board does not know its charge.
        let unknown = known
            .told(&BoardMessage::Battery(vec![0x7F; 9]))
            .expect("an answer");
        assert_eq!(unknown.percent, None);
        assert!(unknown.clock_low);
        // A short answer is no panic; a dump says nothing of batteries.
        assert_eq!(
            Battery::default().told(&BoardMessage::Battery(vec![])),
            Some(Battery::default())
        );
        assert_eq!(
            known.told(&BoardMessage::BoardDump(crate::board::BoardDump {
                codes: [0; 64]
            })),
            None
        );
    }
}
