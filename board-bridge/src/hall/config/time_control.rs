//! The event's time control, written as the page writes it.

use arbiter_core::clock::{Millis, Period, TimeControl, Timing};

/// The page's time-control text (www/README.md): periods separated by commas, each
/// `[moves/]minutes[+|d|b seconds[s]]`.
///
/// # Errors
/// Says which period could not be read, or why the core refused the periods.
pub fn parse_time_control(text: &str) -> Result<TimeControl, String> {
    let parts: Vec<&str> = text
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() {
        return Err("the time control is empty".into());
    }
    let mut periods = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let cannot = || format!("cannot read period {} of the time control: {part:?}", i + 1);
        let (moves, rest) = match part.split_once('/') {
            Some((m, rest)) => (Some(m.trim().parse::<u32>().map_err(|_| cannot())?), rest),
            None => (None, *part),
        };
        let rest = rest.trim();
        let split = rest.find(['+', 'd', 'D', 'b', 'B']);
        let (minutes, timing) = match split {
            Some(at) => {
                let seconds = rest[at + 1..].trim().trim_end_matches(['s', 'S']).trim();
                let ms = seconds_to_ms(seconds).ok_or_else(cannot)?;
                let timing = match &rest[at..=at] {
                    "+" => Timing::Increment(ms),
                    "d" | "D" => Timing::Delay(ms),
                    _ => Timing::Bronstein(ms),
                };
                (&rest[..at], timing)
            }
            None => (rest, Timing::None),
        };
        let minutes: f64 = minutes.trim().parse().map_err(|_| cannot())?;
        if !minutes.is_finite() || minutes <= 0.0 || minutes > 24.0 * 60.0 {
            return Err(cannot());
        }
        periods.push(Period {
            moves,
            time: Millis((minutes * 60_000.0).round() as u64),
            timing,
        });
    }
    TimeControl::new(periods).map_err(|e| e.to_string())
}

fn seconds_to_ms(text: &str) -> Option<Millis> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && (0.0..=3600.0).contains(&s)).then(|| Millis((s * 1000.0).round() as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_in_the_page_syntax() {
        let tc = parse_time_control("40/90+30s, 30+30s").unwrap();
        assert_eq!(tc.periods().len(), 2);
        assert_eq!(tc.periods()[0].moves, Some(40));
        assert_eq!(tc.periods()[1].time, Millis::minutes(30));
        assert_eq!(
            parse_time_control("5d5").unwrap().periods()[0].timing,
            Timing::Delay(Millis::seconds(5))
        );
        assert_eq!(
            parse_time_control("3").unwrap().periods()[0].timing,
            Timing::None
        );
        assert!(parse_time_control("90+x").unwrap_err().contains("period 1"));
        assert!(parse_time_control("").is_err());
    }
}
