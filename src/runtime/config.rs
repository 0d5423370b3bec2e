//! The player's settings between runs: a small text file of `key = value` lines under the XDG
//! config directory (`$XDG_CONFIG_HOME/sudoku-workbench/config`, else `~/.config/...`). A
//! broken line is reported with its number and the default is used for it; writing the file
//! back keeps every line it does not own (comments, unknown keys, broken values of other keys)
//! as it was, so nothing the person wrote is lost. Lines end as the puzzle reader reads them
//! (`\n`, `\r\n` or a lone `\r`), and each line is written back with the end it had.

use super::files::{Caution, Consent, WriteError, open_regular, write_over};
use crate::app::settings::{MarksView, Settings};
use crate::text::printable;
use std::io::Read;
use std::path::{Path, PathBuf};
use sudoku_engine::search::program::Language;

/// The file's largest size worth reading: a handful of lines.
const MAX_CONFIG: u64 = 64 * 1024;

/// The config file: `sudoku-workbench/config` under `$XDG_CONFIG_HOME`, else `~/.config`; `None`
/// when neither is set.
pub fn path() -> Option<PathBuf> {
    let base = super::xdg::base("XDG_CONFIG_HOME", ".config")?;
    Some(base.join("sudoku-workbench").join("config"))
}

/// The settings file as read: its lines, kept to write it back around the settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    lines: Vec<ConfigLine>,
    /// Whether the file may be written: not when it could not be read (it is not ours to
    /// replace).
    writable: bool,
}

/// A line of the file: its text and the line end it had (empty for a last line without one).
#[derive(Clone, Debug, PartialEq, Eq)]
struct ConfigLine {
    text: String,
    end: String,
}

/// The lines of `text` with their ends, as the puzzle reader cuts them.
fn lines_of(text: &str) -> Vec<ConfigLine> {
    sudoku_engine::lines_with_ends(text.as_bytes())
        .map(|(line, end)| ConfigLine {
            // Cut at ASCII line breaks, a line of UTF-8 text is UTF-8 text.
            text: String::from_utf8_lossy(line).into_owned(),
            end: String::from_utf8_lossy(end).into_owned(),
        })
        .collect()
}

/// The keys the workbench owns, and how it writes each setting.
const KEYS: [&str; 6] = [
    "marks-view",
    "remove-marks",
    "solutions-while-solving",
    "show-rating",
    "show-program",
    "program-language",
];

fn value_of(settings: &Settings, key: &str) -> String {
    let flag = |b: bool| if b { "true" } else { "false" }.to_string();
    match key {
        "marks-view" => match settings.marks_view {
            MarksView::Mine => "mine".into(),
            MarksView::Computed => "computed".into(),
        },
        "remove-marks" => flag(settings.remove_marks),
        "solutions-while-solving" => flag(settings.show_solutions),
        "show-program" => flag(settings.show_program),
        "program-language" => settings.language.name().into(),
        _ => flag(settings.show_rating),
    }
}

impl Config {
    /// The settings `text` gives, each line that could not be used with why (`line N: ...`),
    /// and the file to write back.
    pub fn parse(text: &str) -> (Config, Settings, Vec<String>) {
        let mut settings = Settings::default();
        let mut problems = Vec::new();
        let lines = lines_of(text);
        for (i, line) in lines.iter().enumerate() {
            // A byte-order mark an editor put first is not part of the first key.
            let text = if i == 0 {
                line.text.trim_start_matches('\u{feff}')
            } else {
                &line.text
            };
            let trimmed = text.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let n = i + 1;
            let Some((key, value)) = trimmed.split_once('=') else {
                problems.push(format!("line {n}: expected key = value"));
                continue;
            };
            let (key, value) = (key.trim(), value.trim());
            let flag = match value {
                "true" | "yes" | "on" => Some(true),
                "false" | "no" | "off" => Some(false),
                _ => None,
            };
            let bad = |what: &str| format!("line {n}: {key} is {what}, not {value:?}; the default is used");
            match key {
                "marks-view" => match value {
                    "mine" => settings.marks_view = MarksView::Mine,
                    "computed" => settings.marks_view = MarksView::Computed,
                    _ => problems.push(bad("mine or computed")),
                },
                "remove-marks" => match flag {
                    Some(b) => settings.remove_marks = b,
                    None => problems.push(bad("true or false")),
                },
                "solutions-while-solving" => match flag {
                    Some(b) => settings.show_solutions = b,
                    None => problems.push(bad("true or false")),
                },
                "show-rating" => match flag {
                    Some(b) => settings.show_rating = b,
                    None => problems.push(bad("true or false")),
                },
                "show-program" => match flag {
                    Some(b) => settings.show_program = b,
                    None => problems.push(bad("true or false")),
                },
                // Its old name, read no more: every write of the file added it, as `true`
                // while that was the default, so it said nothing of the player's wish and kept
                // the live count of solutions giving wrong entries away (issue 31). Kept in
                // the file as it is, unsaid.
                "show-solutions" => {}
                "program-language" => match Language::from_name(value) {
                    Some(l) => settings.language = l,
                    None => problems.push(bad("c++ or python")),
                },
                _ => problems.push(format!("line {n}: unknown setting {key:?}; kept as it is")),
            }
        }
        let config = Config { lines, writable: true };
        (config, settings, problems)
    }

    /// Whether the file may be written.
    pub fn is_writable(&self) -> bool {
        self.writable
    }

    /// Takes `text` as the file's new lines (once written).
    pub fn written(&mut self, text: &str) {
        self.lines = lines_of(text);
    }

    /// The text of the file with `settings`: each key's last line rewritten in place (a broken
    /// value of a setting the player has now changed is replaced), the others kept with their
    /// line ends; keys not in the file yet added at its end, ending as the file's lines do.
    pub fn text_with(&self, settings: &Settings, changed: &[&str]) -> String {
        let mut lines = self.lines.clone();
        // New lines end as the file's first line does (a file of CR lines stays one).
        let end = lines
            .iter()
            .map(|l| l.end.as_str())
            .find(|e| !e.is_empty())
            .unwrap_or("\n")
            .to_string();
        let new_line = |text: String| ConfigLine { text, end: end.clone() };
        if lines.is_empty() {
            lines.push(new_line(
                "# sudoku-workbench settings (the workbench writes this file)".into(),
            ));
        }
        for key in KEYS {
            let wanted = format!("{key} = {}", value_of(settings, key));
            // The last line of a key is the one reading takes.
            let at = lines.iter().rposition(|l| {
                l.text
                    .trim_start_matches('\u{feff}')
                    .split_once('=')
                    .is_some_and(|(k, _)| k.trim() == key && !l.text.trim_start().starts_with('#'))
            });
            match at {
                // A line the player wrote for a setting not changed now stays as it was, even
                // if it is broken. A byte-order mark before it stays.
                Some(i) if changed.contains(&key) => {
                    let bom = if lines[i].text.starts_with('\u{feff}') {
                        "\u{feff}"
                    } else {
                        ""
                    };
                    lines[i].text = format!("{bom}{wanted}");
                }
                Some(_) => {}
                None => {
                    // The last line gets an end before a line goes after it.
                    if let Some(last) = lines.last_mut().filter(|l| l.end.is_empty()) {
                        last.end.clone_from(&end);
                    }
                    lines.push(new_line(wanted));
                }
            }
        }
        lines.iter().flat_map(|l| [l.text.as_str(), l.end.as_str()]).collect()
    }
}

/// Reads the config file at `path`: its settings and what could not be used. A missing file is
/// no problem; one that is not a regular file, too big, or unreadable is, and the defaults are
/// used.
pub fn load(path: &Path) -> (Config, Settings, Vec<String>) {
    let text = match open_regular(path) {
        Ok((file, _)) => {
            let mut bytes = Vec::new();
            match file.take(MAX_CONFIG + 1).read_to_end(&mut bytes) {
                Ok(_) if bytes.len() as u64 > MAX_CONFIG => Err("it is too big to be a settings file".to_string()),
                Ok(_) => String::from_utf8(bytes).map_err(|_| "it is not UTF-8 text".to_string()),
                Err(e) => Err(crate::text::io_error(&e)),
            }
        }
        Err(super::files::LoadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => Ok(String::new()),
        Err(e) => Err(e.to_string()),
    };
    match text {
        Ok(text) => Config::parse(&text),
        Err(why) => (
            // Never written over: what is there is not ours to replace.
            Config {
                lines: Vec::new(),
                writable: false,
            },
            Settings::default(),
            vec![format!("cannot read it ({why}); the defaults are used")],
        ),
    }
}

/// Writes `text` to `path`, making its directory first: atomically, or in place for a file with
/// other names (dotfiles kept as hard links) or in a folder that takes no new file. A read-only
/// file is the person's way of fixing the settings: it is left as it is.
pub fn save(path: &Path, text: &str) -> Result<(), String> {
    // A file the next start would refuse to read keeps no settings, and would stop every
    // later change from being saved.
    if text.len() as u64 > MAX_CONFIG {
        return Err(too_big(text.len() as u64));
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| crate::text::io_error(&e))?;
    }
    // A link (a config kept with dotfiles) is written through, not replaced.
    let target = super::files::write_target(path)?;
    let consent = Consent {
        read_only: false,
        in_place: true,
    };
    match write_over(&target, text.as_bytes(), consent) {
        Ok(_) => Ok(()),
        Err(WriteError::Needs(Caution::ReadOnly)) => Err(format!(
            "{} is read-only, so it is left as it is",
            printable(&path.to_string_lossy())
        )),
        // Consented to already: never asked.
        Err(WriteError::Needs(_)) => Err("it cannot be written".into()),
        Err(WriteError::TooBig(bytes)) => Err(too_big(bytes)),
        Err(WriteError::Io(e)) => Err(crate::text::io_error(&e)),
    }
}

/// Why a settings file of `bytes` is not written.
fn too_big(bytes: u64) -> String {
    format!(
        "it would be {}, more than the {} a settings file may be",
        crate::text::size(bytes),
        crate::text::size(MAX_CONFIG)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 31: the live count of solutions is hidden while solving by hand; its setting's
    /// old name, which every write of the file added as `true`, is left in the file and read
    /// no more, and said nothing of.
    #[test]
    fn the_old_name_of_the_solutions_setting_is_kept_and_read_no_more() {
        let (config, settings, problems) = Config::parse("show-solutions = true\n");
        assert!(!settings.show_solutions, "hidden while solving, as by default");
        assert!(problems.is_empty(), "{problems:?}");
        let written = config.text_with(&settings, &["solutions-while-solving"]);
        assert!(written.starts_with("show-solutions = true\n"), "{written}");
        assert!(written.contains("solutions-while-solving = false\n"), "{written}");
    }

    #[test]
    fn settings_read_with_each_broken_line_named() {
        let text = "# mine\nmarks-view = computed\nremove-marks = maybe\nsolutions-while-solving=false\ncolour = red\nnonsense\n";
        let (_, settings, problems) = Config::parse(text);
        assert_eq!(settings.marks_view, MarksView::Computed);
        assert!(settings.remove_marks, "the default for a broken value");
        assert!(!settings.show_solutions);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("line 3: remove-marks"), "{problems:?}");
        assert!(problems[1].starts_with("line 5: unknown setting"), "{problems:?}");
        assert!(problems[2].starts_with("line 6: expected"), "{problems:?}");
    }

    /// Issue 28 item 1: a file of CR line ends was read as one broken line and replaced by
    /// the defaults; a CRLF file came back LF.
    #[test]
    fn lines_keep_their_ends_cr_alone_crlf_or_none() {
        let cr = "marks-view = mine\rcolour = red\r# keep\rshow-rating = true\r";
        let (config, mut settings, problems) = Config::parse(cr);
        assert_eq!(problems, ["line 2: unknown setting \"colour\"; kept as it is"]);
        assert!(settings.show_rating, "the fourth line is read");
        settings.marks_view = MarksView::Computed;
        let written = config.text_with(&settings, &["marks-view"]);
        assert!(
            written.starts_with("marks-view = computed\rcolour = red\r# keep\rshow-rating = true\r"),
            "{written:?}"
        );
        assert!(!written.contains('\n'), "new lines end in CR too: {written:?}");
        assert_eq!(
            written.matches('\r').count(),
            8,
            "four lines read, four keys added: {written:?}"
        );

        let crlf = "# mine\r\nsolutions-while-solving = false\r\nmystery = 1\r\n";
        let (config, mut settings, _) = Config::parse(crlf);
        settings.show_solutions = true;
        let written = config.text_with(&settings, &["solutions-while-solving"]);
        assert!(
            written.starts_with("# mine\r\nsolutions-while-solving = true\r\nmystery = 1\r\n"),
            "{written:?}"
        );
        assert_eq!(
            written.matches('\n').count(),
            written.matches("\r\n").count(),
            "{written:?}"
        );

        // Mixed ends each stay; a last line without an end gets one only when a line follows.
        let mixed = "\u{feff}remove-marks = false\r\n# a\n# b\rsolutions-while-solving = true\rshow-rating = false\r\nshow-program = true\nprogram-language = python\nmarks-view = mine";
        let (config, settings, problems) = Config::parse(mixed);
        assert!(
            problems.is_empty(),
            "the byte-order mark is not part of the key: {problems:?}"
        );
        assert!(!settings.remove_marks);
        assert_eq!(
            config.text_with(&settings, &[]),
            mixed,
            "nothing changed, nothing moved"
        );
    }

    #[test]
    fn writing_back_keeps_every_line_it_does_not_own() {
        let text = "# mine\nremove-marks = maybe\ncolour = red\n";
        let (config, mut settings, _) = Config::parse(text);
        settings.show_solutions = false;
        let written = config.text_with(&settings, &["solutions-while-solving"]);
        assert!(
            written.starts_with("# mine\nremove-marks = maybe\ncolour = red\n"),
            "{written}"
        );
        assert!(written.contains("solutions-while-solving = false\n"), "{written}");
        // Read back: the same settings.
        let (_, again, _) = Config::parse(&written);
        assert_eq!(again.show_solutions, settings.show_solutions);
        assert_eq!(again.marks_view, settings.marks_view);
        // The broken line goes once the player sets that setting.
        settings.remove_marks = false;
        let written = config.text_with(&settings, &["remove-marks"]);
        assert!(
            written.contains("remove-marks = false\n") && !written.contains("maybe"),
            "{written}"
        );
    }
}
