//! Where a path points, read lexically: percent-decoded, separators unified, `.` and `..` resolved, its start (here, the root, a home directory, a drive, a share) told apart.
//!
//! The check is lexical: it cannot see symbolic links, mounts or what the
//! tool joins the path to. It answers one question: does a fixed path stay
//! in the directory the model's own path was in?

use loopctl_reflect_core::is_near_spelling;

/// Where a path starts.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Start {
    /// Relative to wherever the tool runs.
    Here,
    /// The root, `/`.
    Root,
    /// A home directory: `~` (empty) or `~user`.
    Home(String),
    /// A drive letter, upper-cased: `C:`.
    Drive(char),
    /// A UNC share: `\\server\share`, lower-cased.
    Share(String, String),
}

/// A path read lexically.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Lexical {
    start: Start,
    parts: Vec<String>,
}

/// Why a path cannot be read at all.
const UNREADABLE: &str = "it is not a path that can be read safely (a NUL byte, an encoding that does not decode, or `..` above its start)";

/// Percent-decodes `text` until it no longer changes (at most three
/// rounds: `%252e` is `%2e` is `.` to a server that decodes twice).
fn decoded(text: &str) -> Option<String> {
    let mut current = text.to_owned();
    for _ in 0..3 {
        let next = percent_encoding::percent_decode_str(&current)
            .decode_utf8()
            .ok()?
            .into_owned();
        if next == current {
            break;
        }
        current = next;
    }
    Some(current)
}

fn read(text: &str) -> Option<Lexical> {
    let text = decoded(text.trim())?;
    if text.contains('\0') {
        return None;
    }
    let text = text.replace('\\', "/");
    let (start, rest): (Start, &str) = if let Some(rest) = text.strip_prefix("//") {
        let mut parts = rest.splitn(3, '/');
        let server = parts.next().unwrap_or("").to_lowercase();
        let share = parts.next().unwrap_or("").to_lowercase();
        let rest = parts.next().unwrap_or("");
        (
            Start::Share(server, share),
            &text[text.len() - rest.len()..],
        )
    } else if let Some(rest) = text.strip_prefix('~') {
        let user_end = rest.find('/').unwrap_or(rest.len());
        (Start::Home(rest[..user_end].to_owned()), &rest[user_end..])
    } else if let Some(rest) = text.strip_prefix('/') {
        (Start::Root, rest)
    } else if text.len() >= 2
        && text.as_bytes()[1] == b':'
        && text.as_bytes()[0].is_ascii_alphabetic()
    {
        (
            Start::Drive(char::from(text.as_bytes()[0].to_ascii_uppercase())),
            &text[2..],
        )
    } else {
        (Start::Here, text.as_str())
    };
    // `..` climbs, and so does `...` on Windows, which drops trailing dots
    // and spaces from names; `.` and empty parts stay where they are.
    let mut resolved: Vec<String> = Vec::new();
    for part in rest.split('/') {
        let trimmed = part.trim_end_matches(' ');
        if trimmed.len() >= 2 && trimmed.chars().all(|c| c == '.') {
            match resolved.last() {
                Some(last) if last != ".." => {
                    resolved.pop();
                }
                _ if start == Start::Here => resolved.push("..".to_owned()),
                _ => return None,
            }
            continue;
        }
        let name = part.trim_end_matches(['.', ' ']);
        if !name.is_empty() {
            resolved.push(name.to_owned());
        }
    }
    Some(Lexical {
        start,
        parts: resolved,
    })
}

impl Lexical {
    /// The directory this path is in: its start and every part but the last.
    fn directory(&self) -> &[String] {
        &self.parts[..self.parts.len().saturating_sub(1)]
    }

    /// Whether the directory is one whose every sibling is a different
    /// thing altogether: nothing (a bare name), the root, a home, a drive
    /// or a share's root. A fix may then only rename the file in place.
    fn directory_is_a_root(&self) -> bool {
        self.directory().is_empty()
    }
}

/// Why moving the path `before` to `after` leaves `before`'s directory,
/// or `None` when it stays: the same start, and inside the same directory
/// (deeper is inside, unless that directory is a root or nothing at all,
/// where only a new name in the same place is).
pub(crate) fn leaves_directory(before: &str, after: &str) -> Option<&'static str> {
    let Some(after) = read(after) else {
        return Some(UNREADABLE);
    };
    let Some(before) = read(before) else {
        // The model's own path was odd already; a fix may not add to that.
        return Some(UNREADABLE);
    };
    if after.parts.iter().any(|part| part == "..") {
        return Some("it climbs above its directory with `..`");
    }
    if before.start != after.start {
        return Some(match after.start {
            Start::Home(_) => "it moves the path to a home directory",
            Start::Drive(_) => "it moves the path to another drive",
            Start::Share(..) => "it moves the path to a network share",
            Start::Root => "it makes the path absolute",
            Start::Here => "it makes the path relative to another place",
        });
    }
    let directory = before.directory();
    if before.directory_is_a_root() && after.parts.len() != 1 {
        return Some(
            "it leaves the path's directory (the original names a file at a root, in a home directory, or with no directory at all, so only its name may change)",
        );
    }
    if after.parts.len() <= directory.len() || !after.parts.starts_with(directory) {
        return Some("it moves the path outside its directory");
    }
    // In its directory, the fix may correct the name (a typo, the case, the
    // extension) and go deeper under it (`guide.md` to `guide/index.md`),
    // never reach a sibling of another name (`app` to `app_secrets`).
    let (Some(old), Some(new)) = (before.parts.last(), after.parts.get(directory.len())) else {
        return Some("it moves the path outside its directory");
    };
    (!similar_name(old, new))
        .then_some("it names another entry of its directory, not the one the call named")
}

/// Whether `new` names what `old` named, give or take a fix: the same, a
/// near spelling (case, separators, a typo), or the same stem with another
/// extension.
fn similar_name(old: &str, new: &str) -> bool {
    let stem = |name: &str| -> String {
        let lower = name.to_lowercase();
        match lower.rsplit_once('.') {
            Some((stem, _)) if !stem.is_empty() => stem.to_owned(),
            _ => lower,
        }
    };
    old == new || is_near_spelling(old, new) || stem(old) == stem(new)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stays(before: &str, after: &str) -> bool {
        leaves_directory(before, after).is_none()
    }

    #[test]
    fn a_fix_may_rename_or_go_deeper_inside_the_directory() {
        assert!(stays("config/settings.yam", "config/settings.yaml"));
        assert!(stays("docs/guide.md", "docs/guide/index.md"));
        assert!(stays("/projects/app", "/projects/app/src"));
        assert!(stays("docs/Readme.md", "docs/README.md"));
        assert!(stays("report.txt", "report.md"));
        assert!(stays("docs/a.mdx", "docs/a.md"));
        assert!(stays("./docs/a.mdx", "docs/a.md"));
        assert!(stays("C:\\work\\a.txt", "c:/work/b.txt"));
        assert!(stays("notes.txt", "notes.md"));
        assert!(stays("/notes.txt", "/notes.md"));
        assert!(stays("~/notes.txt", "~/notes.md"));
    }

    #[test]
    fn a_fix_may_not_leave_the_directory_by_any_spelling() {
        for (before, after) in [
            ("config/settings.yam", "/etc/passwd"),
            ("config/settings.yam", "config/../../secrets"),
            ("config/settings.yam", "../config/x"),
            ("config/settings.yam", "~/.ssh/id_rsa"),
            ("config/settings.yam", "settings.yaml"),
            ("config/settings.yam", "config/sub/settings.yaml"),
            ("/projects/app", "/projects/app_secrets"),
            ("/projects/app", "/projects/app/../payroll-private"),
            ("docs/a.md", "docs/%uff0e%uff0e/%uff0e%uff0e/etc/passwd"),
            ("config/settings.yam", "config/%2e%2e/%2e%2e/etc/passwd"),
            (
                "config/settings.yam",
                "config/%252e%252e/%252e%252e/etc/passwd",
            ),
            ("config/settings.yam", "config\\..\\..\\etc\\passwd"),
            ("config/settings.yam", "config/..%2f..%2fetc/passwd"),
            ("config/settings.yam", "config/.../x"),
            ("notes.txt", "../../etc/passwd"),
            ("notes.txt", "/etc/shadow"),
            ("notes.txt", "sub/notes.txt"),
            ("/notes.txt", "/etc/passwd"),
            ("~/notes.txt", "~/.ssh/id_rsa"),
            ("~/notes.txt", "~root/.ssh/id_rsa"),
            ("~/notes.txt", "/home/other/notes.txt"),
            ("C:\\work\\a.txt", "D:\\work\\a.txt"),
            ("C:\\work\\a.txt", "\\\\server\\share\\a.txt"),
            ("report.txt", "report.txt\0.png"),
            ("report.txt", "%c0%ae%c0%ae/etc/passwd"),
        ] {
            assert!(!stays(before, after), "{before} -> {after}");
        }
    }
}
