//! Where the threads of a batch run: a thread made to work beside the calling one moves off the
//! calling thread's core, once, at its start.
//!
//! Linux puts a new thread on the core of the thread that made it when it judges the other cores
//! no less busy, and a thread woken from a wait goes back to the core it last ran on. On the
//! two-core virtual machines we measure on, both threads of `--jobs 2` were seen sharing one core
//! for 4 to 7 ms while the other stayed idle (`perf sched`): on a short collection, the whole
//! run (top1465 one thread 8.2 ms, two threads 7.5 ms; 5.4 ms with the move). Once apart, each
//! thread keeps its own core: a thread woken goes back to the core it left, which is idle.

/// Moves the calling thread to another core than `core` (where the thread that made it was, if
/// known) when it runs there and the process may run elsewhere, then gives it back every core it
/// was allowed: the system leaves it where it is, and it stays free to go anywhere later.
/// Nothing is changed if a step before the move fails: this is about speed only. The giving back
/// is tried twice; should both fail (the process's cores changed in between), the thread keeps
/// every core but one.
#[cfg(target_os = "linux")]
pub fn leave_core(core: Option<usize>) {
    use nix::sched::{CpuSet, sched_getaffinity, sched_getcpu, sched_setaffinity};
    use nix::unistd::Pid;
    let this_thread = Pid::from_raw(0);
    let (Some(core), Ok(here)) = (core, sched_getcpu()) else {
        return;
    };
    if here != core {
        return;
    }
    let Ok(allowed) = sched_getaffinity(this_thread) else {
        return;
    };
    let mut elsewhere = allowed;
    if elsewhere.unset(core).is_err() || !(0..CpuSet::count()).any(|c| elsewhere.is_set(c) == Ok(true)) {
        // `taskset` to this one core, say: stay.
        return;
    }
    // Moving off the core the thread runs on is done before the call returns.
    if sched_setaffinity(this_thread, &elsewhere).is_ok() && sched_setaffinity(this_thread, &allowed).is_err() {
        let _ = sched_setaffinity(this_thread, &allowed);
    }
}

/// Elsewhere: where threads start is left to the system.
#[cfg(not(target_os = "linux"))]
pub fn leave_core(_core: Option<usize>) {}

/// The core the calling thread runs on, if the system says.
#[cfg(target_os = "linux")]
pub fn current() -> Option<usize> {
    nix::sched::sched_getcpu().ok()
}

/// Elsewhere: not known.
#[cfg(not(target_os = "linux"))]
pub fn current() -> Option<usize> {
    None
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use nix::sched::{CpuSet, sched_getaffinity, sched_setaffinity};
    use nix::unistd::Pid;

    fn cores_allowed() -> Vec<usize> {
        let set = sched_getaffinity(Pid::from_raw(0)).expect("the affinity of this thread");
        (0..CpuSet::count()).filter(|&c| set.is_set(c) == Ok(true)).collect()
    }

    #[test]
    fn a_thread_that_leaves_a_core_keeps_every_core_it_was_allowed() {
        // In threads of their own: the affinity set here must not outlive the test.
        std::thread::spawn(|| {
            let before = cores_allowed();
            leave_core(current());
            assert_eq!(cores_allowed(), before, "the thread is not left pinned");
            leave_core(None);
            assert_eq!(cores_allowed(), before);
        })
        .join()
        .expect("the thread runs");
    }

    /// Whether this thread may set its own cores (a sandbox may forbid it): set to what they are.
    fn may_set_cores() -> bool {
        let set = sched_getaffinity(Pid::from_raw(0)).expect("the affinity of this thread");
        sched_setaffinity(Pid::from_raw(0), &set).is_ok()
    }

    #[test]
    fn a_thread_leaves_the_core_it_is_told_to_leave() {
        if cores_allowed().len() < 2 || !may_set_cores() {
            return; // one core: nowhere to go (the next test); or not allowed to choose
        }
        std::thread::spawn(|| {
            // The system may move a thread at any time, so a move is counted where the thread
            // runs elsewhere right after; without one it stays where it was nearly always.
            let moved = (0..5)
                .filter(|_| {
                    let before = current();
                    leave_core(before);
                    current() != before
                })
                .count();
            assert!(moved >= 3, "moved {moved} times out of 5");
        })
        .join()
        .expect("the thread runs");
    }

    #[test]
    fn a_thread_allowed_one_core_stays_on_it() {
        if !may_set_cores() {
            return;
        }
        std::thread::spawn(|| {
            let core = current().expect("Linux says which core");
            let mut one = CpuSet::new();
            one.set(core).expect("a core number in range");
            sched_setaffinity(Pid::from_raw(0), &one).expect("this thread may narrow its own cores");
            leave_core(Some(core));
            assert_eq!(cores_allowed(), vec![core]);
            assert_eq!(current(), Some(core));
        })
        .join()
        .expect("the thread runs");
    }
}
