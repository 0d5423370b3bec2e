//! Running the built binary as a user would: arguments, optional standard input, and its output
//! and exit status, for the command-line tests.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sudoku-workbench");

/// A puzzle of `assets/`.
pub fn asset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name)
}

/// Runs the binary with `args`, feeding it `stdin` (or nothing, closed).
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("a piped stdin")
            .write_all(input)
            // A binary that refuses its input may end before reading it: what it said is what
            // the test checks.
            .or_else(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => Ok(()),
                _ => Err(e),
            })
            .expect("the binary reads its input");
    }
    child.wait_with_output().expect("the binary ends")
}

/// Output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}
