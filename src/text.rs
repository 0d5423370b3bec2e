//! Text for people, shared by the workbench and the command line: untrusted text made safe to
//! show in a terminal, numbers with thousands separators, durations, and what an I/O error or
//! a kind of file means in a few words, digits listed.

use std::borrow::Cow;
use std::time::Duration;

/// `text` with every control character replaced by its escaped form (`\u{1b}`, `\n`, `\t`...):
/// file names, puzzle metadata and pasted text are shown, never obeyed by the terminal.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A name from the file system (which need not be UTF-8) made safe to show, as [`printable`]
/// does, each byte that is not UTF-8 shown as `\xNN`: two names that differ are never shown
/// alike, as a lossy conversion would show them (`\u{FFFD}` for any such byte).
pub fn printable_os(name: &std::ffi::OsStr) -> String {
    let mut out = String::new();
    for chunk in name.as_encoded_bytes().utf8_chunks() {
        out.push_str(&printable(chunk.valid()));
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out
}

/// A number with thousands separators: `12,345,678`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A number as a few figures and a unit, for where [`grouped`] has no room: `999`, `12.35k`,
/// `1.267G` (k, M, G, T, P, E: thousands, millions, billions...), rounded to `decimals` places
/// (an abbreviation that says so, never a number with digits left out).
pub fn compact(n: u64, decimals: usize) -> String {
    const UNITS: [&str; 6] = ["k", "M", "G", "T", "P", "E"];
    if n < 1000 {
        return n.to_string();
    }
    let mut value = n as f64 / 1000.0;
    let mut unit = 0;
    loop {
        let text = format!("{value:.decimals$}");
        // 999,999 rounds to 1000.0k: that is 1.0M.
        let rounds_up = text.split('.').next().is_some_and(|whole| whole.len() > 3);
        if !rounds_up || unit + 1 == UNITS.len() {
            return format!("{text}{}", UNITS[unit]);
        }
        value /= 1000.0;
        unit += 1;
    }
}

/// `n` in at most `room` columns where it can be: [`grouped`] if that fits, else [`compact`]
/// with the most decimals (up to 3) that fit, else with none (wider than `room`: a number is
/// never cut, the caller gives it the room it takes).
pub fn count_in(n: u64, room: usize) -> String {
    let full = grouped(n);
    if full.chars().count() <= room {
        return full;
    }
    (0..=3)
        .rev()
        .map(|decimals| compact(n, decimals))
        .find(|text| text.chars().count() <= room)
        .unwrap_or_else(|| compact(n, 0))
}

/// Digits separated by spaces, `-` for none: `1 4 7`.
pub fn spaced(set: sudoku_engine::DigitSet) -> String {
    if set.is_empty() {
        return "-".into();
    }
    set.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ")
}

/// A count with its noun, the noun plural unless the count is one: `1 cell`, `12,345 cells`.
/// `noun` is the singular; an `s` makes the plural (every noun counted here takes one).
pub fn counted(n: u64, noun: &str) -> String {
    counted_as(n, noun, &format!("{noun}s"))
}

/// [`counted`] for a noun whose plural is not made with an `s`: `1 entry`, `2 entries`.
pub fn counted_as(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {many}", grouped(n))
    }
}

/// A size in bytes for people: `512 bytes`, `1.5 MB`, `64 MB`; a size a little over a whole
/// number of megabytes says how much over (`64 MB and 890 bytes`), where `64.0 MB` would read
/// as no more than 64 MB. A megabyte is 2^20 bytes here, as in the limits it is compared with.
pub fn size(bytes: u64) -> String {
    const MB: u64 = 1 << 20;
    let (whole, rest) = (bytes / MB, bytes % MB);
    if whole == 0 {
        counted(bytes, "byte")
    } else if rest == 0 {
        format!("{} MB", grouped(whole))
    } else if rest < MB / 20 {
        format!("{} MB and {}", grouped(whole), counted(rest, "byte"))
    } else {
        format!("{:.1} MB", bytes as f64 / MB as f64)
    }
}

/// A duration for people: `850 µs`, `12.3 ms`, `1.53 s`, `2 min 05 s`.
pub fn duration(d: Duration) -> String {
    let us = d.as_micros();
    if us < 1000 {
        format!("{us} µs")
    } else if us < 1_000_000 {
        format!("{:.1} ms", us as f64 / 1000.0)
    } else if us < 60_000_000 {
        format!("{:.2} s", d.as_secs_f64())
    } else {
        format!("{} min {:02} s", d.as_secs() / 60, d.as_secs() % 60)
    }
}

/// A short reason for an I/O error, without the OS error number.
pub fn io_error(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => "no such file".into(),
        ErrorKind::PermissionDenied => "permission denied".into(),
        ErrorKind::IsADirectory => "it is a directory".into(),
        ErrorKind::InvalidData => "not readable text".into(),
        ErrorKind::StorageFull => "the disk is full".into(),
        ErrorKind::ReadOnlyFilesystem => "the file system is read-only".into(),
        // EFBIG: most often a size limit on the process (`ulimit -f`), whose signal the
        // workbench catches so that the write fails instead of ending it.
        ErrorKind::FileTooLarge => "larger than the file size limit (ulimit -f)".into(),
        ErrorKind::OutOfMemory => "not enough memory".into(),
        _ => e.to_string(),
    }
}

/// What a file that is not a regular file is, for a message (`a named pipe (FIFO)`); `None`
/// for a regular file.
pub fn special_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let kind = meta.file_type();
    if kind.is_file() {
        return None;
    }
    // Only seen through `symlink_metadata`: `metadata` follows the link.
    if kind.is_symlink() {
        return Some("a symbolic link");
    }
    if kind.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_char_device() {
            return Some("a character device");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_become_visible() {
        assert_eq!(printable("evil\u{1b}[2Jname\u{7}.txt"), "evil\\u{1b}[2Jname\\u{7}.txt");
        assert_eq!(printable("tab\there\nand cr\r"), "tab\\there\\nand cr\\r");
    }

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        assert!(matches!(printable("puzzle é.sdk"), Cow::Borrowed("puzzle é.sdk")));
    }

    #[test]
    fn numbers_without_room_are_abbreviated_not_cut() {
        assert_eq!(compact(999, 2), "999");
        assert_eq!(compact(1_000, 2), "1.00k");
        assert_eq!(compact(12_345, 1), "12.3k");
        assert_eq!(compact(137_855_760, 3), "137.856M");
        assert_eq!(compact(1_266_509_660, 2), "1.27G");
        assert_eq!(compact(999_999, 1), "1.0M", "rounding up moves to the next unit");
        assert_eq!(compact(999_499, 0), "999k");
        assert_eq!(compact(u64::MAX, 2), "18.45E");
        assert_eq!(count_in(137_855_760, 11), "137,855,760");
        assert_eq!(count_in(137_855_760, 10), "137.856M");
        assert_eq!(count_in(1_266_509_660, 5), "1.27G");
        assert_eq!(count_in(1_266_509_660, 2), "1G", "wider than the room rather than cut");
        assert_eq!(count_in(42, 1), "42");
    }

    #[test]
    fn numbers_and_durations_read_easily() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(166_089), "166,089");
        assert_eq!(grouped(12_345_678), "12,345,678");
        assert_eq!(duration(Duration::from_micros(850)), "850 µs");
        assert_eq!(duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(duration(Duration::from_millis(1534)), "1.53 s");
        assert_eq!(duration(Duration::from_secs(125)), "2 min 05 s");
    }

    #[test]
    fn sizes_never_round_to_a_limit_they_are_over() {
        assert_eq!(size(1), "1 byte");
        assert_eq!(size(1023), "1,023 bytes");
        assert_eq!(size(64 << 20), "64 MB");
        assert_eq!(size((64 << 20) + 890), "64 MB and 890 bytes");
        assert_eq!(size((64 << 20) + (1 << 19)), "64.5 MB");
        assert_eq!(size(1 << 30), "1,024 MB");
    }

    #[cfg(unix)]
    #[test]
    fn names_that_are_not_utf8_are_shown_byte_for_byte() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"bad\xff\x1b[31mname.sdk");
        assert_eq!(printable_os(name), "bad\\xff\\u{1b}[31mname.sdk");
        assert_eq!(printable_os(std::ffi::OsStr::new("é.sdk")), "é.sdk");
    }

    #[test]
    fn one_thing_is_singular() {
        assert_eq!(counted(1, "cell"), "1 cell");
        assert_eq!(counted(0, "cell"), "0 cells");
        assert_eq!(counted(1234, "step"), "1,234 steps");
        assert_eq!(counted_as(1, "entry", "entries"), "1 entry");
        assert_eq!(counted_as(0, "entry", "entries"), "0 entries");
    }

    #[cfg(unix)]
    #[test]
    fn special_files_are_named() {
        assert_eq!(
            special_file(&std::fs::metadata("/dev/null").unwrap()),
            Some("a character device")
        );
        assert_eq!(special_file(&std::fs::metadata("/").unwrap()), Some("a directory"));
        assert_eq!(special_file(&std::fs::metadata("Cargo.toml").unwrap()), None);
    }
}
