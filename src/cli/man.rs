//! `man`: the manual page, in roff, written by `clap_mangen` from the clap definitions, so that
//! it cannot fall behind them. One page holds every command: `clap_mangen` would write a page
//! per command, and a binary that prints its own page has one to print.

use super::{Cli, Status};
use clap::CommandFactory;
use clap_mangen::Man;
use std::io::{self, Write};

/// `man`: the manual page on `out` (`sudoku-workbench man | man -l -` shows it).
pub fn man(out: &mut impl Write) -> io::Result<Status> {
    out.write_all(&page()?)?;
    out.flush()?;
    Ok(Status::Solved)
}

/// The page: the program's own sections, then a COMMANDS section with a part for each command
/// (what it does, its synopsis and its options), then the notes after the help and the version.
fn page() -> io::Result<Vec<u8>> {
    // No `help` command in the page: `--help` is there for every command.
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    let name = command.get_name().to_string();
    let top = Man::new(command.clone());
    let mut page = Vec::new();
    top.render_title(&mut page)?;
    top.render_name_section(&mut page)?;
    top.render_synopsis_section(&mut page)?;
    top.render_description_section(&mut page)?;
    top.render_options_section(&mut page)?;
    page.extend_from_slice(b".SH COMMANDS\n");
    for sub in command.get_subcommands() {
        let full_name = format!("{name} {}", sub.get_name());
        writeln!(page, ".SS \"{}\"", full_name.replace('-', "\\-"))?;
        let man = Man::new(sub.clone().bin_name(&full_name));
        let mut part = Vec::new();
        man.render_description_section(&mut part)?;
        man.render_synopsis_section(&mut part)?;
        man.render_options_section(&mut part)?;
        // The sections of a command's own page become paragraphs of its part here.
        for line in part.split_inclusive(|&b| b == b'\n') {
            if line.starts_with(b".SH ") {
                page.extend_from_slice(b".PP\n");
            } else {
                page.extend_from_slice(line);
            }
        }
    }
    top.render_extra_section(&mut page)?;
    top.render_version_section(&mut page)?;
    Ok(once_preamble(&page))
}

/// `page` with `clap_mangen`'s preamble (the two lines defining the quote string) kept only the
/// first time: each section rendered on its own starts with it.
fn once_preamble(page: &[u8]) -> Vec<u8> {
    const PREAMBLE: [&[u8]; 2] = [b".ie \\n(.g .ds Aq \\(aq\n", b".el .ds Aq '\n"];
    let mut seen = [false; 2];
    let mut kept = Vec::with_capacity(page.len());
    for line in page.split_inclusive(|&b| b == b'\n') {
        match PREAMBLE.iter().position(|p| *p == line) {
            Some(i) if seen[i] => {}
            Some(i) => {
                seen[i] = true;
                kept.extend_from_slice(line);
            }
            None => kept.extend_from_slice(line),
        }
    }
    kept
}
