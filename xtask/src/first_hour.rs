//! The first program of each integration page: its `[dependencies]`, the program and what it prints, checked against the facade's example of the same program, the workspace's locked versions and a real run.
//!
//! A page opens with three fenced blocks, in this order: a `toml` block with
//! `[dependencies]`, a `rust` block with the whole program, and a `text`
//! block with what it prints. The program is one of the facade's examples,
//! word for word (`crates/loopctl/examples/NAME.rs`), so clippy and the
//! build check it; `cargo xtask ci` runs it and compares its output with the
//! page's; `cargo xtask first-hour` builds each in a new Cargo project of
//! its own, from the page's dependency block alone, as a newcomer would.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// What a page's program needs beyond the toolchain.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Needs {
    Nothing,
    /// A `redis-server`, started on a free port for the run.
    Redis,
    /// Node.js, for `npx` and the reference MCP server.
    Node,
}

/// A page and the example its first program is.
pub(crate) struct Page {
    pub(crate) doc: &'static str,
    pub(crate) example: &'static str,
    pub(crate) needs: Needs,
}

/// Every integration page whose first block is a Rust program.
pub(crate) const PAGES: [Page; 5] = [
    Page {
        doc: "docs/rig.md",
        example: "first_rig",
        needs: Needs::Nothing,
    },
    Page {
        doc: "docs/observability.md",
        example: "first_observability",
        needs: Needs::Nothing,
    },
    Page {
        doc: "docs/record.md",
        example: "first_record",
        needs: Needs::Nothing,
    },
    Page {
        doc: "docs/fleet.md",
        example: "first_fleet",
        needs: Needs::Redis,
    },
    Page {
        doc: "docs/mcp.md",
        example: "first_mcp",
        needs: Needs::Node,
    },
];

/// The one line an example has that its page leaves out: the workspace's
/// lints refuse `println!`, a newcomer's project does not.
const WORKSPACE_ONLY: &str = "#![allow(\n    clippy::print_stdout,\n    reason = \"a program for the docs prints its results\"\n)]\n";

/// The three blocks a page opens with.
pub(crate) struct Opening {
    pub(crate) dependencies: String,
    pub(crate) program: String,
    pub(crate) output: String,
}

/// Every fenced block of `text`: its info string and its body.
fn blocks(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in text.lines() {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => open = Some((info.trim().to_owned(), String::new())),
            (Some(_), Some(rest)) if rest.trim().is_empty() => found.extend(open.take()),
            (Some((_, body)), _) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    found
}

/// The opening blocks of the page at `path`.
pub(crate) fn opening(path: &Path) -> Result<Opening, String> {
    let text = fs::read_to_string(path).map_err(|error| format!("{}: {error}", path.display()))?;
    let blocks = blocks(&text);
    let shown = path.display();
    match blocks.as_slice() {
        [(deps, dependencies), (rust, program), (out, output), ..]
            if deps == "toml" && rust.starts_with("rust") && out == "text" =>
        {
            if !dependencies.contains("[dependencies]") {
                return Err(format!(
                    "{shown}: its first block must be the program's [dependencies]"
                ));
            }
            Ok(Opening {
                dependencies: dependencies.clone(),
                program: program.clone(),
                output: output.clone(),
            })
        }
        _ => Err(format!(
            "{shown}: must open with a toml block of [dependencies], a rust block with the whole program, and a text block with what it prints"
        )),
    }
}

/// The versions `Cargo.lock` holds for each package.
fn locked(root: &Path) -> Result<BTreeMap<String, Vec<String>>, String> {
    let text = fs::read_to_string(root.join("Cargo.lock"))
        .map_err(|error| format!("Cargo.lock: {error}"))?;
    let lock: toml::Table = text
        .parse()
        .map_err(|error| format!("Cargo.lock: {error}"))?;
    let mut versions: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for package in lock
        .get("package")
        .and_then(toml::Value::as_array)
        .into_iter()
        .flatten()
    {
        if let (Some(name), Some(version)) = (
            package.get("name").and_then(toml::Value::as_str),
            package.get("version").and_then(toml::Value::as_str),
        ) {
            versions
                .entry(name.to_owned())
                .or_default()
                .push(version.to_owned());
        }
    }
    Ok(versions)
}

/// Whether the requirement `wanted` (`=0.44.0`, `0.33`, `1.8.1`) admits `version`.
fn admits(wanted: &str, version: &str) -> bool {
    match wanted.strip_prefix('=') {
        Some(exact) => exact == version,
        None => {
            let wanted: Vec<&str> = wanted.trim_start_matches('^').split('.').collect();
            let version: Vec<&str> = version.split('.').collect();
            wanted.len() <= version.len() && wanted.iter().zip(&version).all(|(a, b)| a == b)
        }
    }
}

/// Problems with a page's dependency block: versions the workspace does not
/// lock (so they would not match what loopctl was built with).
fn check_versions(
    shown: &str,
    dependencies: &str,
    locked: &BTreeMap<String, Vec<String>>,
) -> Vec<String> {
    let table: toml::Table = match dependencies.parse() {
        Ok(table) => table,
        Err(error) => {
            return vec![format!(
                "{shown}: the [dependencies] block is not TOML: {error}"
            )];
        }
    };
    let Some(deps) = table.get("dependencies").and_then(toml::Value::as_table) else {
        return vec![format!(
            "{shown}: the first block has no [dependencies] table"
        )];
    };
    let mut problems = Vec::new();
    for (name, spec) in deps {
        let version = match spec {
            toml::Value::String(version) => Some(version.as_str()),
            toml::Value::Table(table) => table.get("version").and_then(toml::Value::as_str),
            _ => None,
        };
        if name.starts_with("loopctl") {
            continue;
        }
        let Some(version) = version else {
            problems.push(format!(
                "{shown}: `{name}` names no version; give the one loopctl is built with"
            ));
            continue;
        };
        let package = spec
            .as_table()
            .and_then(|table| table.get("package"))
            .and_then(toml::Value::as_str)
            .unwrap_or(name);
        let ours = locked.get(package).cloned().unwrap_or_default();
        if !ours.iter().any(|locked| admits(version, locked)) {
            problems.push(format!(
                "{shown}: `{name} = \"{version}\"` does not match the workspace's {package} ({}); write a version that does",
                if ours.is_empty() { "not locked at all".to_owned() } else { ours.join(", ") }
            ));
        }
    }
    problems
}

/// Every problem of the pages' openings: a missing block, a program that is
/// not the example word for word, a version that does not match.
pub(crate) fn check(root: &Path) -> Vec<String> {
    let locked = match locked(root) {
        Ok(locked) => locked,
        Err(error) => return vec![error],
    };
    let mut problems = Vec::new();
    for page in &PAGES {
        let opening = match opening(&root.join(page.doc)) {
            Ok(opening) => opening,
            Err(error) => {
                problems.push(error);
                continue;
            }
        };
        let example = example_path(root, page);
        match fs::read_to_string(&example) {
            Ok(source) if source.replace(WORKSPACE_ONLY, "") == opening.program => {}
            Ok(_) => problems.push(format!(
                "{}: its program differs from {}; copy the example into the page",
                page.doc,
                example.display()
            )),
            Err(error) => problems.push(format!("{}: {error}", example.display())),
        }
        problems.extend(check_versions(page.doc, &opening.dependencies, &locked));
    }
    problems
}

pub(crate) fn example_path(root: &Path, page: &Page) -> PathBuf {
    root.join("crates/loopctl/examples")
        .join(format!("{}.rs", page.example))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_requirement_admits_the_versions_cargo_would_pick() {
        assert!(admits("=0.44.0", "0.44.0"));
        assert!(!admits("=0.44.0", "0.44.1"));
        assert!(admits("0.33", "0.33.2"));
        assert!(!admits("0.33", "0.34.0"));
        assert!(admits("1", "1.8.0"));
        assert!(!admits("1.9", "1.8.0"));
    }

    #[test]
    fn the_opening_is_three_blocks_in_order() {
        let page = "# T\n\n```toml\n[dependencies]\nx = \"1\"\n```\n\n```rust,no_run\nfn main() {}\n```\n\n```text\nhi\n```\n";
        let dir = std::env::temp_dir().join(format!("xtask-first-hour-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("page.md");
        fs::write(&path, page).unwrap();
        let opening = opening(&path).unwrap();
        assert_eq!(opening.program, "fn main() {}\n");
        assert_eq!(opening.output, "hi\n");
        fs::write(&path, "# T\n\n```rust\nfn main() {}\n```\n").unwrap();
        assert!(super::opening(&path).is_err());
    }

    #[test]
    fn a_version_the_workspace_does_not_lock_is_named() {
        let locked = BTreeMap::from([("tokio".to_owned(), vec!["1.54.0".to_owned()])]);
        let block = "[dependencies]\ntokio = { version = \"1\", features = [\"full\"] }\nserde = \"1\"\nloopctl = { path = \"../loopctl/crates/loopctl\" }\n";
        let problems = check_versions("p.md", block, &locked);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].contains("`serde = \"1\"`"), "{problems:?}");
        let wrong = check_versions("p.md", "[dependencies]\ntokio = \"2\"\n", &locked);
        assert_eq!(wrong.len(), 1);
    }
}
