//! Tool names as people and models misspell them: the one registered name a misspelling meant.

/// The one known name close to `wanted`, or `None` when none or several are.
///
/// Close means equal after ignoring case and separators (`read_file`,
/// `ReadFile`, `read-file`), or within a small edit distance for the
/// length: 1 for names up to 4 characters, 2 up to 10, 3 beyond.
pub fn closest_tool<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted_normal = normalize(wanted);
    let known: Vec<&str> = known.into_iter().filter(|name| *name != wanted).collect();
    let same_shape: Vec<&str> = known
        .iter()
        .copied()
        .filter(|name| normalize(name) == wanted_normal)
        .collect();
    if !same_shape.is_empty() {
        return (same_shape.len() == 1).then(|| same_shape[0]);
    }
    let limit = distance_limit(&wanted_normal);
    let mut best: Option<(&str, usize)> = None;
    let mut tied = false;
    for name in known {
        let Some(distance) = bounded_distance(&wanted_normal, &normalize(name), limit) else {
            continue;
        };
        match best {
            Some((_, seen)) if distance > seen => {}
            Some((_, seen)) if distance == seen => tied = true,
            _ => {
                best = Some((name, distance));
                tied = false;
            }
        }
    }
    if tied {
        None
    } else {
        best.map(|(name, _)| name)
    }
}

/// Lower case without `_`, `-`, `.`, spaces or `/`.
fn normalize(name: &str) -> String {
    name.chars()
        .filter(|character| !matches!(character, '_' | '-' | '.' | ' ' | '/'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The Levenshtein distance of `a` and `b` when it is at most `limit`.
fn bounded_distance(a: &str, b: &str, limit: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > limit {
        return None;
    }
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    let mut current = vec![0; b.len() + 1];
    for (i, left) in a.iter().enumerate() {
        current[0] = i + 1;
        let mut row_minimum = current[0];
        for (j, right) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(left != right);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
            row_minimum = row_minimum.min(current[j + 1]);
        }
        if row_minimum > limit {
            return None;
        }
        std::mem::swap(&mut previous, &mut current);
    }
    (previous[b.len()] <= limit).then_some(previous[b.len()])
}

/// Whether `name` is a near spelling of `wanted`, as [`closest_tool`]
/// measures it: the same after ignoring case and separators, or within its
/// edit distance for the length. A name is not a near spelling of itself.
pub fn is_near_spelling(wanted: &str, name: &str) -> bool {
    if wanted == name {
        return false;
    }
    let wanted = normalize(wanted);
    let name = normalize(name);
    wanted == name || bounded_distance(&wanted, &name, distance_limit(&wanted)).is_some()
}

/// How many edits a misspelling of this (normalized) length may have:
/// 1 up to 4 characters, 2 up to 10, 3 beyond.
fn distance_limit(normal: &str) -> usize {
    match normal.chars().count() {
        0..=4 => 1,
        5..=10 => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOOLS: [&str; 5] = ["read_file", "write_file", "list_dir", "search", "http_get"];

    #[test]
    fn case_and_separators_do_not_matter() {
        assert_eq!(closest_tool("ReadFile", TOOLS), Some("read_file"));
        assert_eq!(closest_tool("read-file", TOOLS), Some("read_file"));
        assert_eq!(closest_tool("HTTP_GET", TOOLS), Some("http_get"));
    }

    #[test]
    fn small_typos_are_forgiven_and_ties_are_not() {
        assert_eq!(closest_tool("reed_file", TOOLS), Some("read_file"));
        assert_eq!(closest_tool("serch", TOOLS), Some("search"));
        assert_eq!(closest_tool("list_dirs", TOOLS), Some("list_dir"));
        assert_eq!(
            closest_tool("wrte_file", ["write_file", "wrote_file"]),
            None,
            "two at distance 1"
        );
        assert_eq!(closest_tool("delete_everything", TOOLS), None);
        assert_eq!(closest_tool("abc", ["xyz"]), None);
    }

    #[test]
    fn near_spellings_are_told_from_other_names() {
        assert!(is_near_spelling("reed_file", "read_file"));
        assert!(is_near_spelling("ReadFile", "read_file"));
        assert!(!is_near_spelling("read_file", "read_file"));
        assert!(!is_near_spelling("delete_file", "delete_all"));
        assert!(!is_near_spelling("read_file", "run_shell"));
    }
}
