//! Where a URL points, read twice: by a WHATWG parser (the `url` crate, what browsers and most HTTP clients do) and by RFC 3986 (the `fluent-uri` crate, what strict clients and proxies do).
//!
//! A fix may keep a URL's scheme, host and port, never change them. Two
//! readings guard against parser differentials (`http://a.com\@b.com`,
//! `http://a.com#@b.com`): a value the two parsers place on different
//! origins is refused as such, whatever either says alone.

use std::borrow::Cow;

/// The scheme, host and port a URL reaches; hosts lower-cased, ports
/// filled in from the scheme's default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Origin {
    pub(crate) scheme: String,
    pub(crate) host: String,
    pub(crate) port: Option<u16>,
}

/// How a value is read: as written, or, for a field that names a URL, a
/// value without a scheme as `http://value` (what curl and other command
/// line tools do with `evil.com/x`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reading {
    /// Only values with a scheme (or `//`) are URLs.
    Text,
    /// The field names a URL: a value without a scheme is one too.
    UrlField,
}

/// The origin of `text` by both readings, when it is a URL by either;
/// `Err` when the two disagree (or only one can parse it).
pub(crate) fn origin(text: &str, reading: Reading) -> Result<Option<Origin>, &'static str> {
    let Some(text) = as_url(text.trim(), reading) else {
        return Ok(None);
    };
    let whatwg = whatwg_origin(&text);
    let rfc = rfc3986_origin(&text);
    match (whatwg, rfc) {
        (Some(whatwg), Some(rfc)) if whatwg == rfc => Ok(Some(whatwg)),
        (None, None) => Ok(None),
        _ => Err(
            "a WHATWG parser and an RFC 3986 parser read the URL's host, port or scheme differently",
        ),
    }
}

/// Why `after`, a fix of the URL `before` (none when the call had no value
/// there), is refused before any parser reads it: it adds the characters
/// parsers disagree on (`@`, a backslash, whitespace or control
/// characters), or
/// gives a scheme to a value that had none (a reference the tool resolved
/// against its own base becomes an absolute URL on a host of the fix's
/// choosing).
pub(crate) fn ambiguity(before: Option<&str>, after: &str) -> Option<&'static str> {
    let before = before.unwrap_or("");
    let count = |text: &str, wanted: fn(char) -> bool| text.chars().filter(|c| wanted(*c)).count();
    let suspicious = [
        (|c: char| c == '@') as fn(char) -> bool,
        |c: char| c == '\\',
        |c: char| c.is_whitespace() || c.is_control(),
    ];
    if suspicious
        .iter()
        .any(|test| count(after, *test) > count(before, *test))
    {
        return Some(
            "it adds `@`, a backslash, whitespace or a control character, which parsers read differently",
        );
    }
    let schemeless = |text: &str| {
        !text.trim().is_empty() && !has_scheme(text.trim()) && !text.trim().starts_with("//")
    };
    if !before.is_empty() && schemeless(before) && !schemeless(after) {
        return Some(
            "it gives a scheme to a value that had none, so the tool no longer resolves it as it would have",
        );
    }
    None
}

/// `text` as an absolute URL to parse, or `None` when it is not a URL by
/// this reading (a path-only reference such as `/v1/users` is no URL: it
/// keeps whatever origin the tool resolves it against).
fn as_url(text: &str, reading: Reading) -> Option<Cow<'_, str>> {
    if text.is_empty() {
        return None;
    }
    // `db.internal:5432` is a host and a port to a command-line tool, where
    // a WHATWG parser would read a scheme called `db.internal`.
    if reading == Reading::UrlField && is_host_and_port(text) {
        return Some(Cow::Owned(format!("http://{text}")));
    }
    if has_scheme(text) {
        return Some(Cow::Borrowed(text));
    }
    if let Some(rest) = text
        .strip_prefix("//")
        .or_else(|| text.strip_prefix("\\\\"))
    {
        return Some(Cow::Owned(format!("http://{rest}")));
    }
    match reading {
        Reading::UrlField if !text.starts_with(['/', '\\', '.', '?', '#']) => {
            Some(Cow::Owned(format!("http://{text}")))
        }
        _ => None,
    }
}

/// Whether `text` starts with `scheme:` (RFC 3986: a letter, then letters,
/// digits, `+`, `-` or `.`), leaving out Windows drive letters (`C:\`).
fn has_scheme(text: &str) -> bool {
    let Some((scheme, _)) = text.split_once(':') else {
        return false;
    };
    scheme.len() > 1
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// `host:port`, optionally followed by a path: the part after the first
/// colon starts with digits.
fn is_host_and_port(text: &str) -> bool {
    text.split_once(':').is_some_and(|(host, rest)| {
        !host.is_empty()
            && !host.contains('/')
            && rest.starts_with(|c: char| c.is_ascii_digit())
            && rest
                .split(['/', '?', '#'])
                .next()
                .is_some_and(|port| port.chars().all(|c| c.is_ascii_digit()))
    })
}

fn whatwg_origin(text: &str) -> Option<Origin> {
    let url = url::Url::parse(text).ok()?;
    let host = url.host_str()?.to_ascii_lowercase();
    Some(Origin {
        scheme: url.scheme().to_ascii_lowercase(),
        host: host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned(),
        port: url.port_or_known_default(),
    })
}

fn rfc3986_origin(text: &str) -> Option<Origin> {
    let uri = fluent_uri::Uri::parse(text).ok()?;
    let authority = uri.authority()?;
    let scheme = uri.scheme().as_str().to_ascii_lowercase();
    // The same name as the WHATWG reading gives it: IDNA and IPv4 forms
    // normalised, IPv6 in brackets, so the two are compared like for like.
    let raw_host = authority.host().to_ascii_lowercase();
    let host = url::Host::parse(&percent_decode(&raw_host))
        .ok()?
        .to_string();
    let port = match authority.port_to_u16() {
        Ok(Some(port)) => Some(port),
        Ok(None) => default_port(&scheme),
        Err(_) => return None,
    };
    Some(Origin {
        scheme,
        host: host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned(),
        port,
    })
}

fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned()
}

/// The port a scheme implies, as the WHATWG "special schemes" table gives it.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        "ftp" => Some(21),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host(text: &str, reading: Reading) -> Option<String> {
        origin(text, reading)
            .ok()
            .flatten()
            .map(|origin| origin.host)
    }

    #[test]
    fn both_readings_agree_on_ordinary_urls() {
        let plain = origin("https://Docs.Example.com/a?b", Reading::Text)
            .unwrap()
            .unwrap();
        assert_eq!(plain.host, "docs.example.com");
        assert_eq!(plain.port, Some(443));
        assert_eq!(plain.scheme, "https");
        assert_eq!(
            host("http://[::1]:8080/", Reading::Text).as_deref(),
            Some("::1")
        );
        assert_eq!(
            host("https://good.com@evil.com/x", Reading::Text).as_deref(),
            Some("evil.com")
        );
        assert_eq!(
            host("http://0x7f.1/", Reading::Text).as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(
            host("http://2130706433/", Reading::Text).as_deref(),
            Some("127.0.0.1")
        );
    }

    #[test]
    fn a_value_the_parsers_read_differently_is_no_origin_at_all() {
        for tricky in [
            "http://good.com\\@evil.com/",
            "http://evil.com\\@good.com/",
            "http://good.com\t.evil.com/",
        ] {
            assert!(origin(tricky, Reading::Text).is_err(), "{tricky}");
        }
    }

    #[test]
    fn a_url_field_reads_values_without_a_scheme_as_command_line_tools_do() {
        assert_eq!(
            host("evil.com/x", Reading::UrlField).as_deref(),
            Some("evil.com")
        );
        assert_eq!(host("evil.com/x", Reading::Text), None);
        assert_eq!(
            host("//evil.com/x", Reading::Text).as_deref(),
            Some("evil.com")
        );
        assert_eq!(
            host("/v1/users", Reading::UrlField),
            None,
            "a path-only reference"
        );
        assert_eq!(
            host("C:\\data\\a.txt", Reading::Text),
            None,
            "a drive is no scheme"
        );
        assert!(
            origin("http:evil.com", Reading::Text).is_err(),
            "WHATWG reads a host where RFC 3986 reads a path"
        );
    }
}
