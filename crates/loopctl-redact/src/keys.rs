//! Which names carry secrets: JSON keys, header names, query parameters and `name=value` pairs.
//!
//! Names are compared normalised: ASCII case folded and `_`, `-` and `.`
//! dropped, so `OPENAI_API_KEY`, `x-api-key` and `apiKey` all contain
//! `apikey`. The lists come from the redactors operators already trust
//! (Sentry's denylist, Rails' filter parameters, Elastic APM's sanitised
//! field names, the Datadog Agent's scrubber, detect-secrets' keyword list,
//! OpenTelemetry's URL conventions); `docs/redact.md` names each.

use std::sync::{Arc, OnceLock};

use aho_corasick::AhoCorasick;

/// Names that hide their value wherever they appear inside the normalised name.
const CONTAINS: &[&str] = &[
    "passw",
    "pwd",
    "passphrase",
    "secret",
    "token",
    "apikey",
    "authorization",
    "cookie",
    "privatekey",
    "privkey",
    "credential",
    "session",
    "sessid",
    "accesskey",
    "authkey",
    "signature",
    "bearer",
    "jwt",
    "csrf",
    "xsrf",
    "consumerkey",
    "clientkey",
    "accountkey",
    "servicekey",
    "applicationkey",
    "signingkey",
    "encryptionkey",
    "masterkey",
    "dbpass",
    "keypass",
    "connectionstring",
];

/// Names that hide their value only when they are the whole normalised name:
/// as substrings they would hide `author` or `passenger`.
const EXACT: &[&str] = &["auth", "pass", "connectsid"];

/// Query parameters that carry secrets only in URLs: a JSON `key` or `sig`
/// is usually something else. OpenTelemetry's `url.query` list and Google's
/// API-key parameter.
const QUERY_EXACT: &[&str] = &["sig", "key"];

/// Names that contain a secret word but hold a setting, never a secret.
const NEVER: &[&str] = &["tokenizer", "tokenizers", "tokenization", "tokentype"];

/// Names whose numeric values are counts of model tokens (`max_tokens`,
/// `usage.prompt_tokens`), not secrets; a string under them is still hidden.
const COUNT_SUFFIXES: &[&str] = &["tokens"];
const COUNT_PARTS: &[&str] = &["tokencount", "tokenlimit", "tokenbudget", "maxtoken"];

/// Where a name was found, which decides the lists that apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// A JSON key, a header, or a `name=value` pair in free text.
    Field,
    /// A parameter of a URL's query string.
    Query,
}

/// The built-in names and the caller's additions.
#[derive(Debug, Clone)]
pub(crate) struct KeyList {
    /// Added names, normalised: hidden wherever they appear in a name.
    added: Vec<String>,
    /// Names never hidden, normalised, compared whole.
    pub(crate) allowed: Vec<String>,
    /// One automaton for the built-in and added names found inside a name:
    /// one pass per name instead of one search per word.
    inside: Arc<AhoCorasick>,
}

impl Default for KeyList {
    fn default() -> Self {
        static BUILT_IN: OnceLock<Arc<AhoCorasick>> = OnceLock::new();
        let inside = BUILT_IN.get_or_init(|| Arc::new(automaton(&[]))).clone();
        Self {
            added: Vec::new(),
            allowed: Vec::new(),
            inside,
        }
    }
}

/// The automaton over the built-in words and `added`.
fn automaton(added: &[String]) -> AhoCorasick {
    let words = CONTAINS
        .iter()
        .copied()
        .chain(added.iter().map(String::as_str));
    // Words are at most 256 bytes each and few: far inside the automaton's limits.
    AhoCorasick::new(words).expect("short words always build an automaton")
}

impl KeyList {
    /// Adds names hidden wherever they appear inside a name (normalised).
    pub(crate) fn add<I: IntoIterator<Item = String>>(&mut self, names: I) {
        let before = self.added.len();
        // A name is short; capping it keeps the automaton small whatever is added.
        self.added.extend(
            names
                .into_iter()
                .filter(|name| !name.is_empty())
                .map(|mut name| {
                    name.truncate(name.floor_char_boundary(256));
                    name
                }),
        );
        if self.added.len() != before {
            self.inside = Arc::new(automaton(&self.added));
        }
    }

    /// The added names, for `Debug`.
    pub(crate) fn added(&self) -> &[String] {
        &self.added
    }

    /// Whether the value under `name` is a secret. `numeric` says whether
    /// the value is a number, for the token-count exception.
    pub(crate) fn hides(&self, name: &str, place: Place, numeric: bool) -> bool {
        let mut buffer = [0u8; 96];
        let Some(normal) = normalise(name, &mut buffer) else {
            // Longer than any real key: compare it allocated rather than guess.
            let owned = normalise_owned(name);
            return self.hides_normal(&owned, place, numeric);
        };
        self.hides_normal(normal, place, numeric)
    }

    fn hides_normal(&self, normal: &str, place: Place, numeric: bool) -> bool {
        if normal.is_empty() || NEVER.contains(&normal) || self.allowed.iter().any(|a| a == normal)
        {
            return false;
        }
        if numeric
            && (COUNT_SUFFIXES.iter().any(|s| normal.ends_with(s))
                || COUNT_PARTS.iter().any(|p| normal.contains(p)))
        {
            return false;
        }
        self.inside.is_match(normal)
            || EXACT.contains(&normal)
            || (place == Place::Query && QUERY_EXACT.contains(&normal))
    }
}

/// `name` folded into `buffer`, or `None` when it does not fit.
fn normalise<'b>(name: &str, buffer: &'b mut [u8; 96]) -> Option<&'b str> {
    let mut length = 0;
    for byte in name.bytes().filter(|b| !matches!(b, b'_' | b'-' | b'.')) {
        *buffer.get_mut(length)? = byte.to_ascii_lowercase();
        length += 1;
    }
    // Only ASCII bytes were changed, so a UTF-8 name stays UTF-8.
    std::str::from_utf8(&buffer[..length]).ok()
}

/// `name` with ASCII case folded and `_`, `-` and `.` dropped.
pub(crate) fn normalise_owned(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '_' | '-' | '.'))
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hides(name: &str) -> bool {
        KeyList::default().hides(name, Place::Field, false)
    }

    #[test]
    fn real_names_from_providers_and_frameworks_are_hidden() {
        for name in [
            "password",
            "Passwd",
            "OPENAI_API_KEY",
            "x-api-key",
            "apiKey",
            "client_secret",
            "access_token",
            "refresh_token",
            "Proxy-Authorization",
            "Set-Cookie",
            "private_key",
            "credentials",
            "sessionid",
            "PHPSESSID",
            "connect.sid",
            "aws_secret_access_key",
            "X-Goog-Api-Key",
            "mysql_pwd",
            "auth",
            "X-Hub-Signature-256",
        ] {
            assert!(hides(name), "{name}");
        }
    }

    #[test]
    fn settings_and_counts_that_merely_contain_a_word_stay_visible() {
        for name in [
            "author",
            "passenger",
            "tokenizer",
            "key",
            "sig",
            "api_version",
            "path",
        ] {
            assert!(!hides(name), "{name}");
        }
        let keys = KeyList::default();
        for name in [
            "max_tokens",
            "prompt_tokens",
            "usage.total_tokens",
            "maxTokenCount",
        ] {
            assert!(!keys.hides(name, Place::Field, true), "{name}");
            // The exception is for counts: a string under the same name is hidden.
            assert!(keys.hides(name, Place::Field, false), "{name}");
        }
    }

    #[test]
    fn key_and_sig_hide_only_in_query_strings() {
        let keys = KeyList::default();
        assert!(keys.hides("key", Place::Query, false));
        assert!(keys.hides("sig", Place::Query, false));
        assert!(!keys.hides("key", Place::Field, false));
    }

    #[test]
    fn added_names_match_inside_and_allowed_names_win() {
        let mut keys = KeyList::default();
        keys.add(["ssn".to_owned()]);
        keys.allowed.push("sessioncount".into());
        assert!(keys.hides("customer_SSN", Place::Field, false));
        assert!(!keys.hides("session_count", Place::Field, false));
        assert!(keys.hides("session_id", Place::Field, false));
    }

    #[test]
    fn very_long_names_are_still_compared() {
        let long = format!("{}_password", "x".repeat(200));
        assert!(hides(&long));
    }
}
