//! How typed fields are written so that the JSON stays what pages have always read.

use std::fmt::Display;
use std::sync::Arc;

use arbiter_core::dgt::table::Seat;
use serde::ser::Error as _;
use serde::{Serialize, Serializer};

/// Written as its display text (a [`arbiter_core::laws::Law`] as `2005 Art. 7.5`).
pub fn display<T: Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// [`display`], for a field left out when absent.
pub fn display_opt<T: Display, S: Serializer>(value: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => s.collect_str(v),
        None => s.serialize_none(),
    }
}

/// Written with its keys in sorted order: the core's structures reached pages as JSON values,
/// whose objects sort their keys, and the bytes on the wire stay as they were.
pub fn sorted<T: Serialize, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    serde_json::to_value(value)
        .map_err(S::Error::custom)?
        .serialize(s)
}

/// [`sorted`], for a value shared with the snapshots.
pub fn sorted_arc<T: Serialize, S: Serializer>(value: &Arc<T>, s: S) -> Result<S::Ok, S::Error> {
    sorted(&**value, s)
}

/// [`sorted`], for a field left out when absent.
pub fn sorted_opt_arc<T: Serialize, S: Serializer>(
    value: &Option<Arc<T>>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(v) => sorted(&**v, s),
        None => s.serialize_none(),
    }
}

/// A board's seat, by the name its events are logged under (`board`, `blind_board`).
pub fn seat<S: Serializer>(seat: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
    match seat {
        Some(seat) => s.serialize_str(seat.name()),
        None => s.serialize_none(),
    }
}
