//! Output: colour only on a terminal without `NO_COLOR`, and JSON for scripts.

use std::io::{IsTerminal, Write};

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
}

impl Out {
    /// For this process: `--json` as given, colour as the terminal allows.
    pub fn for_process(json: bool) -> Self {
        let no_color = std::env::var("NO_COLOR").ok();
        Self {
            json,
            colour: !json && colour_wanted(std::io::stdout().is_terminal(), no_color.as_deref()),
        }
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
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(colour_wanted(true, None));
        assert!(colour_wanted(true, Some("")));
        assert!(!colour_wanted(true, Some("1")));
        assert!(!colour_wanted(false, None));
    }
}
