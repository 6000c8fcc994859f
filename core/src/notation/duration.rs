//! Time told as a duration in words ("4 minutes 32 seconds", "4 Minuten 32 Sekunden"), never
//! as a clock face: a screen reader reads "05:00" as "five o'clock", and a blind player asks
//! how long he has, not what time it is (2005 App. F2.9d / 2023 App. D.2.10: the moves
//! completed and the time used, on request).
//!
//! ```
//! use arbiter_core::clock::Millis;
//! use arbiter_core::notation::{Language, duration};
//! assert_eq!(duration::say(Millis(272_000), Language::English), "4 minutes 32 seconds");
//! assert_eq!(duration::say(Millis(272_000), Language::German), "4 Minuten 32 Sekunden");
//! ```

use super::Language;
use crate::clock::Millis;

/// The words for one language: singular and plural of hour, minute, second and move.
struct Words {
    hour: (&'static str, &'static str),
    minute: (&'static str, &'static str),
    second: (&'static str, &'static str),
    mv: (&'static str, &'static str),
}

const ENGLISH: Words = Words {
    hour: ("hour", "hours"),
    minute: ("minute", "minutes"),
    second: ("second", "seconds"),
    mv: ("move", "moves"),
};

const GERMAN: Words = Words {
    hour: ("Stunde", "Stunden"),
    minute: ("Minute", "Minuten"),
    second: ("Sekunde", "Sekunden"),
    mv: ("Zug", "Züge"),
};

const ITALIAN: Words = Words {
    hour: ("ora", "ore"),
    minute: ("minuto", "minuti"),
    second: ("secondo", "secondi"),
    mv: ("mossa", "mosse"),
};

const PORTUGUESE: Words = Words {
    hour: ("hora", "horas"),
    minute: ("minuto", "minutos"),
    second: ("segundo", "segundos"),
    mv: ("lance", "lances"),
};

const SPANISH: Words = Words {
    hour: ("hora", "horas"),
    minute: ("minuto", "minutos"),
    second: ("segundo", "segundos"),
    mv: ("jugada", "jugadas"),
};

const FRENCH: Words = Words {
    hour: ("heure", "heures"),
    minute: ("minute", "minutes"),
    second: ("seconde", "secondes"),
    mv: ("coup", "coups"),
};

const DUTCH: Words = Words {
    hour: ("uur", "uur"),
    minute: ("minuut", "minuten"),
    second: ("seconde", "seconden"),
    mv: ("zet", "zetten"),
};

fn words(lang: Language) -> &'static Words {
    match lang {
        Language::German => &GERMAN,
        Language::Italian => &ITALIAN,
        Language::Portuguese => &PORTUGUESE,
        Language::Spanish => &SPANISH,
        Language::French => &FRENCH,
        Language::Dutch => &DUTCH,
        // Figurines are a script, not a language: their readers get English words.
        Language::English | Language::Figurine => &ENGLISH,
    }
}

fn count(n: u64, (one, many): (&str, &str)) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A duration in words, whole seconds rounded down as a clock shows them: hours only from
/// one hour up, seconds left out when the minutes are whole hours' worth with none over, so
/// "1 hour 30 minutes", "4 minutes 32 seconds", "5 minutes", "45 seconds", "0 seconds".
pub fn say(time: Millis, lang: Language) -> String {
    let w = words(lang);
    let total = time.0 / 1_000;
    let (h, m, s) = (total / 3_600, total / 60 % 60, total % 60);
    let mut parts = Vec::with_capacity(3);
    if h > 0 {
        parts.push(count(h, w.hour));
    }
    if m > 0 {
        parts.push(count(m, w.minute));
    }
    // Seconds matter less the more time is left; above an hour they are noise when zero.
    if s > 0 || parts.is_empty() {
        parts.push(count(s, w.second));
    }
    parts.join(" ")
}

/// A number of moves in words: "1 move", "23 moves", "23 Züge".
pub fn say_moves(moves: u32, lang: Language) -> String {
    count(u64::from(moves), words(lang).mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_english_and_german() {
        let cases = [
            (0, "0 seconds", "0 Sekunden"),
            (999, "0 seconds", "0 Sekunden"),
            (1_000, "1 second", "1 Sekunde"),
            (61_000, "1 minute 1 second", "1 Minute 1 Sekunde"),
            (300_000, "5 minutes", "5 Minuten"),
            (272_999, "4 minutes 32 seconds", "4 Minuten 32 Sekunden"),
            (3_600_000, "1 hour", "1 Stunde"),
            (
                5_430_000,
                "1 hour 30 minutes 30 seconds",
                "1 Stunde 30 Minuten 30 Sekunden",
            ),
            (7_260_000, "2 hours 1 minute", "2 Stunden 1 Minute"),
        ];
        for (ms, en, de) in cases {
            assert_eq!(say(Millis(ms), Language::English), en, "{ms} ms");
            assert_eq!(say(Millis(ms), Language::German), de, "{ms} ms");
        }
    }

    #[test]
    fn never_a_clock_face() {
        for ms in (0..7_200_000).step_by(59_999) {
            let said = say(Millis(ms), Language::English);
            assert!(!said.contains(':'), "{said}");
        }
    }

    #[test]
    fn moves_counted() {
        assert_eq!(say_moves(1, Language::English), "1 move");
        assert_eq!(say_moves(23, Language::German), "23 Züge");
        assert_eq!(say_moves(0, Language::French), "0 coups");
    }
}
