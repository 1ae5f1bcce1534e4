//! Literals that are names of their own (POSIX errno names, snake_case error codes) count only where they stand as a whole name, not inside a longer word or identifier.
//!
//! Spring's `ResourceAccessException` holds `eacces`, llhttp's
//! `HPE_INVALID_CONSTANT` holds NSQ's `E_INVALID`, and a path such as
//! `/hooks/no_permission_callback` or a file `data_loss_report.csv` holds
//! Slack's and gRPC's codes; there they name nothing that failed. A code is
//! still found where its system prints it: after a quote, a space, a colon,
//! a dot (`StatusCode.DEADLINE_EXCEEDED`), a namespace
//! (`net::ERR_HTTP2_PROTOCOL_ERROR`, Vercel's `EDGE_FUNCTION_INVOCATION_TIMEOUT`)
//! or at the start of the text.

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

/// How `literal` must stand in a text to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Standing {
    /// Anywhere, as the tables' phrases do.
    Anywhere,
    /// Not right after a letter: an errno name.
    AfterNoLetter,
    /// As a whole identifier or the end of one: a snake_case code, with no
    /// letter or digit before it (a namespace such as `ERR_` or `EDGE_` may
    /// come before) and neither a letter, a digit nor an underscore after
    /// it (one that ends in `_` is a prefix and may go on).
    WholeName,
}

/// How `literal` must stand to count; `word` says it is a generic word in
/// one of its spellings (`rate_limit` beside "rate limit" and `ratelimit`,
/// `not_found`), which systems build their longer names from
/// (`RATE_LIMITED`, `not_found_error`) and which counts there too.
pub(super) fn standing(literal: &str, word: bool) -> Standing {
    if ERRNO.contains(&literal) {
        Standing::AfterNoLetter
    } else if !word
        && literal.contains('_')
        && literal
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        Standing::WholeName
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
        Standing::AfterNoLetter => !before.is_some_and(|b| b.is_ascii_alphabetic()),
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
        counts(text, standing(literal, false), start, start + literal.len())
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
            standing("rate_limit", true),
            start,
            start + 10
        ));
        assert!(!counts(
            text,
            standing("rate_limit", false),
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
}
