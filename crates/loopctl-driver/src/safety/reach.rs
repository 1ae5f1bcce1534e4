//! What a call can touch: the hosts of its URLs and the directories of its paths, and whether a fix widens them.

use loopctl_reflect_core::push_pointer_token;
use serde_json::Value;

/// Why `fixed` reaches further than `original`, when it does: a URL whose
/// host the call did not name, or a path outside the original path's
/// directory. A value that already appears somewhere in `original` (moved,
/// or wrapped in an array) reaches nothing new.
pub(crate) fn widening(original: &Value, fixed: &Value) -> Option<String> {
    let mut pointer = String::new();
    walk(original, fixed, &mut pointer, None)
}

fn walk(
    original: &Value,
    value: &Value,
    pointer: &mut String,
    key: Option<&str>,
) -> Option<String> {
    let reset = pointer.len();
    let found = match value {
        Value::Object(fields) => fields.iter().find_map(|(name, field)| {
            pointer.truncate(reset);
            push_pointer_token(pointer, name);
            walk(original, field, pointer, Some(name))
        }),
        Value::Array(items) => items.iter().enumerate().find_map(|(at, item)| {
            pointer.truncate(reset);
            pointer.push('/');
            pointer.push_str(&at.to_string());
            walk(original, item, pointer, key)
        }),
        Value::String(text) => string_widening(original, pointer, key, text),
        _ => None,
    };
    pointer.truncate(reset);
    found
}

fn string_widening(
    original: &Value,
    pointer: &str,
    key: Option<&str>,
    after: &str,
) -> Option<String> {
    let before = original.pointer(pointer).and_then(Value::as_str);
    if before == Some(after) || contains_string(original, after) {
        return None;
    }
    let at = if pointer.is_empty() { "/" } else { pointer };
    if let Some(host) = url_host(after) {
        return match before.and_then(url_host) {
            Some(old) if old == host => None,
            _ if hosts(original).contains(&host) => None,
            Some(old) => Some(format!(
                "it changes the host of the URL at {at} from `{old}` to `{host}`"
            )),
            None => Some(format!(
                "it puts a URL on host `{host}` at {at}, where the call named no such host"
            )),
        };
    }
    if !(looks_like_path(after) || key.is_some_and(names_a_path)) {
        return None;
    }
    match before {
        Some(old) if within_directory(old, after) => None,
        Some(old) => Some(format!(
            "it moves the path at {at} from `{old}` to `{after}`, outside `{}`",
            directory_of(old)
        )),
        None => Some(format!(
            "it adds the path `{after}` at {at}, where the call had none"
        )),
    }
}

fn contains_string(value: &Value, wanted: &str) -> bool {
    match value {
        Value::String(text) => text == wanted,
        Value::Array(items) => items.iter().any(|item| contains_string(item, wanted)),
        Value::Object(fields) => fields.values().any(|field| contains_string(field, wanted)),
        _ => false,
    }
}

/// Every host named by a URL anywhere in `value`.
fn hosts(value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    collect_hosts(value, &mut found);
    found
}

fn collect_hosts(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::String(text) => found.extend(url_host(text)),
        Value::Array(items) => items.iter().for_each(|item| collect_hosts(item, found)),
        Value::Object(fields) => fields
            .values()
            .for_each(|field| collect_hosts(field, found)),
        _ => {}
    }
}

/// The lower-cased host of an absolute URL (`scheme://[user@]host[:port]…`,
/// or `//host…`), backslashes read as slashes as browsers read them.
pub(crate) fn url_host(text: &str) -> Option<String> {
    let text = text.trim();
    let rest = match text.find("://") {
        Some(at) => {
            let scheme = &text[..at];
            let valid = scheme
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
            if !valid {
                return None;
            }
            &text[at + 3..]
        }
        None => text
            .strip_prefix("//")
            .or_else(|| text.strip_prefix("\\\\"))?,
    };
    let authority = rest.split(['/', '\\', '?', '#']).next().unwrap_or("");
    let host_port = authority.rsplit('@').next().unwrap_or("");
    let host = if let Some(bracketed) = host_port.strip_prefix('[') {
        bracketed.split(']').next().unwrap_or("")
    } else {
        host_port.split(':').next().unwrap_or("")
    };
    (!host.is_empty()).then(|| host.to_lowercase())
}

fn looks_like_path(text: &str) -> bool {
    !text.contains(char::is_whitespace)
        && (text.contains('/')
            || text.contains('\\')
            || text.starts_with('~')
            || text.starts_with('.'))
}

fn names_a_path(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["path", "file", "dir", "folder", "directory"]
        .iter()
        .any(|word| key.contains(word))
}

/// Where a path starts from: the root, the home directory, or wherever the tool runs.
#[derive(PartialEq, Eq)]
enum Start {
    Root,
    Home,
    Here,
}

/// A path's start and components with `.` and `..` resolved; `None` when
/// `..` climbs above an absolute start.
fn components(path: &str) -> Option<(Start, Vec<&str>)> {
    let (start, rest) = if let Some(rest) = path.strip_prefix('~') {
        (Start::Home, rest)
    } else if path.starts_with(['/', '\\']) {
        (Start::Root, path)
    } else if path.len() >= 2
        && path.as_bytes()[1] == b':'
        && path.as_bytes()[0].is_ascii_alphabetic()
    {
        (Start::Root, &path[2..])
    } else {
        (Start::Here, path)
    };
    let mut parts: Vec<&str> = Vec::new();
    for part in rest.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ if start == Start::Here => parts.push(".."),
                _ => return None,
            },
            other => parts.push(other),
        }
    }
    Some((start, parts))
}

fn directory_of(path: &str) -> String {
    match components(path) {
        Some((start, mut parts)) => {
            parts.pop();
            let prefix = match start {
                Start::Root => "/",
                Start::Home => "~/",
                Start::Here => "",
            };
            let joined = parts.join("/");
            if joined.is_empty() && start == Start::Here {
                ".".to_owned()
            } else {
                format!("{prefix}{joined}")
            }
        }
        None => path.to_owned(),
    }
}

/// Whether `after` stays inside the directory `before` is in (deeper is inside).
fn within_directory(before: &str, after: &str) -> bool {
    let (Some((start, mut directory)), Some((after_start, after_parts))) =
        (components(before), components(after))
    else {
        return false;
    };
    directory.pop();
    start == after_start
        && after_parts.len() > directory.len()
        && after_parts.starts_with(&directory)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn hosts_are_read_as_browsers_read_them() {
        assert_eq!(
            url_host("https://Docs.Example.com/a?b").as_deref(),
            Some("docs.example.com")
        );
        assert_eq!(
            url_host("https://good.com@evil.com/x").as_deref(),
            Some("evil.com")
        );
        assert_eq!(url_host("http://[::1]:8080/").as_deref(), Some("::1"));
        assert_eq!(
            url_host("https:\\\\evil.com").as_deref(),
            None,
            "not a URL without ://"
        );
        assert_eq!(url_host("//evil.com/x").as_deref(), Some("evil.com"));
        assert_eq!(url_host("docs/report.md"), None);
    }

    #[test]
    fn a_fix_may_correct_a_file_name_but_not_leave_its_directory() {
        let original = json!({"path": "config/settings.yam"});
        assert_eq!(
            widening(&original, &json!({"path": "config/settings.yaml"})),
            None
        );
        assert_eq!(
            widening(&original, &json!({"path": "config/sub/settings.yaml"})),
            None
        );
        for outside in [
            "/",
            "/etc/passwd",
            "config/../../secrets",
            "../config/x",
            "~/.ssh/id_rsa",
            "settings.yaml",
        ] {
            let reason = widening(&original, &json!({"path": outside})).unwrap_or_default();
            assert!(reason.contains("outside `config`"), "{outside}: {reason}");
        }
        let bare = json!({"file": "notes.txt"});
        assert_eq!(widening(&bare, &json!({"file": "notes.md"})), None);
        assert!(widening(&bare, &json!({"file": "/notes.txt"})).is_some());
    }

    #[test]
    fn a_fix_may_not_move_a_url_to_another_host() {
        let original = json!({"url": "https://docs.example.com/page"});
        assert_eq!(
            widening(&original, &json!({"url": "https://docs.example.com/page2"})),
            None
        );
        let reason =
            widening(&original, &json!({"url": "https://attacker.example/c?d=1"})).unwrap();
        assert!(
            reason.contains("from `docs.example.com` to `attacker.example`"),
            "{reason}"
        );
        let added = widening(
            &json!({"q": "x"}),
            &json!({"q": "x", "callback": "https://evil.example"}),
        );
        assert!(added.unwrap().contains("named no such host"));
    }

    #[test]
    fn values_already_in_the_call_reach_nothing_new() {
        let original = json!({"paths": "a/b.txt", "limit": "3"});
        assert_eq!(
            widening(&original, &json!({"paths": ["a/b.txt"], "limit": 3})),
            None
        );
        assert_eq!(
            widening(&json!({"q": "plain words"}), &json!({"q": "other words"})),
            None
        );
    }
}
