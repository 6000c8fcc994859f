//! Asks the kernel to run the bridge's thread soon after it wakes.
//!
//! The bridge sleeps nearly all the time and works a fraction of a millisecond per message. On a
//! busy machine Linux's scheduler (EEVDF) lets a task already running use up its time slice,
//! a few milliseconds, before a task that just woke gets the core: that wait is the whole tail of
//! a touch's or a move's way to the pages. Since Linux 6.12 a thread may ask for a shorter slice
//! (`sched_attr.sched_runtime` under `SCHED_OTHER`), and a woken thread with a shorter slice than
//! the running one may take the core at once. No privilege is needed, the nice value and the
//! policy stay as they are, and a thread that runs little takes no more CPU than before: it only
//! gets it sooner. Older kernels accept the request and ignore it.

use std::time::Duration;

/// The slice asked for: longer than a round of the link's work (a message is well under this),
/// shorter than the scheduler's default (0.75 ms times 1 + log2 of the number of cores).
pub const SLICE: Duration = Duration::from_micros(300);

/// Asks for [`SLICE`] for the calling thread. Returns whether the kernel took the request (it
/// refuses only for a policy other than the normal and batch ones, or a kernel without
/// `sched_setattr`); the bridge works the same either way.
#[cfg(target_os = "linux")]
pub fn request_short_slice() -> bool {
    use nix::errno::Errno;
    use nix::libc;

    // SAFETY: sched_getscheduler and getpriority only read the calling thread's settings.
    let policy = unsafe { libc::sched_getscheduler(0) };
    if policy != libc::SCHED_OTHER && policy != libc::SCHED_BATCH {
        return false;
    }
    Errno::clear();
    // SAFETY: as above.
    let nice = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
    // -1 is both a nice value and the error return: errno tells them apart.
    if nice == -1 && Errno::last() != Errno::UnknownErrno {
        return false;
    }
    let attr = libc::sched_attr {
        size: std::mem::size_of::<libc::sched_attr>() as u32,
        sched_policy: policy as u32,
        sched_flags: 0,
        // Given again as it is: the call sets every parameter.
        sched_nice: nice,
        sched_priority: 0,
        sched_runtime: SLICE.as_nanos() as u64,
        sched_deadline: 0,
        sched_period: 0,
    };
    // SAFETY: `attr` is a valid sched_attr of the size it states and outlives the call; pid 0 is
    // the calling thread; the kernel only reads it.
    let result = unsafe {
        libc::syscall(
            libc::SYS_sched_setattr,
            0,
            &attr as *const libc::sched_attr,
            0,
        )
    };
    result == 0
}

/// Asks for a short slice: only Linux has the request, elsewhere nothing is asked.
#[cfg(not(target_os = "linux"))]
pub fn request_short_slice() -> bool {
    false
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The slice actually in force for the calling thread, from `/proc` (`se.slice`, ns), where
    /// the kernel shows it.
    fn slice_in_force() -> Option<u64> {
        let text = std::fs::read_to_string("/proc/thread-self/sched").ok()?;
        text.lines()
            .find(|l| l.trim_start().starts_with("se.slice"))?
            .split(':')
            .nth(1)?
            .trim()
            .parse()
            .ok()
    }

    #[test]
    fn the_thread_keeps_its_nice_value_and_gets_the_short_slice_where_the_kernel_shows_it() {
        std::thread::spawn(|| {
            // SAFETY: reads the calling thread's nice value.
            let before = unsafe { nix::libc::getpriority(nix::libc::PRIO_PROCESS, 0) };
            let took = request_short_slice();
            // SAFETY: as above.
            let after = unsafe { nix::libc::getpriority(nix::libc::PRIO_PROCESS, 0) };
            assert_eq!(before, after, "the nice value changed");
            if took && let Some(slice) = slice_in_force() {
                assert_eq!(slice, SLICE.as_nanos() as u64);
            }
        })
        .join()
        .expect("thread");
    }
}
