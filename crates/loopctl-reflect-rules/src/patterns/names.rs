//! Where a literal counts: names of their own (POSIX errno names, snake_case error codes) only where they stand as a whole name, generic credential words only as words of the message, not inside a longer word, identifier, path or URL.
//!
//! Spring's `ResourceAccessException` holds `eacces`, llhttp's
//! `HPE_INVALID_CONSTANT` holds NSQ's `E_INVALID`, and a path such as
//! `/hooks/no_permission_callback` or a file `data_loss_report.csv` holds
//! Slack's and gRPC's codes; there they name nothing that failed. A code is
//! still found where its system prints it: after a quote, a space, a colon,
//! a dot (`StatusCode.DEADLINE_EXCEEDED`), a namespace
//! (`net::ERR_HTTP2_PROTOCOL_ERROR`, Vercel's `EDGE_FUNCTION_INVOCATION_TIMEOUT`)
//! or at the start of the text.

use super::Pattern;

/// The errno names in the tables: lower-case `e` and the name, as Node.js,
/// libuv, Python and Go print them (`EACCES:`, `Errno::EACCES`,
/// `code: 'EACCES'`).
const ERRNO: &[&str] = &[
    "eacces",
    "eaddrinuse",
    "eagain",
    "ebusy",
    "econnaborted",
    "econnrefused",
    "econnreset",
    "edquot",
    "eexist",
    "ehostdown",
    "ehostunreach",
    "eintegrity",
    "eisdir",
    "emfile",
    "enetdown",
    "enetunreach",
    "enoent",
    "enospc",
    "enotdir",
    "enotempty",
    "enotfound",
    "eperm",
    "epipe",
    "erofs",
    "estale",
    "etimedout",
    "etxtbsy",
    "exdev",
];

/// Which table a literal comes from, as far as where it counts goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// A generic word in one of its spellings (`generic.rs`): `rate_limit`
    /// beside "rate limit" and `ratelimit`, `not_found`, which systems build
    /// their longer names from (`RATE_LIMITED`, `not_found_error`) and which
    /// counts there too.
    Generic,
    /// A generic credential word (`vague.rs`), which counts only as a word
    /// of the message.
    Vague,
    /// An SMTP reply code and its enhanced status code's class
    /// (`smtp.rs`).
    Reply,
    /// Any other table's literal.
    Named,
}

/// How `literal` must stand in a text to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Standing {
    /// Anywhere, as the tables' single words and codes do, inside a longer
    /// name too (`ReadTimeout`, `ServiceUnavailable`).
    Anywhere,
    /// A phrase of words that begins with a letter: not right after a
    /// letter, so "is down" is not found in "This download".
    Phrase,
    /// Not right after a letter: an errno name.
    AfterNoLetter,
    /// As a word of the message: not inside a URL, a path, a dotted name, a
    /// query parameter or a longer word ("privileged", "unprivileged"),
    /// though a plural counts.
    Word,
    /// As the start of a word of the message ("authentication").
    Stem,
    /// As a whole identifier or the end of one: a snake_case code, with no
    /// letter or digit before it (a namespace such as `ERR_` or `EDGE_` may
    /// come before) and neither a letter, a digit nor an underscore after
    /// it (one that ends in `_` is a prefix and may go on).
    WholeName,
    /// As an SMTP reply code and the class of its enhanced status code
    /// (`450 4.`): no digit before it, and a subject and a detail number
    /// after it (`450 4.2.0`).
    Reply,
}

/// How `pattern` must stand to count, from the table it is in.
pub(super) fn standing_of(pattern: &Pattern) -> Standing {
    let kind = if super::vague::PATTERNS.contains(pattern) {
        Kind::Vague
    } else if super::smtp::PATTERNS.contains(pattern) {
        Kind::Reply
    } else if super::generic::PATTERNS.contains(pattern)
        || super::credentials::PATTERNS.contains(pattern)
    {
        Kind::Generic
    } else {
        Kind::Named
    };
    standing(pattern.0, kind)
}

impl Standing {
    /// Whether the literal is a generic credential word (`vague.rs`): the
    /// only literals that count as words of the message.
    pub(super) fn is_credential_word(self) -> bool {
        matches!(self, Self::Word | Self::Stem)
    }
}

/// How `literal`, from a table of `kind`, must stand to count.
pub(super) fn standing(literal: &str, kind: Kind) -> Standing {
    if kind == Kind::Reply {
        Standing::Reply
    } else if kind == Kind::Vague {
        if super::vague::STEMS.contains(&literal) {
            Standing::Stem
        } else {
            Standing::Word
        }
    } else if ERRNO.contains(&literal) {
        Standing::AfterNoLetter
    } else if kind == Kind::Named
        && literal.contains('_')
        && literal
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        Standing::WholeName
    } else if literal.split_once(' ').is_some_and(|(first, _)| {
        (1..=3).contains(&first.len()) && first.bytes().all(|b| b.is_ascii_alphabetic())
    }) {
        Standing::Phrase
    } else {
        Standing::Anywhere
    }
}

/// Whether the match `start..end` of a literal of `standing` counts in
/// `text`.
pub(super) fn counts(text: &str, standing: Standing, start: usize, end: usize) -> bool {
    let bytes = text.as_bytes();
    let before = start.checked_sub(1).and_then(|at| bytes.get(at)).copied();
    let after = bytes.get(end).copied();
    let part_of_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    match standing {
        Standing::Anywhere => true,
        Standing::AfterNoLetter | Standing::Phrase => {
            !before.is_some_and(|b| b.is_ascii_alphabetic())
        }
        Standing::Word | Standing::Stem => {
            if before.is_some_and(|b| b.is_ascii_alphanumeric() || b"/.?&=-\\".contains(&b)) {
                return false;
            }
            // A stem goes on ("authentication", "authentified"); a word
            // ends where the literal does, or in a plural.
            match (standing, after) {
                // A query parameter's name, or a URL's user information
                // ("https://user:password@proxy:port/").
                (_, Some(b'=' | b'@')) => false,
                (Standing::Stem, _) | (_, None) => true,
                (_, Some(b's' | b'S')) => bytes
                    .get(end + 1)
                    .is_none_or(|b| !b.is_ascii_alphanumeric() && *b != b'='),
                (_, Some(b)) => !b.is_ascii_alphanumeric() && b != b'_',
            }
        }
        Standing::Reply => {
            let number = |from: usize| {
                let digits = bytes.get(from..).unwrap_or_default();
                let count = digits.iter().take_while(|b| b.is_ascii_digit()).count();
                (1..=3).contains(&count).then_some(from + count)
            };
            !before.is_some_and(|b| b.is_ascii_digit())
                && number(end)
                    .filter(|&dot| bytes.get(dot) == Some(&b'.'))
                    .and_then(|dot| number(dot + 1))
                    .is_some()
        }
        Standing::WholeName => {
            let prefix = bytes.get(end.wrapping_sub(1)) == Some(&b'_');
            !before.is_some_and(|b| b.is_ascii_alphanumeric())
                && (prefix || !after.is_some_and(part_of_name))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str, literal: &str) -> bool {
        let start = text.to_ascii_lowercase().find(literal).expect(literal);
        counts(
            text,
            standing(literal, Kind::Named),
            start,
            start + literal.len(),
        )
    }

    #[test]
    fn every_errno_name_is_a_literal_of_the_tables() {
        for name in ERRNO {
            assert!(
                super::super::table()
                    .iter()
                    .any(|pattern| pattern.0 == *name),
                "`{name}` is in no table"
            );
        }
    }

    #[test]
    fn names_count_where_their_systems_print_them() {
        assert!(found(
            "Error: EACCES: permission denied, open '/x'",
            "eacces"
        ));
        assert!(found("Errno::EACCES", "eacces"));
        assert!(found(
            "{\"ok\":false,\"error\":\"no_permission\"}",
            "no_permission"
        ));
        assert!(found("StatusCode.DEADLINE_EXCEEDED", "deadline_exceeded"));
        assert!(found("code: 'UND_ERR_SOCKET'", "und_err_socket"));
        assert!(found("E_INVALID cannot publish", "e_invalid"));
        assert!(found(
            "net::ERR_HTTP2_PROTOCOL_ERROR",
            "http2_protocol_error"
        ));
    }

    #[test]
    fn generic_words_count_inside_the_names_built_from_them() {
        let text = "{\"code\":\"RATE_LIMITED\"}";
        let start = text.find("RATE_LIMIT").expect("in the text");
        assert!(counts(
            text,
            standing("rate_limit", Kind::Generic),
            start,
            start + 10
        ));
        assert!(!counts(
            text,
            standing("rate_limit", Kind::Named),
            start,
            start + 10
        ));
    }

    #[test]
    fn names_inside_longer_names_do_not() {
        assert!(!found("ResourceAccessException: I/O error", "eacces"));
        assert!(!found("RemoteAccessException: Could not access", "eacces"));
        assert!(!found("code: 'HPE_INVALID_CONSTANT'", "e_invalid"));
        assert!(!found("GET /hooks/no_permission_callback", "no_permission"));
        assert!(!found("gs://bucket/data_loss_report.csv", "data_loss"));
    }

    #[test]
    fn a_phrase_led_by_a_short_word_starts_a_word() {
        // Go's module checksum report says "this download"; "is down" is
        // not in it, while "the server is down" and "GitHub is down" are.
        let go =
            "SECURITY ERROR\nThis download does NOT match the one reported by the checksum server.";
        assert!(!found(go, "is down"));
        assert!(found("error: the server is down", "is down"));
        assert!(found("GitHub is down (status 503)", "is down"));
        // A phrase led by a longer word still counts inside a longer word,
        // as the credential tables need: "Reauthentication failed".
        assert!(found(
            "Reauthentication failed. cannot prompt",
            "authentication failed"
        ));
    }
}
