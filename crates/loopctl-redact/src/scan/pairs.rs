//! Named values in free text: `name=value`, `name: value`, `"name": "value"`, `?name=value`, `--name value`.
//!
//! Error texts echo what they were given: a JSON body, a header, a query
//! string, a command line. Wherever a secret *name* sits next to a value,
//! the value is hidden, whatever its shape, by the same name lists as JSON
//! keys (see [`KeyList`]).

use crate::keys::{KeyList, Place};
use crate::spans::{MARK, Span, URL_MARK};

/// Longest name read back from an operator; longer runs are not names.
const NAME_LIMIT: usize = 128;

/// Adds a span for the value of every secret name in `text`.
pub(crate) fn find_pairs(text: &str, keys: &KeyList, spans: &mut Vec<Span>) {
    let bytes = text.as_bytes();
    for at in memchr::memchr3_iter(b'=', b':', b'-', bytes) {
        match bytes[at] {
            b'=' | b':' if is_assignment(bytes, at) => {}
            b'-' if bytes.get(at + 1) == Some(&b'-') && (at == 0 || !is_name(bytes[at - 1])) => {
                flag(text, keys, at + 2, spans);
                continue;
            }
            _ => continue,
        }
        let Some((name_start, name_end)) = name_before(bytes, at) else {
            continue;
        };
        // The last segment of a path (`my_app::session: message`, a log
        // line's target) names a module, not a field.
        if bytes[..name_start].ends_with(b"::") {
            continue;
        }
        let place = match name_start.checked_sub(1).map(|before| bytes[before]) {
            Some(b'?' | b'&') => Place::Query,
            _ => Place::Field,
        };
        let Some((start, end)) = value_after(bytes, at + 1, place) else {
            continue;
        };
        let name = &text[name_start..name_end];
        let numeric = bytes[start..end]
            .iter()
            .all(|b| b.is_ascii_digit() || *b == b'.');
        if !keys.hides(name, place, numeric) {
            continue;
        }
        let (start, end) = scheme_kept(bytes, name, start, end);
        let mark = if place == Place::Query {
            URL_MARK
        } else {
            MARK
        };
        spans.push(Span::new(start, end, mark));
    }
}

/// `=` or `:` between a name and a value, not `://`, `::`, `==`, `<=`, `!=`.
fn is_assignment(bytes: &[u8], at: usize) -> bool {
    let next = bytes.get(at + 1).copied();
    let before = at.checked_sub(1).map(|i| bytes[i]);
    match bytes[at] {
        b':' => next != Some(b':') && before != Some(b':') && !bytes[at + 1..].starts_with(b"//"),
        _ => next != Some(b'=') && !matches!(before, Some(b'=' | b'!' | b'<' | b'>')),
    }
}

fn is_name(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.')
}

/// The name ending just before the operator at `at`: spaces and a closing
/// quote (escaped or not) are skipped.
fn name_before(bytes: &[u8], at: usize) -> Option<(usize, usize)> {
    let mut end = at;
    while end > 0 && matches!(bytes[end - 1], b' ' | b'\t') && at - end < 4 {
        end -= 1;
    }
    if end > 0 && matches!(bytes[end - 1], b'"' | b'\'' | b'`') {
        end -= 1;
        // JSON inside JSON (inside a debug print) escapes its quotes once per level.
        while end > 0 && bytes[end - 1] == b'\\' {
            end -= 1;
        }
    }
    let mut start = end;
    while start > 0 && is_name(bytes[start - 1]) && end - start < NAME_LIMIT {
        start -= 1;
    }
    (start < end).then_some((start, end))
}

/// The value starting after the operator: quoted (a JSON string, escaped or
/// not), bracketed, or a bare word.
fn value_after(bytes: &[u8], from: usize, place: Place) -> Option<(usize, usize)> {
    let mut start = from;
    while start < bytes.len() && matches!(bytes[start], b' ' | b'\t') && start - from < 8 {
        start += 1;
    }
    let first = *bytes.get(start)?;
    let slashes = bytes[start..].iter().take_while(|&&b| b == b'\\').count();
    let (start, end) = if slashes > 0 && bytes.get(start + slashes) == Some(&b'"') {
        // A quote escaped once per level of nesting: the value ends at the
        // same escaped quote.
        let opener = &bytes[start..=start + slashes];
        let body = start + opener.len();
        let close = find(bytes, body, opener).unwrap_or_else(|| bare_end(bytes, body, place));
        (body, close)
    } else if matches!(first, b'"' | b'\'' | b'`') {
        let body = start + 1;
        (body, closing_quote(bytes, body, first))
    } else if matches!(first, b'{' | b'[') {
        (start, closing_bracket(bytes, start))
    } else {
        (start, bare_end(bytes, start, place))
    };
    let value = &bytes[start..end];
    let empty = value.is_empty() || matches!(value, b"null" | b"true" | b"false" | b"None");
    (!empty).then_some((start, end))
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes[from..]
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|offset| from + offset)
}

/// Where a quoted value ends: its unescaped closing quote, else the line's end.
fn closing_quote(bytes: &[u8], body: usize, quote: u8) -> usize {
    let mut at = body;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' => at += 2,
            b'\n' => return at,
            byte if byte == quote => return at,
            _ => at += 1,
        }
    }
    bytes.len()
}

/// Where a bracketed value ends, counting nested brackets outside strings.
fn closing_bracket(bytes: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut at = open;
    while at < bytes.len() {
        match bytes[at] {
            b'\\' if in_string => at += 1,
            b'"' => in_string = !in_string,
            b'{' | b'[' if !in_string => depth += 1,
            b'}' | b']' if !in_string => {
                depth -= 1;
                if depth == 0 {
                    return at + 1;
                }
            }
            _ => {}
        }
        at += 1;
    }
    bytes.len()
}

/// Where an unquoted value ends.
fn bare_end(bytes: &[u8], start: usize, place: Place) -> usize {
    bytes[start..]
        .iter()
        .position(|&b| {
            b.is_ascii_whitespace()
                || matches!(
                    b,
                    b'&' | b','
                        | b';'
                        | b')'
                        | b'}'
                        | b']'
                        | b'"'
                        | b'\''
                        | b'`'
                        | b'<'
                        | b'>'
                        | b'\\'
                )
                || (place == Place::Query && b == b'#')
        })
        .map_or(bytes.len(), |offset| start + offset)
}

/// Authentication schemes: IANA's HTTP Authentication Scheme Registry, and
/// the unregistered ones APIs use in `Authorization` headers.
const SCHEMES: &[&str] = &[
    "basic",
    "bearer",
    "concealed",
    "digest",
    "dpop",
    "gnap",
    "hoba",
    "mutual",
    "negotiate",
    "ntlm",
    "oauth",
    "privatetoken",
    "scram-sha-1",
    "scram-sha-256",
    "vapid",
    "token",
    "apikey",
    "api-key",
    "key",
    "ssws",
    "aws4-hmac-sha256",
    "sso-key",
];

/// An `Authorization` value written `Scheme credentials` keeps its scheme:
/// only the credentials are hidden. A first word that is no known scheme is
/// the credential itself, whatever follows it.
fn scheme_kept(bytes: &[u8], name: &str, start: usize, end: usize) -> (usize, usize) {
    let is_authorization = name.to_ascii_lowercase().contains("authorization");
    let quoted = start > 0 && matches!(bytes[start - 1], b'"' | b'\'' | b'`');
    let scheme = SCHEMES
        .iter()
        .any(|known| bytes[start..end].eq_ignore_ascii_case(known.as_bytes()));
    if !is_authorization || quoted || !scheme || bytes.get(end) != Some(&b' ') {
        return (start, end);
    }
    let credentials = end + 1;
    let stop = bare_end(bytes, credentials, Place::Field);
    if stop > credentials {
        (credentials, stop)
    } else {
        (start, end)
    }
}

/// `--name value` on a command line: the value of a secret flag.
fn flag(text: &str, keys: &KeyList, name_start: usize, spans: &mut Vec<Span>) {
    let bytes = text.as_bytes();
    let name_end = bytes[name_start..]
        .iter()
        .position(|&b| !is_name(b))
        .map_or(bytes.len(), |offset| name_start + offset);
    // `--name=value` is an assignment, found by the operator scan.
    if name_end == name_start || bytes.get(name_end) != Some(&b' ') {
        return;
    }
    let start = name_end + 1;
    if bytes
        .get(start)
        .is_none_or(|&b| b == b'-' || b.is_ascii_whitespace())
    {
        return;
    }
    let end = match bytes[start] {
        quote @ (b'"' | b'\'') => closing_quote(bytes, start + 1, quote) + 1,
        _ => bare_end(bytes, start, Place::Field),
    };
    if keys.hides(&text[name_start..name_end], Place::Field, false) {
        spans.push(Span::new(start, end.min(bytes.len()), MARK));
    }
}

#[cfg(test)]
mod tests;
