//! User info in URLs (`scheme://user:pass@host`), found in free text and removed from URLs described to people.
//!
//! OpenTelemetry's URL conventions say credentials in a URL must not be
//! recorded and become `REDACTED`; the published scanners only have rules
//! for a few schemes (PostgreSQL, MongoDB, Redis) and narrow password
//! alphabets, so any scheme and any user info is hidden here.

use std::borrow::Cow;

use crate::spans::{Span, URL_MARK};

/// The user info of every `scheme://…@` in `text`: the user, and the
/// password when there is one, each becomes `REDACTED`.
pub(crate) fn find_user_info(text: &str, spans: &mut Vec<Span>) {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text[from..].find("://").map(|at| at + from) {
        from = at + 3;
        let has_scheme = at > 0 && bytes[at - 1].is_ascii_alphanumeric();
        if !has_scheme {
            continue;
        }
        let start = at + 3;
        // The authority runs to the path, or to the end of the URL in the
        // text. `?` and `#` do not end it here: a password may hold them
        // unencoded, and then parsers disagree on where it ends.
        let end = bytes[start..]
            .iter()
            .position(|&b| ends_url_authority(b))
            .map_or(bytes.len(), |offset| start + offset);
        let Some(last_at) = bytes[start..end].iter().rposition(|&b| b == b'@') else {
            continue;
        };
        let info_end = start + last_at;
        if info_end == start {
            continue;
        }
        // Empty ranges (`:pass@`, `user:@`) are skipped when applied.
        match bytes[start..info_end].iter().position(|&b| b == b':') {
            Some(colon) => {
                spans.push(Span::new(start, start + colon, URL_MARK));
                spans.push(Span::new(start + colon + 1, info_end, URL_MARK));
            }
            None => spans.push(Span::new(start, info_end, URL_MARK)),
        }
    }
}

fn ends_url_authority(byte: u8) -> bool {
    byte.is_ascii_whitespace() || matches!(byte, b'/' | b'\\' | b'"' | b'\'' | b'`' | b'<' | b'>')
}

/// `url` as it may be shown to people: no user info, every query value
/// replaced by `REDACTED` (names kept), no fragment. Text that does not parse
/// as a URL keeps only what comes before its first `?` or `#`, with any user
/// info hidden.
pub fn describe_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) => {
            if !parsed.username().is_empty() {
                let _ = parsed.set_username(URL_MARK);
            }
            if parsed.password().is_some() {
                let _ = parsed.set_password(Some(URL_MARK));
            }
            let names: Vec<String> = parsed
                .query_pairs()
                .map(|(name, _)| name.into_owned())
                .collect();
            if names.is_empty() {
                if parsed.query().is_some() {
                    parsed.set_query(Some(URL_MARK));
                }
            } else {
                let mut query = parsed.query_pairs_mut();
                query.clear();
                for name in &names {
                    query.append_pair(name, URL_MARK);
                }
            }
            parsed.set_fragment(None);
            parsed.into()
        }
        Err(_) => {
            let cut = url.find(['?', '#']).unwrap_or(url.len());
            let mut spans = Vec::new();
            find_user_info(&url[..cut], &mut spans);
            let shown = crate::spans::apply(&url[..cut], &mut spans).into_owned();
            if cut < url.len() {
                format!("{shown}?{URL_MARK}")
            } else {
                shown
            }
        }
    }
}

/// `text` with every `scheme://…` URL in it replaced by its
/// [`describe_url`] form: for error texts from HTTP clients, which print the
/// URL they requested (userinfo dropped, query kept) in their own spelling.
pub fn describe_urls_in(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out = String::new();
    let mut written = 0;
    let mut from = 0;
    while let Some(at) = text[from..].find("://").map(|at| at + from) {
        let start = bytes[..at]
            .iter()
            .rposition(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .map_or(0, |before| before + 1);
        let mut end = bytes[at..]
            .iter()
            // A backslash starts an escape (`\n`) in a JSON or debug-printed
            // log line, not the URL's next character.
            .position(|&b| {
                b.is_ascii_whitespace()
                    || matches!(b, b'"' | b'\'' | b'`' | b'<' | b'>' | b')' | b'\\')
            })
            .map_or(bytes.len(), |offset| at + offset);
        while end > at + 3 && matches!(bytes[end - 1], b'.' | b',' | b';' | b':') {
            end -= 1;
        }
        from = end.max(at + 3);
        if start == at || start < written {
            continue;
        }
        out.push_str(&text[written..start]);
        out.push_str(&describe_url(&text[start..end]));
        written = end;
    }
    if written == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[written..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(text: &str) -> String {
        let mut spans = Vec::new();
        find_user_info(text, &mut spans);
        crate::spans::apply(text, &mut spans).into_owned()
    }

    #[test]
    fn user_info_of_any_scheme_is_hidden() {
        assert_eq!(
            hidden("see https://username:password@www.example.com/ now"),
            "see https://REDACTED:REDACTED@www.example.com/ now"
        );
        assert_eq!(
            hidden("postgres://app:hunter2secret@db.example.com:5432/app"),
            "postgres://REDACTED:REDACTED@db.example.com:5432/app"
        );
        assert_eq!(
            hidden("git clone https://ghp_token@github.com/o/r"),
            "git clone https://REDACTED@github.com/o/r"
        );
        // A password holding `@`, `?` or `#` unencoded: the last `@` before
        // the path ends the user info, as WHATWG parsers read it.
        assert_eq!(
            hidden("redis://:p@ss?w#rd@cache:6379/0"),
            "redis://:REDACTED@cache:6379/0"
        );
    }

    #[test]
    fn at_signs_outside_the_authority_are_left_alone() {
        for text in [
            "mailto:alice@example.com",
            "https://example.com/@alice",
            "git@github.com:o/r.git",
            "https://host/path?email=a@b.com",
        ] {
            assert_eq!(hidden(text), text);
        }
    }

    #[test]
    fn urls_inside_an_error_are_described_wherever_they_stand() {
        assert_eq!(
            describe_urls_in(
                "error sending request for url (http://127.0.0.1:4/mcp?v=c2VjcmV0&t=1), when send discover request."
            ),
            "error sending request for url (http://127.0.0.1:4/mcp?v=REDACTED&t=REDACTED), when send discover request."
        );
        assert_eq!(
            describe_urls_in("see https://u:p@h.example/x."),
            "see https://REDACTED:REDACTED@h.example/x."
        );
        assert!(matches!(describe_urls_in("no link here"), Cow::Borrowed(_)));
        // Escaped line breaks end a URL in a logged JSON string.
        assert_eq!(
            describe_urls_in(r"GET https://h/x?t=abc\npassword: hunter2"),
            r"GET https://h/x?t=REDACTED\npassword: hunter2"
        );
    }

    #[test]
    fn described_urls_keep_parameter_names_only() {
        assert_eq!(
            describe_url("https://u:p@mcp.example.com/mcp?token=abc&region=eu#frag"),
            "https://REDACTED:REDACTED@mcp.example.com/mcp?token=REDACTED&region=REDACTED"
        );
        assert_eq!(
            describe_url("http://127.0.0.1:8000/mcp"),
            "http://127.0.0.1:8000/mcp"
        );
        assert_eq!(describe_url("not a url?token=abc"), "not a url?REDACTED");
        assert_eq!(
            describe_url("weird://u:p@host\u{0}?x"),
            "weird://REDACTED:REDACTED@host\u{0}?REDACTED"
        );
    }
}
