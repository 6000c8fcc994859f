//! The steps of `cargo xtask test`, each timed: CI has a time limit, and a step that grows is
//! seen in its own log line rather than guessed at from the total.

use std::time::{Duration, Instant};

/// The steps run so far, the one running, and when the whole began.
pub struct Steps {
    started: Instant,
    running: Option<(String, Instant)>,
    done: Vec<(String, Duration)>,
}

impl Steps {
    pub fn new() -> Self {
        Steps {
            started: Instant::now(),
            running: None,
            done: Vec::new(),
        }
    }

    /// Ends the step running (printing its time) and begins `title` under its own heading.
    pub fn begin(&mut self, title: &str) {
        self.end();
        crate::sh::section(title);
        self.running = Some((title.to_string(), Instant::now()));
    }

    fn end(&mut self) {
        if let Some((title, since)) = self.running.take() {
            let took = since.elapsed();
            println!("---- {title}: {:.0} s", took.as_secs_f64());
            self.done.push((title, took));
        }
    }

    /// Ends the last step and prints every step's time, then the whole's.
    pub fn report(mut self) {
        self.end();
        println!("\n==== time per step ====");
        print!("{}", table(&self.done, self.started.elapsed()));
    }
}

/// One line a step, its seconds right-aligned, then the total.
fn table(done: &[(String, Duration)], total: Duration) -> String {
    let mut out = String::new();
    for (title, took) in done {
        out.push_str(&format!("{:>6.0} s  {title}\n", took.as_secs_f64()));
    }
    out.push_str(&format!(
        "{:>6.0} s  everything passed\n",
        total.as_secs_f64()
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::table;
    use std::time::Duration;

    #[test]
    fn each_step_on_its_own_line_then_the_total() {
        let done = vec![
            ("clippy".to_string(), Duration::from_millis(164_600)),
            ("nextest".to_string(), Duration::from_secs(9)),
        ];
        assert_eq!(
            table(&done, Duration::from_secs(180)),
            "   165 s  clippy\n     9 s  nextest\n   180 s  everything passed\n"
        );
    }
}
