//! Dependency lines in the docs: until loopctl is published, every line that names a loopctl crate points at a checkout (path or git), never at crates.io, where the name `loopctl` belongs to another project.

use std::fs;
use std::path::{Path, PathBuf};

/// Every line of `text` that depends on a loopctl crate by version alone,
/// in a TOML block or inline in prose.
fn registry_lines(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| dependencies_in(line).any(from_registry))
        .map(|(index, line)| (index + 1, line.trim().to_owned()))
        .collect()
}

/// The value of every `loopctl… = value` in a line (up to a closing backtick).
fn dependencies_in(line: &str) -> impl Iterator<Item = &str> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    line.match_indices("loopctl").filter_map(move |(at, _)| {
        if line[..at].chars().next_back().is_some_and(is_name) {
            return None;
        }
        let rest = &line[at..];
        let name_end = rest.find(|c: char| !is_name(c)).unwrap_or(rest.len());
        let after = rest[name_end..].trim_start();
        let value = after.strip_prefix('=')?.trim_start();
        Some(value.split('`').next().unwrap_or(value))
    })
}

/// Whether a dependency's value takes the crate from a registry.
fn from_registry(value: &str) -> bool {
    value.starts_with('"')
        || (value.starts_with('{')
            && value.contains("version")
            && !value.contains("path")
            && !value.contains("git")
            && !value.contains("workspace"))
}

/// The pages a newcomer copies dependency lines from.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut pages = vec![root.join("README.md")];
    for folder in [root.join("docs"), root.join("crates")] {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|extension| extension == "md") {
                pages.push(path);
            } else if path.join("README.md").is_file() {
                pages.push(path.join("README.md"));
            }
        }
    }
    pages
}

/// Every registry dependency line on a loopctl crate in the docs.
pub(crate) fn check(root: &Path, problems: &mut Vec<String>) {
    for page in pages(root) {
        let Ok(text) = fs::read_to_string(&page) else {
            continue;
        };
        let shown = page
            .strip_prefix(root)
            .unwrap_or(&page)
            .display()
            .to_string();
        for (line, content) in registry_lines(&text) {
            problems.push(format!(
                "{shown}:{line}: `{content}` would pull the crates.io crate of that name, which is not this project; depend on a checkout (`path = \"…/crates/…\"`)"
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_registry_line_on_a_loopctl_crate_is_caught_and_a_path_is_not() {
        let page = "```toml\nloopctl = \"0.1\"\nloopctl-redis = { version = \"0.1\", features = [\"tls\"] }\nloopctl = { path = \"../loopctl/crates/loopctl\" }\nloopctl-mcp = { git = \"https://example.org/x\", version = \"0.1\" }\nserde = \"1\"\n```\nIn code (`loopctl = { version = \"0.1\" }`).\n";
        let found: Vec<usize> = registry_lines(page)
            .into_iter()
            .map(|(line, _)| line)
            .collect();
        assert_eq!(found, [2, 3, 8]);
    }

    #[test]
    fn the_docs_depend_on_a_checkout() {
        let mut problems = Vec::new();
        check(&crate::ci::workspace_root(), &mut problems);
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
