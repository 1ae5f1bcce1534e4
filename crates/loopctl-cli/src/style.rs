//! Output: colour only on a terminal without `NO_COLOR`, JSON for scripts, and text from outside shown safely.
//!
//! Text that comes from outside (error texts, analyses, tool names from a
//! log, a model's answer) goes through [`Out::shown`] before it is printed:
//! its secrets are hidden, and on a terminal its control characters are
//! written out (`\u{1b}`), so an escape sequence in a log cannot rewrite the
//! screen. `--json` output stays exact: JSON escapes control characters itself.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};

use loopctl_redact::Redactor;
use serde_json::Value;

/// Whether to colour, given whether stdout is a terminal and `NO_COLOR`'s value.
pub fn colour_wanted(stdout_is_terminal: bool, no_color: Option<&str>) -> bool {
    // NO_COLOR: any non-empty value turns colour off.
    stdout_is_terminal && no_color.is_none_or(str::is_empty)
}

/// How a command prints.
#[derive(Debug, Clone, Copy)]
pub struct Out {
    /// Print one JSON document instead of text.
    pub json: bool,
    colour: bool,
    /// Stdout is a terminal: control characters from outside are escaped.
    terminal: bool,
}

impl Out {
    /// For this process: `--json` as given, colour as the terminal allows.
    pub fn for_process(json: bool) -> Self {
        let no_color = std::env::var("NO_COLOR").ok();
        let terminal = std::io::stdout().is_terminal();
        Self {
            json,
            colour: !json && colour_wanted(terminal, no_color.as_deref()),
            terminal: !json && terminal,
        }
    }

    /// Text from outside, fit to print: secrets hidden, and on a terminal
    /// control characters escaped.
    pub fn shown<'a>(&self, text: &'a str) -> Cow<'a, str> {
        let hidden = hide(text);
        if !self.terminal {
            return hidden;
        }
        match escape_controls(&hidden) {
            Cow::Borrowed(_) => hidden,
            Cow::Owned(escaped) => Cow::Owned(escaped),
        }
    }

    /// [`shown`](Self::shown), then [`short`].
    pub fn short(&self, text: &str, limit: usize) -> String {
        short(&self.shown(text), limit)
    }

    /// A heading, bold on a terminal.
    pub fn heading(&self, text: &str) -> String {
        self.paint("1", text)
    }

    /// Green on a terminal.
    pub fn good(&self, text: &str) -> String {
        self.paint("32", text)
    }

    /// Red on a terminal.
    pub fn bad(&self, text: &str) -> String {
        self.paint("31", text)
    }

    /// Dim on a terminal.
    pub fn dim(&self, text: &str) -> String {
        self.paint("2", text)
    }

    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\u{1b}[{code}m{text}\u{1b}[0m")
        } else {
            text.to_owned()
        }
    }

    /// Prints a JSON document on one line of stdout.
    pub fn json_document(&self, value: &Value) {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{value}");
    }

    /// Prints a line of text on stdout.
    pub fn line(&self, text: &str) {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{text}");
    }
}

/// `text` with its secrets hidden, for JSON documents and error messages.
pub fn hide(text: &str) -> Cow<'_, str> {
    Redactor::standard().text(text)
}

/// `text` with every control character but newline and tab written out as
/// `\u{..}`: C0 and C1 controls, DEL, and the bidirectional overrides that
/// reorder what a terminal shows.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| {
        (c.is_control() && c != '\n' && c != '\t')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    };
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The first line of `text`, at most `limit` characters, for tables.
pub fn short(text: &str, limit: usize) -> String {
    let line = text.lines().next().unwrap_or("");
    if line.chars().count() > limit {
        format!("{}…", line.chars().take(limit).collect::<String>())
    } else {
        line.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_sequences_and_bidi_overrides_are_written_out() {
        assert_eq!(
            escape_controls("ok\u{1b}[2J\u{1b}]0;owned\u{7}\r\u{202e}cba\nnext\tcol"),
            "ok\\u{1b}[2J\\u{1b}]0;owned\\u{7}\\u{d}\\u{202e}cba\nnext\tcol"
        );
        assert!(matches!(escape_controls("plain é text"), Cow::Borrowed(_)));
        // C1 controls: U+009B is a one-character CSI on some terminals.
        assert_eq!(escape_controls("a\u{9b}2J"), "a\\u{9b}2J");
    }

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(colour_wanted(true, None));
        assert!(colour_wanted(true, Some("")));
        assert!(!colour_wanted(true, Some("1")));
        assert!(!colour_wanted(false, None));
    }
}
