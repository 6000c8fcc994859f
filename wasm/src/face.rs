//! What a clock face shows for a remaining time. Display only: the time itself is the core's.

/// `h:mm:ss` from an hour up, `m:ss` from 20 s up, and `s.t` (tenths) below 20 s, where a player
/// in time trouble reads them. Digits are truncated, never rounded up: a face that shows `0:01`
/// still has time on it, and `0.0` means the flag has fallen.
pub fn face_text(remaining_ms: u64) -> String {
    if remaining_ms < 20_000 {
        let tenths = remaining_ms / 100;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    let s = remaining_ms / 1000;
    let (h, m, s) = (s / 3600, (s % 3600) / 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::face_text;

    #[test]
    fn faces_truncate_and_switch_to_tenths_below_twenty_seconds() {
        assert_eq!(face_text(5_400_000), "1:30:00");
        assert_eq!(face_text(3_599_999), "59:59");
        assert_eq!(face_text(180_000), "3:00");
        assert_eq!(face_text(179_999), "2:59");
        assert_eq!(face_text(20_000), "0:20");
        assert_eq!(face_text(19_999), "19.9");
        assert_eq!(face_text(99), "0.0");
        assert_eq!(face_text(0), "0.0");
    }
}
