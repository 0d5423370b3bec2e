//! Who wrote a recovery file, and whether that process still runs. A recovery file is named
//! after its owner, `recovery-<start>-<pid>`: the process's id and the second it started (the
//! kernel's own record of the start, so that another process that later gets the same id is
//! told apart). A lock held by the owner says the same, but a lock file can be deleted by
//! anyone (a cleaner, a person tidying up) while its owner runs; the name cannot lie that way.

use std::sync::OnceLock;
use std::time::SystemTime;

/// How far apart the start in a file's name and the process's own record may be and still be
/// the same start: names written by earlier releases hold the second the recovery keeper was
/// made, a moment after the start, and a clock set meanwhile moves the kernel's record a
/// little. Another process given the same id within seconds of the start is beyond belief.
const START_SLACK: u64 = 5;

/// The process that owns a recovery file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owner {
    /// When it started, in seconds since the Unix epoch.
    pub started: u64,
    /// Its process id.
    pub pid: u32,
}

impl Owner {
    /// This process: its start as the kernel records it (the clock now where that record cannot
    /// be read).
    pub fn this_process() -> Owner {
        // Looked up once: a start does not change, and a start that looks at 1,500 left-over
        // files asks for it with each.
        static THIS: OnceLock<Owner> = OnceLock::new();
        *THIS.get_or_init(|| {
            let pid = std::process::id();
            let started = match start_of(pid) {
                Start::At(started) => started,
                Start::Gone | Start::Unknown => SystemTime::now()
                    .duration_since(SystemTime::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs()),
            };
            Owner { started, pid }
        })
    }

    /// The process `pid` as an owner, if it runs and its start can be looked up.
    pub fn of_process(pid: u32) -> Option<Owner> {
        match start_of(pid) {
            Start::At(started) => Some(Owner { started, pid }),
            Start::Gone | Start::Unknown => None,
        }
    }

    /// Whether this owner is this very process.
    pub fn is_this_process(&self) -> bool {
        let me = Owner::this_process();
        self.pid == me.pid && self.started.abs_diff(me.started) <= START_SLACK
    }

    /// The owner a recovery file's name (`recovery-<start>-<pid>`, anything after ignored)
    /// names, if it names one.
    pub fn of_name(stem: &str) -> Option<Owner> {
        let mut parts = stem.strip_prefix("recovery-")?.split('-');
        let started = parts.next()?.parse().ok()?;
        let pid = parts.next()?.parse().ok()?;
        Some(Owner { started, pid })
    }

    /// The start of a file name of this owner's: `recovery-<start>-<pid>`.
    pub fn stem(&self) -> String {
        format!("recovery-{}-{}", self.started, self.pid)
    }

    /// Whether this owner still runs: a process of its id that started when it did and has not
    /// ended. Where the start cannot be looked up (no `/proc`), a process of its id that
    /// exists counts as running: what may be a running workbench's work is not offered.
    pub fn runs(&self) -> bool {
        match start_of(self.pid) {
            Start::At(started) => started.abs_diff(self.started) <= START_SLACK,
            Start::Gone => false,
            Start::Unknown => process_exists(self.pid),
        }
    }
}

/// What the kernel says of a process's start.
enum Start {
    /// It started then (seconds since the Unix epoch).
    At(u64),
    /// No such process runs (or it has ended and waits to be reaped).
    Gone,
    /// The kernel's records cannot be read here.
    Unknown,
}

/// When the process `pid` started, from `/proc/<pid>/stat` (its start in clock ticks after
/// boot) and `/proc/stat` (the boot, in seconds since the epoch).
#[cfg(target_os = "linux")]
fn start_of(pid: u32) -> Start {
    let stat = match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => stat,
        // Gone, if the records of this very process can be read: the records are there.
        Err(_) if std::fs::metadata("/proc/self/stat").is_ok() => return Start::Gone,
        Err(_) => return Start::Unknown,
    };
    // The command name (in parentheses) may hold spaces and parentheses: the fields are after
    // the last `)`. Then the state is field 3, the start field 22.
    let Some(fields) = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect::<Vec<_>>())
    else {
        return Start::Unknown;
    };
    // A zombie has ended: nothing of it keeps work.
    if matches!(fields.first(), Some(&("Z" | "X" | "x"))) {
        return Start::Gone;
    }
    let ticks = fields.get(19).and_then(|t| t.parse::<u64>().ok());
    let boot = std::fs::read_to_string("/proc/stat").ok().and_then(|stat| {
        stat.lines()
            .find_map(|line| line.strip_prefix("btime "))
            .and_then(|b| b.trim().parse::<u64>().ok())
    });
    let per_second = nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .and_then(|t| u64::try_from(t).ok())
        .filter(|&t| t > 0);
    match (ticks, boot, per_second) {
        (Some(ticks), Some(boot), Some(per_second)) => Start::At(boot + ticks / per_second),
        _ => Start::Unknown,
    }
}

#[cfg(not(target_os = "linux"))]
fn start_of(_pid: u32) -> Start {
    Start::Unknown
}

/// Whether a process of id `pid` exists (signal 0: checked, nothing sent).
#[cfg(unix)]
fn process_exists(pid: u32) -> bool {
    use nix::errno::Errno;
    let Ok(pid) = i32::try_from(pid) else {
        return false;
    };
    // Not allowed to signal it: it exists all the same.
    !matches!(
        nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None),
        Err(Errno::ESRCH)
    )
}

#[cfg(not(unix))]
fn process_exists(_pid: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_says_its_owner() {
        let owner = Owner {
            started: 1_700_000_000,
            pid: 4242,
        };
        assert_eq!(Owner::of_name(&owner.stem()), Some(owner));
        assert_eq!(
            Owner::of_name("recovery-12-34-2"),
            Some(Owner { started: 12, pid: 34 }),
            "anything after is not the owner's"
        );
        assert_eq!(Owner::of_name("recovery-x-34"), None);
        assert_eq!(Owner::of_name("recovery-12"), None);
        assert_eq!(Owner::of_name("other-12-34"), None);
    }

    #[test]
    fn this_process_runs_and_others_of_its_id_or_start_do_not() {
        let me = Owner::this_process();
        assert!(me.runs());
        // The same id with another start: a process that had this id before.
        assert!(
            !Owner {
                started: me.started - 3600,
                ..me
            }
            .runs()
        );
        assert!(!Owner { started: 1, pid: 1 }.runs(), "init did not start in 1970");
        // An id no process can have.
        assert!(
            !Owner {
                pid: i32::MAX as u32,
                ..me
            }
            .runs()
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_that_ended_does_not_run_even_before_it_is_reaped() {
        let mut child = std::process::Command::new("sleep").arg("0.3").spawn().unwrap();
        let Start::At(started) = start_of(child.id()) else {
            panic!("a running child has a start")
        };
        let owner = Owner {
            started,
            pid: child.id(),
        };
        assert!(owner.runs());
        // Ended but not reaped (a zombie until `wait`): it keeps no work.
        let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while owner.runs() && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(!owner.runs(), "a zombie keeps no work");
        child.wait().unwrap();
        assert!(!owner.runs());
    }
}
