//! A one-shot alarm for the serial link that rings on its instant, to the microsecond.
//!
//! Tokio's timers tick in whole milliseconds, so a sleep ends up to a millisecond after its
//! deadline, which is the whole budget a settled move has (the settle time plus 1 ms). On Linux
//! the alarm is a `timerfd` registered with the runtime's own poller: the thread that serves the
//! pages wakes when it expires, with nothing spinning and no second thread. Elsewhere it falls
//! back to Tokio's timer.

use std::io;
use std::time::Duration;

#[cfg(target_os = "linux")]
mod imp {
    use std::io;
    use std::time::Duration;

    use nix::sys::time::TimeSpec;
    use nix::sys::timerfd::{ClockId, Expiration, TimerFd, TimerFlags, TimerSetTimeFlags};
    use tokio::io::unix::AsyncFd;

    pub struct Alarm {
        timer: AsyncFd<TimerFd>,
    }

    impl Alarm {
        pub fn new() -> io::Result<Self> {
            let timer = TimerFd::new(
                ClockId::CLOCK_MONOTONIC,
                TimerFlags::TFD_NONBLOCK | TimerFlags::TFD_CLOEXEC,
            )?;
            // SAFETY: the TimerFd owns its descriptor and closes it only when dropped, which is
            // when the AsyncFd holding it is dropped; `as_raw_fd` always returns that one.
            let timer = unsafe { AsyncFd::register(timer) }.map_err(|e| e.into_parts().1)?;
            Ok(Self { timer })
        }

        pub fn set(&mut self, after: Duration) -> io::Result<()> {
            // A zero expiry disarms a timerfd; a nanosecond rings at once.
            let after = after.max(Duration::from_nanos(1));
            self.timer.get_ref().set(
                Expiration::OneShot(TimeSpec::from_duration(after)),
                TimerSetTimeFlags::empty(),
            )?;
            Ok(())
        }

        pub async fn rung(&self) -> io::Result<()> {
            loop {
                let mut ready = self.timer.readable().await?;
                // Re-arming clears an expiry nobody read, while the poller may still hold it as
                // ready: reading then finds nothing (EAGAIN), which clears that and waits again.
                match ready.try_io(|t| t.get_ref().wait().map_err(io::Error::from)) {
                    Ok(result) => return result,
                    Err(_would_block) => continue,
                }
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod imp {
    use std::io;
    use std::time::Duration;

    use tokio::time::Instant;

    pub struct Alarm {
        at: Instant,
    }

    impl Alarm {
        pub fn new() -> io::Result<Self> {
            Ok(Self { at: Instant::now() })
        }

        pub fn set(&mut self, after: Duration) -> io::Result<()> {
            self.at = Instant::now() + after;
            Ok(())
        }

        pub async fn rung(&self) -> io::Result<()> {
            tokio::time::sleep_until(self.at).await;
            Ok(())
        }
    }
}

/// One alarm, set again for each wait. Needs a Tokio runtime with I/O enabled.
pub struct Alarm(imp::Alarm);

impl Alarm {
    /// A new alarm, not set.
    ///
    /// # Errors
    /// The system has no timer to give (out of file descriptors).
    pub fn new() -> io::Result<Self> {
        imp::Alarm::new().map(Self)
    }

    /// Sets the alarm to ring `after` from now, replacing any earlier setting.
    ///
    /// # Errors
    /// The system refused the timer's setting.
    pub fn set(&mut self, after: Duration) -> io::Result<()> {
        self.0.set(after)
    }

    /// Waits until the alarm rings. Dropping the wait leaves the alarm set.
    ///
    /// # Errors
    /// The timer could not be read.
    pub async fn rung(&self) -> io::Result<()> {
        self.0.rung().await
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::Alarm;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
    }

    #[test]
    fn rings_not_before_its_instant() {
        runtime().block_on(async {
            let mut alarm = Alarm::new().expect("alarm");
            let start = Instant::now();
            alarm.set(Duration::from_micros(3_500)).expect("set");
            alarm.rung().await.expect("rung");
            assert!(start.elapsed() >= Duration::from_micros(3_500));
        });
    }

    #[test]
    fn a_new_setting_replaces_the_earlier_one() {
        runtime().block_on(async {
            let mut alarm = Alarm::new().expect("alarm");
            alarm.set(Duration::from_millis(1)).expect("set");
            // The first expiry passes unread, then the alarm is set later: only the later counts.
            std::thread::sleep(Duration::from_millis(3));
            let start = Instant::now();
            alarm.set(Duration::from_millis(20)).expect("set again");
            alarm.rung().await.expect("rung");
            assert!(start.elapsed() >= Duration::from_millis(20));
        });
    }

    #[test]
    fn a_zero_wait_rings_at_once_and_a_dropped_wait_leaves_it_set() {
        runtime().block_on(async {
            let mut alarm = Alarm::new().expect("alarm");
            alarm.set(Duration::ZERO).expect("set");
            let rang = tokio::time::timeout(Duration::from_secs(5), alarm.rung()).await;
            assert!(matches!(rang, Ok(Ok(()))), "a zero wait never rang");
            alarm.set(Duration::from_millis(30)).expect("set");
            let early = tokio::time::timeout(Duration::from_millis(5), alarm.rung()).await;
            assert!(early.is_err(), "rang 25 ms early");
            let rang = tokio::time::timeout(Duration::from_secs(5), alarm.rung()).await;
            assert!(
                matches!(rang, Ok(Ok(()))),
                "the wait dropped early unset the alarm"
            );
        });
    }
}
