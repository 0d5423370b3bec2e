//! Making untrusted text (file names, puzzle metadata, pasted text) safe to show in a terminal:
//! control characters, escape sequences among them, are written out visibly instead of being sent
//! to the terminal.

use std::borrow::Cow;

/// `text` with every control character replaced by its escaped form (`\u{1b}`, `\n`, `\t`...).
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

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn escape_sequences_become_visible() {
        assert_eq!(printable("evil\u{1b}[2Jname\u{7}.txt"), "evil\\u{1b}[2Jname\\u{7}.txt");
        assert_eq!(printable("tab\there\nand cr\r"), "tab\\there\\nand cr\\r");
    }

    #[test]
    fn plain_text_is_borrowed_unchanged() {
        assert!(matches!(
            printable("puzzle é.sdk"),
            std::borrow::Cow::Borrowed("puzzle é.sdk")
        ));
    }
}
