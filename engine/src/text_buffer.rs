//! Short texts kept inline (a line of a collection waiting in a batch: one of the usual size
//! costs no allocation, a longer one moves to the heap), and numbers written without the
//! formatting machinery.

/// Bytes kept inline: a puzzle line (81 cells) with a short comment.
const INLINE: usize = 112;

/// A growable byte buffer that holds up to 112 bytes (`INLINE`) without allocating.
struct TextBuffer {
    /// Bytes used in `inline`; unused once the text has moved to `spilled`.
    len: usize,
    inline: [u8; INLINE],
    /// The whole text, once it outgrew `inline`.
    spilled: Vec<u8>,
}

impl TextBuffer {
    /// An empty buffer.
    fn new() -> TextBuffer {
        TextBuffer {
            len: 0,
            inline: [0; INLINE],
            spilled: Vec::new(),
        }
    }

    /// The text written so far.
    fn as_bytes(&self) -> &[u8] {
        if self.spilled.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }

    /// Appends `bytes`.
    fn push(&mut self, bytes: &[u8]) {
        if self.spilled.is_empty() {
            if let Some(room) = self.inline.get_mut(self.len..self.len + bytes.len()) {
                room.copy_from_slice(bytes);
                self.len += bytes.len();
                return;
            }
            if bytes.is_empty() {
                return;
            }
            self.spilled.reserve(self.len + bytes.len());
            self.spilled.extend_from_slice(&self.inline[..self.len]);
        }
        self.spilled.extend_from_slice(bytes);
    }
}

/// Appends `n` to `out` in decimal, as `Display` writes it, without the formatting machinery
/// (a batch writes several numbers a puzzle).
pub fn push_decimal(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[start..]);
}

/// A short text kept inline (see `TextBuffer`), UTF-8 only.
pub struct InlineString(TextBuffer);

impl InlineString {
    /// A copy of `text`.
    pub fn new(text: &str) -> InlineString {
        let mut buffer = TextBuffer::new();
        buffer.push(text.as_bytes());
        InlineString(buffer)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(self.0.as_bytes()).expect("only whole strs are pushed")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_stays_inline_and_long_text_moves_whole() {
        let mut text = TextBuffer::new();
        text.push(b"");
        text.push(b"line 7: ");
        assert_eq!(text.as_bytes(), b"line 7: ");
        assert!(text.spilled.is_empty(), "a short text is kept inline");
        let long = "x".repeat(INLINE);
        text.push(long.as_bytes());
        assert_eq!(text.as_bytes(), format!("line 7: {long}").as_bytes());
        text.push(b"!");
        assert!(text.as_bytes().ends_with(b"x!"));
        assert_eq!(text.as_bytes().len(), 8 + INLINE + 1);
    }

    #[test]
    fn an_inline_string_gives_back_its_text_short_or_long() {
        for text in ["", "é1.2", &"ü".repeat(INLINE)] {
            assert_eq!(InlineString::new(text).as_str(), text);
        }
    }

    #[test]
    fn numbers_are_written_as_display_writes_them() {
        for n in [0, 7, 10, 99, 100, 4_096, 49_158, u64::MAX] {
            let mut text = b"n=".to_vec();
            push_decimal(&mut text, n);
            assert_eq!(text, format!("n={n}").as_bytes());
        }
    }

    #[test]
    fn exactly_full_is_still_inline() {
        let mut text = TextBuffer::new();
        text.push(&[b'a'; INLINE]);
        assert!(text.spilled.is_empty());
        assert_eq!(text.as_bytes(), &[b'a'; INLINE][..]);
        text.push(b"");
        assert!(text.spilled.is_empty(), "nothing more to keep: no move");
    }
}
