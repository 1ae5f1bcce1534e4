//! [`RedactingWriter`]: hides secrets in whatever is written through it, for log output loopctl does not format itself.
//!
//! loopctl's own log lines are redacted where they are written. The crates
//! under it (the MCP SDK, HTTP clients) log whole messages at `debug` and
//! `trace`; a log subscriber that writes through this writer hides the
//! secrets in those lines too.

use std::io::{self, Write};

use crate::Redactor;

/// Text held before it is redacted and passed on, at most: a longer stretch
/// is passed on up to its last line break.
const HELD: usize = 64 << 10;

/// Holds what is written, hides its secrets and passes it on when flushed or
/// dropped, or a line at a time once more than 64 KiB is held. Besides what
/// [`Redactor::text`] hides, every URL loses its user info and its query
/// values ([`describe_urls_in`](crate::describe_urls_in)): HTTP clients log
/// whole request URLs.
///
/// `tracing-subscriber`'s formatter takes a new writer per event and writes
/// the event in one go, so each event is redacted whole, a private-key
/// block across its lines included:
///
/// ```
/// use loopctl_redact::{Redactor, RedactingWriter};
/// use std::io::Write;
///
/// let mut out = Vec::new();
/// {
///     let mut writer = RedactingWriter::new(&mut out, Redactor::standard());
///     writeln!(writer, "request sent with Authorization: Bearer mF_9.B5f-4.1JqM")?;
/// }
/// assert_eq!(String::from_utf8(out).unwrap(), "request sent with Authorization: Bearer [redacted]\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// With `tracing-subscriber`:
/// `fmt().with_writer(|| RedactingWriter::new(std::io::stderr(), Redactor::standard()))`.
#[derive(Debug)]
pub struct RedactingWriter<W: Write> {
    inner: W,
    redactor: Redactor,
    held: Vec<u8>,
}

impl<W: Write> RedactingWriter<W> {
    /// Passes what is written on to `inner`, with `redactor`'s secrets hidden.
    pub fn new(inner: W, redactor: Redactor) -> Self {
        Self {
            inner,
            redactor,
            held: Vec::new(),
        }
    }

    /// Redacts and passes on the first `upto` bytes held.
    fn pass_on(&mut self, upto: usize) -> io::Result<()> {
        let rest = self.held.split_off(upto);
        let text = String::from_utf8_lossy(&self.held);
        // Log lines of HTTP clients print whole request URLs, whose query
        // values carry tokens under any name: in logs they all go.
        let text = if self.redactor.is_enabled() {
            crate::describe_urls_in(&text)
        } else {
            text
        };
        let shown = self.redactor.text(&text);
        let result = self.inner.write_all(shown.as_bytes());
        self.held = rest;
        result
    }
}

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.held.extend_from_slice(buf);
        if self.held.len() > HELD {
            let upto = self
                .held
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(self.held.len(), |at| at + 1);
            self.pass_on(upto)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.held.is_empty() {
            self.pass_on(self.held.len())?;
        }
        self.inner.flush()
    }
}

impl<W: Write> Drop for RedactingWriter<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_block_split_over_writes_is_hidden_whole() {
        let mut out = Vec::new();
        {
            let mut writer = RedactingWriter::new(&mut out, Redactor::standard());
            for piece in [
                "key: -----BEGIN PRIVATE KEY-----\nMIGEAgEAMBAGByqGSM49AgEGBSuBBAAKBG0wawIBAQQgVcB/UNPxalR9zDYAjQIf\n",
                "jojUDiQuGnSJrFEEzZPT/92hRANCAASc7UJtgnF/abqWM60T3XNJEzBv5ez9TdwK\n",
                "-----END PRIVATE KEY-----\n",
            ] {
                writer.write_all(piece.as_bytes()).unwrap();
            }
        }
        let shown = String::from_utf8(out).unwrap();
        assert!(!shown.contains("MIGEAgEAMBAGByqGSM49"), "{shown}");
        assert!(shown.starts_with("key: "), "{shown}");
    }

    #[test]
    fn a_flood_is_passed_on_line_by_line_and_never_held_whole() {
        let mut out = Vec::new();
        let mut writer = RedactingWriter::new(&mut out, Redactor::standard());
        let line = format!("token={}\n", "x".repeat(1000));
        for _ in 0..200 {
            writer.write_all(line.as_bytes()).unwrap();
            assert!(writer.held.len() <= HELD + line.len());
        }
        drop(writer);
        let shown = String::from_utf8(out).unwrap();
        assert_eq!(shown.lines().count(), 200);
        assert!(shown.lines().all(|line| line == "token=[redacted]"));
    }
}
