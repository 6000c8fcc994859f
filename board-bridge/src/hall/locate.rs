//! Boards found by their serial number (`serial = "41234"` in the hall file) on whatever port
//! they are plugged into: the hall asks every free port for its board's serial number and
//! links the board to the port that answers with it. A board that goes quiet (unplugged) is
//! looked for again on every port, so plugged into another one it carries on its game, which
//! lives in the hall (its hub, referee and log), not in the link.

use std::collections::HashSet;
use std::time::Duration;

use arbiter_core::dgt::codec::{BoardMessage, Command};
use arbiter_core::dgt::family::Family;

use super::SharedHall;

/// How often the free ports are asked.
pub const SCAN_EVERY: Duration = Duration::from_secs(1);
/// How long one port gets to answer.
const ANSWER_WAIT: Duration = Duration::from_millis(400);

/// The serial number the board on `path` gives (its 5-digit one, or the 10-digit one without
/// leading zeros), if a DGT board answers there.
pub fn serial_at(path: &str) -> Option<String> {
    let mut port = crate::serial::open(path).ok()?;
    let commands = [Command::SerialNumber, Command::LongSerialNumber];
    crate::serial::ask(&mut port, &commands, ANSWER_WAIT, |m| match m {
        BoardMessage::SerialNumber(s) => Some(s.trim().to_owned()),
        BoardMessage::LongSerialNumber(s) => Some(s.trim().trim_start_matches('0').to_owned()),
        _ => None,
    })
    .ok()
    .flatten()
}

/// A board on a port, as the arbiter's list shows it: found by a scan of the free ports, or
/// one the hall has linked (its port is then busy, so the scan passes it over).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The port it is on.
    pub port: String,
    /// The family whose frames it answered with.
    pub family: Family,
    /// Its serial number, when its family tells one (DGT's).
    pub serial: Option<String>,
    /// The hall's board it serves, when the hall has linked it.
    pub linked: Option<u32>,
}

/// The family's name as the arbiter reads it on the board: the core's [`Family::label`], so
/// that every family the core reads is named the same everywhere.
pub fn family_label(family: Family) -> &'static str {
    family.label()
}

/// The board on `path`, if one answers there: a DGT board with its serial number, else a
/// Millennium or Certabo board recognised from its frames at its own line settings (neither
/// tells a serial number).
pub fn board_at(path: &str) -> Option<(Family, Option<String>)> {
    if let Some(serial) = serial_at(path) {
        return Some((Family::Dgt, Some(serial)));
    }
    [Family::Millennium, Family::Certabo]
        .into_iter()
        .find(|&f| crate::serial::other_board(path, f).is_some())
        .map(|f| (f, None))
}

/// The boards on the HID nodes among `found` that no board of the hall holds (`busy`), for the
/// scan's list: their vendor id names their family, and none tells a serial number.
pub fn free_hid_boards(
    found: Vec<crate::hid::sysfs::HidBoard>,
    busy: &HashSet<String>,
) -> Vec<(String, Family, Option<String>)> {
    found
        .into_iter()
        .filter(|b| !busy.contains(&b.path))
        .map(|b| (b.path, b.family, None))
        .collect()
}

/// The scan's list: the boards the hall has linked (with the board each serves, since their
/// ports are busy and no scan sees them) and then those found on the free ports.
pub fn listed(
    linked: impl IntoIterator<Item = (String, u32, String)>,
    answers: &[(String, Family, Option<String>)],
) -> Vec<Found> {
    let mut list: Vec<Found> = linked
        .into_iter()
        .map(|(port, board, serial)| Found {
            port,
            // Only a DGT board tells the serial number the hall links by.
            family: Family::Dgt,
            serial: Some(serial),
            linked: Some(board),
        })
        .collect();
    for (port, family, serial) in answers {
        if !list.iter().any(|f| &f.port == port) {
            list.push(Found {
                port: port.clone(),
                family: *family,
                serial: serial.clone(),
                linked: None,
            });
        }
    }
    list
}

/// Whether `found` (as [`serial_at`] gives it) is the serial number the hall file names.
pub fn same_serial(wanted: &str, found: &str) -> bool {
    let w = wanted.trim().trim_start_matches('0');
    !w.is_empty() && w == found.trim_start_matches('0')
}

/// Finds and links, for as long as the hall runs, the boards named by serial number.
pub async fn run(hall: SharedHall, extra_ports: Vec<String>) {
    let n = hall.round().boards.len();
    // Which board index is linked to which port, and its link's task.
    let mut linked: Vec<Option<(String, tokio::task::JoinHandle<()>, u32)>> =
        (0..n).map(|_| None).collect();
    // The serial number each link was made for: an assignment changed on the hall page
    // unlinks the board, which is then looked for by its new number.
    let mut linked_for: Vec<Option<String>> = vec![None; n];
    // The round the links serve: the next round's games take the boards.
    let mut linked_round = hall.round().event.round;
    loop {
        let round = hall.round();
        if round.event.round != linked_round {
            for slot in &mut linked {
                if let Some((_, task, _)) = slot.take() {
                    task.abort();
                }
            }
            linked_for.iter_mut().for_each(|s| *s = None);
            linked_round = round.event.round;
            // The ports are let go as the aborted links end: looked at on the next scan.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        for (i, slot) in linked.iter_mut().enumerate() {
            if linked_for[i] != hall.serial_of(i)
                && let Some((path, task, _)) = slot.take()
            {
                eprintln!(
                    "board-bridge: board {} assigned another board; {path} let go",
                    round.boards[i].number()
                );
                task.abort();
            }
        }
        // A linked board whose link lost it two scans running is looked for everywhere again.
        for (i, slot) in linked.iter_mut().enumerate() {
            if let Some((path, task, quiet)) = slot {
                let game = &round.boards[i].game;
                if game.act(|r| r.hub().state().connected).await == Some(true) {
                    *quiet = 0;
                } else {
                    *quiet += 1;
                    if *quiet >= 3 {
                        eprintln!(
                            "board-bridge: board {} ({}) lost at {path}; looking on every port",
                            round.boards[i].number(),
                            round.boards[i].source_name()
                        );
                        task.abort();
                        *slot = None;
                    }
                }
            }
        }
        let wanted: Vec<(usize, String)> = (0..round.boards.len())
            .filter(|i| linked[*i].is_none())
            .filter_map(|i| hall.serial_of(i).map(|s| (i, s)))
            .collect();
        // Every scan also lists the boards found on free ports, for the arbiter to assign.
        {
            let busy: HashSet<String> = round
                .boards
                .iter()
                .filter_map(|b| b.config.port.clone())
                .chain(linked.iter().flatten().map(|(p, _, _)| p.clone()))
                .collect();
            let mut ports = crate::serial::candidates();
            for p in &extra_ports {
                if !ports.contains(p) {
                    ports.push(p.clone());
                }
            }
            ports.retain(|p| !busy.contains(p));
            // Asking waits on each port's answer: off the thread that serves the pages.
            let mut answers = tokio::task::spawn_blocking(move || {
                ports
                    .into_iter()
                    .filter_map(|p| board_at(&p).map(|(f, s)| (p, f, s)))
                    .collect::<Vec<_>>()
            })
            .await
            .unwrap_or_default();
            // A Chessnut on USB HID is named by its node's vendor id, without opening it.
            answers.extend(free_hid_boards(crate::hid::sysfs::boards(), &busy));
            for (i, serial) in wanted {
                if let Some((path, _, _)) = answers
                    .iter()
                    .find(|(_, _, s)| s.as_ref().is_some_and(|s| same_serial(&serial, s)))
                {
                    if linked.iter().flatten().any(|(p, _, _)| p == path) {
                        continue;
                    }
                    let board = &round.boards[i];
                    eprintln!(
                        "board-bridge: board {} (serial {serial}) found at {path}",
                        board.number()
                    );
                    let task = board.spawn_link_at(path.clone());
                    linked[i] = Some((path.clone(), task, 0));
                    linked_for[i] = Some(serial.clone());
                }
            }
            let links = linked.iter().enumerate().filter_map(|(i, slot)| {
                let (path, _, _) = slot.as_ref()?;
                Some((
                    path.clone(),
                    round.boards[i].number(),
                    linked_for[i].clone()?,
                ))
            });
            hall.set_detected(listed(links, &answers));
        }
        tokio::time::sleep(SCAN_EVERY).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_linked_board_stays_listed_with_the_board_it_serves() {
        let answers = [
            ("/dev/ttyACM1".to_owned(), Family::Millennium, None),
            (
                "/dev/ttyACM0".to_owned(),
                Family::Dgt,
                Some("41234".to_owned()),
            ),
        ];
        let list = listed(
            [("/dev/ttyACM0".to_owned(), 3, "41234".to_owned())],
            &answers,
        );
        assert_eq!(list.len(), 2, "{list:?}");
        assert_eq!(list[0].port, "/dev/ttyACM0");
        assert_eq!(list[0].linked, Some(3));
        assert_eq!(list[0].serial.as_deref(), Some("41234"));
        assert_eq!(list[1].family, Family::Millennium);
        assert_eq!(list[1].serial, None);
        assert_eq!(family_label(list[1].family), "Millennium");
    }

    #[test]
    fn a_chessnut_on_a_free_hid_node_is_listed_by_its_family() {
        use crate::hid::testing::{CHESSNUT_DESCRIPTOR, Sysfs, uevent};
        let sys = Sysfs::new("hall");
        let chessnut = uevent("0003:00002D80:00008002");
        sys.node("hidraw1", &chessnut, Some(&CHESSNUT_DESCRIPTOR));
        sys.node("hidraw2", &chessnut, Some(&CHESSNUT_DESCRIPTOR));
        let found = crate::hid::sysfs::boards_under(&sys.class(), std::path::Path::new("/dev"));
        // Board 4 of the hall reads hidraw2 (its port in the hall file): not offered again.
        let busy = HashSet::from(["/dev/hidraw2".to_owned()]);
        let mut answers = vec![("/dev/ttyACM0".to_owned(), Family::Certabo, None)];
        answers.extend(free_hid_boards(found, &busy));
        let list = listed([], &answers);
        let named: Vec<_> = list
            .iter()
            .map(|f| (f.port.as_str(), family_label(f.family), f.serial.as_deref()))
            .collect();
        assert_eq!(
            named,
            [
                ("/dev/ttyACM0", "Certabo", None),
                ("/dev/hidraw1", "Chessnut", None)
            ]
        );
    }

    #[test]
    fn short_and_long_serial_numbers_match() {
        assert!(same_serial("20526", "20526"));
        assert!(same_serial("0000020526", "20526"));
        assert!(same_serial("20526", "0000020526"));
        assert!(!same_serial("20527", "20526"));
        assert!(!same_serial("", "0"));
    }
}
