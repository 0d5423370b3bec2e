//! A reader that counts what is taken from it into the [`ReadProgress`] the model draws, and
//! stops once the model gives the read up: how the runtime's reading threads report and obey.

use crate::app::reading::ReadProgress;
use std::io::{self, BufRead, Read};

/// What a reader counts its bytes as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Bytes read from the file.
    Read,
    /// Bytes of text parsed.
    Parsed,
}

/// A reader that counts the bytes taken from it into a [`ReadProgress`], and fails once the read
/// is given up, so that whatever reads through it stops.
pub struct CountingReader<'p, R> {
    inner: R,
    progress: &'p ReadProgress,
    counting: Counting,
}

impl<'p, R> CountingReader<'p, R> {
    /// `inner`, counted as `counting` into `progress`.
    pub fn new(inner: R, progress: &'p ReadProgress, counting: Counting) -> CountingReader<'p, R> {
        CountingReader {
            inner,
            progress,
            counting,
        }
    }

    fn count(&self, bytes: usize) {
        match self.counting {
            Counting::Read => self.progress.add_read(bytes as u64),
            Counting::Parsed => self.progress.add_parsed(bytes as u64),
        }
    }
}

impl<R: Read> Read for CountingReader<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.progress.is_cancelled() {
            return Err(ReadProgress::cancelled_error());
        }
        let n = self.inner.read(buf)?;
        self.count(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for CountingReader<'_, R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.progress.is_cancelled() {
            return Err(ReadProgress::cancelled_error());
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.count(amount);
        self.inner.consume(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counting_reader_counts_what_is_taken_and_stops_once_cancelled() {
        let progress = ReadProgress::default();
        progress.set_total(10);
        let mut reader = CountingReader::new(&b"one\ntwo\nthree\n"[..], &progress, Counting::Parsed);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert_eq!(line, "one\n");
        assert_eq!(progress.snapshot().parsed, 4);
        assert_eq!(
            progress.snapshot().permille(),
            Some(200),
            "4 of the 20 bytes to read and parse"
        );
        progress.cancel();
        let e = reader.read_line(&mut line).unwrap_err();
        assert_eq!(e.to_string(), "the read was cancelled");
        let mut plain = CountingReader::new(&b"abc"[..], &progress, Counting::Read);
        assert!(plain.read(&mut [0; 3]).is_err());
    }
}
