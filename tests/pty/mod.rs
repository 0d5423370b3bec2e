//! Driving the real binary in a pseudo-terminal (portable-pty), its output parsed as a terminal
//! would (vt100): shared by the end-to-end tests and the workbench benchmark.
#![allow(dead_code)] // each user takes a part

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku-workbench");

/// The program the sessions run: [`BIN`], or another build named by
/// `SUDOKU_WORKBENCH_TEST_BIN` (to see a test fail on an older build).
pub fn bin() -> String {
    std::env::var("SUDOKU_WORKBENCH_TEST_BIN").unwrap_or_else(|_| BIN.to_string())
}
/// How long to wait for the screen to show something before failing.
pub const PATIENCE: Duration = Duration::from_secs(20);

pub fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name)
}

/// A pseudo-terminal of 80x24.
fn open_pty() -> portable_pty::PtyPair {
    native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap()
}

/// The workbench running in a pseudo-terminal.
pub struct Session {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    /// The program.
    pub child: Box<dyn Child + Send + Sync>,
    /// The terminal's side of the pseudo-terminal; `None` once closed.
    master: Option<Box<dyn MasterPty + Send>>,
    /// The recovery files' directory of this session, unless the test gave one.
    state: Option<tempfile::TempDir>,
    /// While set, nothing is read from the terminal: a terminal that has stopped reading.
    paused: Arc<std::sync::atomic::AtomicBool>,
    /// The bytes the program wrote, as written (the last 32 MiB of them).
    raw: Arc<Mutex<Vec<u8>>>,
    /// Once set, the reader thread ends after its next read (dropping its side of the terminal).
    closing: Arc<std::sync::atomic::AtomicBool>,
    reader: Option<std::thread::JoinHandle<()>>,
}

/// How the program is started.
#[derive(Clone, Copy)]
enum Launch<'a> {
    /// Under the shell's `ulimit` options (such as `-n 200`).
    Limited(&'a str),
    /// In a session of its own, with no controlling terminal.
    Detached,
    /// As a job of a shell with job control (see [`job_shell`]).
    InJob,
    /// As a job started in the background (`&`), brought to the foreground once it stopped
    /// (see [`job_shell`]).
    InBackgroundJob,
    /// With standard error written to this file (`2>FILE`), not to the terminal.
    StderrTo(&'a Path),
}

/// Makes the integration test binary, run with it, a shell with job control for the program
/// and arguments it holds (parted by `\x1f`): see [`job_shell`].
const JOB_SHELL: &str = "SUDOKU_WORKBENCH_TEST_JOB_SHELL";

/// Set beside [`JOB_SHELL`]: the job starts in the background, as `&` starts it.
const JOB_IN_BACKGROUND: &str = "SUDOKU_WORKBENCH_TEST_JOB_IN_BACKGROUND";

/// What [`job_shell`] writes on the terminal when the job it started in the background stopped
/// without touching the terminal, as a shell says `[1]+ Stopped`.
pub const STOPPED_IN_BACKGROUND: &str = "job shell: stopped in the background, the terminal as it was";

/// Not a test: the integration test binary, run by [`Session::start_in_job`] with [`JOB_SHELL`]
/// set, runs the workbench as a shell runs a job: in a process group of its own, the
/// terminal's foreground one, its parent (this) in the same session. Only then can a shell
/// bring it back after Ctrl-Z, and only then does the workbench stop (a program that leads its
/// session, as `portable-pty` starts it, has no shell to continue it). Unlike a shell, this
/// one leaves the terminal to the job when it stops, for the test to continue it. Without the
/// variable it does nothing.
#[test]
fn job_shell() {
    use std::os::unix::process::CommandExt;
    let Ok(spec) = std::env::var(JOB_SHELL) else { return };
    let mut parts = spec.split('\x1f');
    let program = parts.next().unwrap();
    let mut child = std::process::Command::new(program)
        .args(parts)
        .process_group(0)
        .spawn()
        .unwrap();
    let job = nix::unistd::Pid::from_raw(child.id() as i32);
    if std::env::var_os(JOB_IN_BACKGROUND).is_some() {
        // Left in the background until it stops (reading the terminal or setting its modes
        // stops a job there), then said, with whether the terminal's modes are still the
        // shell's, and brought to the foreground below, as `fg` does. Not stopping in 10 s
        // is said too (a job that reads the terminal from the background never gets a key).
        use nix::sys::termios::{LocalFlags, tcgetattr};
        let state = || {
            let stat = std::fs::read_to_string(format!("/proc/{job}/stat")).unwrap_or_default();
            stat.rfind(')').and_then(|at| stat[at + 2..].chars().next())
        };
        let start = Instant::now();
        while state() != Some('T') && start.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(10));
        }
        let cooked = tcgetattr(std::io::stdin()).is_ok_and(|t| t.local_flags.contains(LocalFlags::ICANON));
        let said = match (state(), cooked) {
            (Some('T'), true) => STOPPED_IN_BACKGROUND.to_string(),
            (state, cooked) => format!("job shell: state {state:?}, canonical mode {cooked}"),
        };
        println!("{said}\r");
    }
    nix::unistd::tcsetpgrp(std::io::stdin(), job).unwrap();
    // Should it have touched the terminal before it was the foreground group, it stopped
    // (SIGTTOU): continued now, as `fg` would.
    let _ = nix::sys::signal::killpg(job, nix::sys::signal::Signal::SIGCONT);
    let status = child.wait().unwrap();
    std::process::exit(status.code().unwrap_or(128));
}

impl Session {
    /// The workbench started with `args` in `cwd`, `env` added, once it has drawn its screen
    /// and opened the file it was given (a file opens in the background, a box over the screen
    /// saying how far it got).
    pub fn start(args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        Session::start_reading(args, cwd, env).opened()
    }

    /// [`Session::start`] with the shell's `ulimit` options `limits` (such as `-n 200`) set
    /// for the program.
    pub fn start_limited(limits: &str, args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        Session::start_under(Some(Launch::Limited(limits)), args, cwd, env).opened()
    }

    /// The workbench started, once it has drawn its screen: the file it was given may still be
    /// being read.
    pub fn start_reading(args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        Session::start_under(None, args, cwd, env)
    }

    /// [`Session::start`] with standard error written to `file` (`2>FILE` in a shell), the
    /// terminal only standard input and output.
    pub fn start_with_stderr(file: &Path, args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        Session::start_under(Some(Launch::StderrTo(file)), args, cwd, env).opened()
    }

    /// [`Session::start`] in a session of its own with no controlling terminal (`setsid -w`),
    /// the pseudo-terminal only its standard streams: closing the terminal then ends its input
    /// with no SIGHUP, which a closing terminal otherwise sends at nearly the same moment.
    pub fn start_detached(args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        Session::start_under(Some(Launch::Detached), args, cwd, env).opened()
    }

    /// [`Session::start`] as a job of a shell with job control, which Ctrl-Z can stop: see
    /// [`job_shell`]. Its [`Session::pid`] is the shell's; [`Session::job`] the workbench's.
    pub fn start_in_job(args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        Session::start_under(Some(Launch::InJob), args, cwd, env).opened()
    }

    /// [`Session::start_in_job`] started in the background (`&`): the job shell waits for it
    /// to stop, says so ([`STOPPED_IN_BACKGROUND`]) and brings it to the foreground, as `fg`.
    pub fn start_in_background_job(args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        Session::start_under(Some(Launch::InBackgroundJob), args, cwd, env).opened()
    }

    /// The workbench's process id when it runs as a job ([`Session::start_in_job`]): the
    /// child of the shell.
    pub fn job(&self) -> i32 {
        // Started by one of the shell's threads: each lists its own children.
        let tasks = std::fs::read_dir(format!("/proc/{}/task", self.pid())).expect("the shell's threads");
        let listed: String = tasks
            .flatten()
            .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
            .collect();
        listed.split_whitespace().next().expect("a job").parse().unwrap()
    }

    /// Closes the terminal, as closing its window does: the program's reads of it end. `key`
    /// is sent first, to make the program draw (the reader lets go of the terminal after a read).
    pub fn close_terminal(&mut self, key: &str) {
        self.closing.store(true, std::sync::atomic::Ordering::SeqCst);
        self.keys(key);
        if let Some(reader) = self.reader.take() {
            let start = Instant::now();
            while !reader.is_finished() {
                assert!(start.elapsed() < PATIENCE, "the program drew nothing after {key:?}");
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        self.writer = Box::new(std::io::sink());
        self.master = None;
    }

    fn master(&self) -> &dyn MasterPty {
        self.master.as_deref().expect("the terminal is open")
    }

    /// This session once the file it was given is open (the box that says how far the read
    /// got is gone).
    fn opened(self) -> Session {
        self.wait_for("the file given to be opened", |s| !s.contents().contains("┌ Opening "));
        self
    }

    fn start_under(launch: Option<Launch>, args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Session {
        let pty = open_pty();
        let mut cmd = match launch {
            None => CommandBuilder::new(bin()),
            Some(Launch::Limited(limits)) => {
                // The shell sets the limits and becomes the program (`exec`): the same process.
                let mut cmd = CommandBuilder::new("/bin/sh");
                cmd.args(["-c", &format!("ulimit {limits} && exec \"$0\" \"$@\""), &bin()]);
                cmd
            }
            Some(launch @ (Launch::InJob | Launch::InBackgroundJob)) => {
                let mut cmd = CommandBuilder::new(std::env::current_exe().unwrap());
                cmd.args(["--exact", "pty::job_shell", "--nocapture", "--test-threads=1"]);
                let mut spec = bin();
                for arg in args {
                    spec.push('\x1f');
                    spec.push_str(arg);
                }
                cmd.env(JOB_SHELL, spec);
                if matches!(launch, Launch::InBackgroundJob) {
                    cmd.env(JOB_IN_BACKGROUND, "1");
                }
                cmd
            }
            Some(Launch::StderrTo(file)) => {
                // The shell opens the file and becomes the program (`exec`): the same process.
                let mut cmd = CommandBuilder::new("/bin/sh");
                cmd.args(["-c", "err=$1; shift; exec \"$0\" \"$@\" 2>\"$err\"", &bin()]);
                cmd.arg(file);
                cmd
            }
            Some(Launch::Detached) => {
                // `setsid -w` runs the program in a new session and waits for it, ignoring the
                // SIGHUP that closing the terminal sends to the session it leads.
                let mut cmd = CommandBuilder::new("/bin/sh");
                cmd.args(["-c", "trap '' HUP; exec setsid -w \"$0\" \"$@\"", &bin()]);
                cmd
            }
        };
        if !matches!(launch, Some(Launch::InJob | Launch::InBackgroundJob)) {
            cmd.args(args);
        }
        cmd.cwd(cwd);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        // Each session keeps its recovery files apart, so that no test sees another's.
        let state = (!env.iter().any(|(k, _)| *k == "XDG_STATE_HOME")).then(|| tempfile::tempdir().unwrap());
        if let Some(state) = &state {
            cmd.env("XDG_STATE_HOME", state.path());
        }
        // Settings too: no test reads or writes the settings of the person running the tests.
        if !env.iter().any(|(k, _)| *k == "XDG_CONFIG_HOME") {
            let given = env
                .iter()
                .find(|(k, _)| *k == "XDG_STATE_HOME")
                .map(|(_, v)| Path::new(v));
            let config = state.as_ref().map_or_else(
                || given.map_or_else(std::env::temp_dir, Path::to_path_buf),
                |s| s.path().to_path_buf(),
            );
            let config = config.join("config");
            cmd.env("XDG_CONFIG_HOME", config);
        }
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).unwrap();
        drop(pty.slave);
        let parser = Arc::new(Mutex::new(vt100::Parser::new(
            NonZeroU16::new(24).unwrap(),
            NonZeroU16::new(80).unwrap(),
            0,
        )));
        let mut reader = pty.master.try_clone_reader().unwrap();
        let sink = Arc::clone(&parser);
        let paused = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stop = Arc::clone(&paused);
        let raw = Arc::new(Mutex::new(Vec::new()));
        let transcript = Arc::clone(&raw);
        let closing = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let close = Arc::clone(&closing);
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                while stop.load(std::sync::atomic::Ordering::SeqCst) {
                    std::thread::sleep(Duration::from_millis(5));
                }
                let Ok(n) = reader.read(&mut buf) else { break };
                if n == 0 {
                    break;
                }
                {
                    // The last 32 MiB at most: a long benchmark draws far more.
                    let mut raw = transcript.lock().unwrap();
                    if raw.len() > 32 << 20 {
                        raw.drain(..16 << 20);
                    }
                    raw.extend_from_slice(&buf[..n]);
                }
                sink.lock().unwrap().process(&buf[..n]);
                if close.load(std::sync::atomic::Ordering::SeqCst) {
                    break;
                }
            }
        });
        let writer = pty.master.take_writer().unwrap();
        let session = Session {
            parser,
            writer,
            child,
            master: Some(pty.master),
            state,
            paused,
            raw,
            closing,
            reader: Some(reader),
        };
        session.wait_for("the workbench to start", |s| {
            s.contents().contains("sudoku-workbench │")
        });
        session
    }

    pub fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).unwrap();
        self.writer.flush().unwrap();
    }

    /// Types keys one at a time, as a person would (an Esc followed at once by a key would read
    /// as Alt plus that key).
    pub fn keys(&mut self, keys: &str) {
        for c in keys.chars() {
            let mut buf = [0u8; 4];
            self.send(c.encode_utf8(&mut buf).as_bytes());
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    pub fn screen(&self) -> vt100::Screen {
        self.parser.lock().unwrap().screen().clone()
    }

    pub fn wait_for(&self, what: &str, done: impl Fn(&vt100::Screen) -> bool) -> vt100::Screen {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {what}; the screen:\n{}",
                screen.contents()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn wait_text(&self, text: &str) -> vt100::Screen {
        self.wait_for(&format!("{text:?}"), |s| s.contents().contains(text))
    }

    /// Waits for the program to end and checks the terminal is given back as it was found.
    pub fn expect_exit_with_terminal_restored(mut self) {
        let status = self.wait_exit();
        assert!(status.success(), "exit status {status:?}");
        self.assert_terminal_restored();
    }

    /// Waits for the program to end; its exit status.
    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the program did not exit:\n{}",
                self.screen().contents()
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        // Let the reader thread take the last bytes.
        std::thread::sleep(Duration::from_millis(100));
        status
    }

    /// Checks every terminal mode the workbench sets is off again: alternate screen, hidden
    /// cursor, mouse capture, bracketed paste, raw mode.
    pub fn assert_terminal_restored(&self) {
        let screen = self.screen();
        assert!(!screen.alternate_screen(), "back on the main screen");
        assert!(!screen.hide_cursor(), "cursor shown");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse capture off"
        );
        assert!(!screen.bracketed_paste(), "bracketed paste off");
        let termios = self.master().get_termios().expect("the pty's settings");
        use nix::sys::termios::LocalFlags;
        assert!(
            termios.local_flags.contains(LocalFlags::ICANON | LocalFlags::ECHO),
            "raw mode off"
        );
    }

    /// Resizes the terminal (the program gets SIGWINCH) and the screen model with it.
    pub fn resize(&mut self, cols: u16, rows: u16) {
        // The screen model is held while the terminal is resized, so that nothing the program
        // draws for the new size is read into the model at the old size (on a loaded machine
        // the program can answer SIGWINCH before this thread resizes the model).
        let mut parser = self.parser.lock().unwrap();
        self.master()
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
        parser
            .screen_mut()
            .set_size(NonZeroU16::new(rows).unwrap(), NonZeroU16::new(cols).unwrap());
    }

    /// Stops (`true`) or resumes reading what the program writes.
    pub fn pause_reading(&self, paused: bool) {
        self.paused.store(paused, std::sync::atomic::Ordering::SeqCst);
    }

    /// The terminal's settings now.
    pub fn master_termios(&self) -> nix::sys::termios::Termios {
        self.master().get_termios().expect("the pty's settings")
    }

    /// The bytes the program wrote so far (the last 32 MiB of them).
    pub fn output(&self) -> Vec<u8> {
        self.raw.lock().unwrap().clone()
    }

    /// The program's process id.
    pub fn pid(&self) -> i32 {
        self.child.process_id().expect("a running child") as i32
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// The text right of the board (the panel and its message), its rows joined and runs of blanks
/// made one: what it says however it wrapped.
pub fn panel_of(screen: &vt100::Screen) -> String {
    let (_, cols) = screen.size();
    let rows: Vec<String> = screen.rows(40, cols.get().saturating_sub(40)).collect();
    rows.join(" ").split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Waits until the panel says `words`, however they wrap.
pub fn wait_panel(s: &Session, words: &str) {
    s.wait_for(&format!("{words:?} in the panel"), |screen| {
        panel_of(screen).contains(words)
    });
}

/// Runs the binary to its end in a pseudo-terminal (a terminal on every standard stream), with
/// `env` added; what it wrote, and its exit code.
pub fn run_once(args: &[&str], env: &[(&str, &str)]) -> (String, u32) {
    let pty = open_pty();
    let mut cmd = CommandBuilder::new(bin());
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = pty.slave.spawn_command(cmd).unwrap();
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let output = std::thread::spawn(move || {
        let mut out = Vec::new();
        let _ = reader.read_to_end(&mut out);
        out
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < PATIENCE, "the program did not exit");
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(pty.master);
    let out = output.join().unwrap();
    (String::from_utf8_lossy(&out).into_owned(), status.exit_code())
}
