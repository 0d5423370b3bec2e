//! The layers, enforced: the engine (`src/sudoku`) and the model (`src/app`) import nothing from
//! the layers above them (`ui`, `tui`, `cli`) nor the terminal crates, so that both stay
//! usable and testable without a terminal. A `use` that breaks this fails the build's tests.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// The lines of the files under `src/<layer>` that name one of `forbidden`, as `file:line: text`.
fn offences(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(layer);
    let mut found = Vec::new();
    for file in sources(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if forbidden.iter().any(|f| code.contains(f)) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

const TERMINAL: [&str; 2] = ["crossterm", "ratatui"];

#[test]
fn the_engine_imports_no_layer_above_it() {
    let mut forbidden = vec!["crate::app", "crate::ui", "crate::tui", "crate::cli", "crate::text"];
    forbidden.extend(TERMINAL);
    let found = offences("sudoku", &forbidden);
    assert!(found.is_empty(), "the engine reaches up:\n{}", found.join("\n"));
}

#[test]
fn the_model_imports_no_view_terminal_or_command_line() {
    let mut forbidden = vec!["crate::ui", "crate::tui", "crate::cli"];
    forbidden.extend(TERMINAL);
    let found = offences("app", &forbidden);
    assert!(found.is_empty(), "the model reaches up:\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_an_offence_when_there_is_one() {
    // The view does use ratatui: the scan must find it, or it finds nothing anywhere.
    assert!(!offences("ui", &TERMINAL).is_empty());
}
