//! The layers, enforced. The engine is a crate of its own (`engine/`, `sudoku-engine`), so the
//! compiler keeps it from reaching up; what is left to hold is that it depends on no terminal,
//! command-line or OS crate (checked in its manifest here) and that the model (`src/app`) imports
//! nothing from the layers above it (`ui`, `tui`, `cli`) nor the terminal crates, so that both stay
//! usable and testable without a terminal; and that the model does no I/O: no file system, no
//! threads, no path resolved on disk, and no use of the runtime (`src/runtime`), which does all
//! that beside it and is the one that calls the model, never the other way round.

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

/// The lines of the files under `src/<layer>` that name one of `forbidden`, leaving out the unit
/// tests at the end of each file (`#[cfg(test)]` on), which may read the shipped puzzles.
fn offences_outside_tests(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(layer);
    let mut found = Vec::new();
    for file in sources(&root) {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.trim() == "#[cfg(test)]" {
                break;
            }
            let code = line.split("//").next().unwrap_or("");
            if forbidden.iter().any(|f| names(code, f)) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    found
}

/// Whether `code` names `word` as a word of its own (`File::` in `File::open`, not in
/// `SameFile::`).
fn names(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

const TERMINAL: [&str; 2] = ["crossterm", "ratatui"];

/// What the model leaves to the runtime: the file system, threads, paths resolved on disk, the
/// process's current folder, and the runtime itself.
const INPUT_OUTPUT: [&str; 7] = [
    "std::fs",
    "current_dir",
    "std::thread",
    "canonicalize",
    "File::",
    "OpenOptions",
    "crate::runtime",
];

/// Crates that tie code to a terminal, a command line or an operating system.
const NOT_IN_THE_ENGINE: [&str; 10] = [
    "ratatui",
    "crossterm",
    "clap",
    "anyhow",
    "nix",
    "libc",
    "signal-hook",
    "tempfile",
    "portable-pty",
    "vt100",
];

/// The crates named in the `[dependencies]`-like sections of a manifest (build and target
/// sections too; not `[dev-dependencies]`, which only its tests build).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line.contains("dependencies") && !line.contains("dev-dependencies");
            // `[dependencies.name]` names one crate in its header, and its lines are that crate's keys.
            if inside && let Some(name) = line.trim_matches(['[', ']']).strip_prefix("dependencies.") {
                names.push(name.to_string());
                inside = false;
            }
        } else if inside
            && let Some((name, _)) = line.split_once('=')
            && !line.starts_with('#')
        {
            names.push(name.trim().trim_matches('"').to_string());
        }
    }
    names
}

#[test]
fn the_engine_depends_on_no_terminal_command_line_or_os_crate() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/Cargo.toml");
    let names = dependencies(&std::fs::read_to_string(path).unwrap());
    let found: Vec<_> = names
        .iter()
        .filter(|n| NOT_IN_THE_ENGINE.contains(&n.as_str()))
        .collect();
    assert!(found.is_empty(), "the engine depends on {found:?}");
}

#[test]
fn the_manifest_check_sees_a_dependency_when_there_is_one() {
    let manifest = "[package]\nname = \"x\"\n[dependencies]\nclap = \"4\"\n[dev-dependencies]\nvt100 = \"1\"\n\
                    [target.'cfg(unix)'.dependencies]\nnix = \"0.28\"\n[dependencies.libc]\nversion = \"0.2\"\n";
    assert_eq!(dependencies(manifest), ["clap", "nix", "libc"]);
    // And the workbench's own manifest, which does use them, is seen to.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let names = dependencies(&std::fs::read_to_string(root).unwrap());
    assert!(names.iter().any(|n| n == "ratatui") && names.iter().any(|n| n == "sudoku-engine"));
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

#[test]
fn the_model_does_no_input_or_output() {
    let found = offences_outside_tests("app", &INPUT_OUTPUT);
    assert!(found.is_empty(), "the model does I/O:\n{}", found.join("\n"));
}

#[test]
fn the_input_output_check_sees_an_offence_when_there_is_one() {
    // The runtime does all of it: the scan must find it there, or it finds nothing anywhere.
    let found = offences_outside_tests("runtime", &INPUT_OUTPUT);
    for kind in ["std::fs", "std::thread", "canonicalize", "OpenOptions"] {
        assert!(found.iter().any(|line| line.contains(kind)), "{kind} not seen");
    }
    assert!(names("let f = File::open(p)?;", "File::") && names("(File::options())", "File::"));
    assert!(!names("AfterSameFile::SaveAs", "File::"));
}
