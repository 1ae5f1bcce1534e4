//! Confirms HTTP status codes in error text by the words around them, not any three digits.

/// Words that, just before a number, make it a status code.
const LEADS: [&str; 13] = [
    "http",
    "received",
    "status",
    "code",
    "error",
    "response",
    "returned",
    "got",
    "failed with",
    "statuscode",
    "status_code",
    // .NET's "Response status code does not indicate success: 503 ()."
    // over HTTP/2 and HTTP/3, which carry no reason phrase.
    "success:",
    // A Jira client's "will retry [1/3] in 6.2s. Err: 401"; not apt's
    // item counter "Err:401".
    "err: ",
];

/// Reason phrases that, just after a number, make it a status code.
const REASONS: [&str; 17] = [
    "bad request",
    "unauthorized",
    "forbidden",
    "not found",
    "request timeout",
    "too early",
    "too many",
    "payload too large",
    "unprocessable",
    "internal",
    "bad gateway",
    "service unavailable",
    "gateway timeout",
    "proxy authentication",
    "gone",
    "content too large",
    // The OpenAI SDKs' `429 status code (no body)`.
    "status code",
];

/// Whether the three digits at `at` stand alone and read as a status code.
pub(crate) fn confirm(bytes: &[u8], at: usize) -> bool {
    let isolated = (at == 0 || !bytes[at - 1].is_ascii_digit())
        && bytes
            .get(at + 3)
            .is_none_or(|next| !next.is_ascii_digit() && *next != b'.');
    isolated && looks_like_status(bytes, at)
}

/// The HTTP status codes (100 to 599) that `text` names, each confirmed by
/// the words around it as the rule reflector confirms them (`HTTP 402`,
/// `status: 429`, `(503)`, `404 Not Found`), not any three digits.
///
/// ```
/// let found: Vec<u16> = loopctl_reflect_rules::http_statuses("HTTP 402 Payment Required; retry id 12345").collect();
/// assert_eq!(found, [402]);
/// ```
pub fn http_statuses(text: &str) -> impl Iterator<Item = u16> + '_ {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(2)).filter_map(move |at| {
        let digits = bytes.get(at..at + 3)?;
        if !digits.iter().all(u8::is_ascii_digit) || !(b'1'..=b'5').contains(&digits[0]) {
            return None;
        }
        confirm(bytes, at).then(|| {
            digits
                .iter()
                .fold(0_u16, |code, digit| code * 10 + u16::from(digit - b'0'))
        })
    })
}

fn looks_like_status(bytes: &[u8], at: usize) -> bool {
    let before = &bytes[at.saturating_sub(16)..at];
    let after = &bytes[(at + 3).min(bytes.len())..(at + 3 + 24).min(bytes.len())];
    let wrapped = at > 0
        && matches!(bytes[at - 1], b'(' | b'[')
        && matches!(bytes.get(at + 3), Some(b')' | b']'));
    wrapped
        || LEADS
            .iter()
            .any(|lead| contains_ignore_case(before, lead.as_bytes()))
        || REASONS.iter().any(|reason| {
            let trimmed = after
                .iter()
                .position(|byte| byte.is_ascii_alphabetic())
                .map_or(&[][..], |start| &after[start..]);
            trimmed.len() >= reason.len()
                && trimmed[..reason.len()].eq_ignore_ascii_case(reason.as_bytes())
        })
}

fn contains_ignore_case(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle))
}

#[cfg(test)]
mod tests {
    use crate::patterns::{Category, categories, strongest as pick};

    fn strongest(text: &str) -> Option<Category> {
        pick(categories(text))
    }

    #[test]
    fn status_codes_in_context() {
        assert_eq!(strongest("HTTP 429"), Some(Category::Transient));
        assert_eq!(
            strongest("request failed with status code 503"),
            Some(Category::ServerDown)
        );
        assert_eq!(
            strongest("503 Service Unavailable"),
            Some(Category::ServerDown)
        );
        assert_eq!(strongest("error (401)"), Some(Category::Auth));
        assert_eq!(strongest("{\"status\":404}"), Some(Category::NotFound));
        assert_eq!(
            strongest("HTTP/1.1 413 Payload Too Large"),
            Some(Category::TooLarge)
        );
    }

    #[test]
    fn other_numbers_are_not_status_codes() {
        assert_eq!(strongest("processed 503 rows"), None);
        assert_eq!(strongest("line 429 of main.py"), None);
        assert_eq!(strongest("version 4.29.1"), None);
        assert_eq!(strongest("id 15031"), None);
        assert_eq!(strongest("Error on line 503."), None);
    }
}
