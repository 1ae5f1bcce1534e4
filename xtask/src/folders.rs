//! The module layout ARCHITECTURE.md promises inside each crate, checked: a folder is entered through its `mod.rs` only, and no circle runs between folders and top-level files.
//!
//! A crate's `src/` holds top-level files and folders. Each is a *unit*. A
//! file outside a folder may name what the folder's `mod.rs` exports
//! (`crate::stages::Pipeline`), never a file inside it
//! (`crate::stages::pipeline::Pipeline`), and the units' `use crate::…`
//! edges must form no cycle, so every concern can be read, tested and
//! changed from its own folder outward.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The modules a file names with `crate::first::second`, as pairs.
fn crate_paths(text: &str) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (at, _) in text.match_indices("crate::") {
        if text[..at].chars().next_back().is_some_and(is_name) {
            continue;
        }
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a, b::c}`: the first name of each item at depth 0.
            let mut depth = 0;
            let mut item_start = true;
            let mut name = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && is_name(c) => name.push(c),
                    _ if item_start && !name.is_empty() => {
                        found.push((std::mem::take(&mut name), None));
                        item_start = false;
                    }
                    _ => {}
                }
            }
            if !name.is_empty() {
                found.push((name, None));
            }
            continue;
        }
        let first: String = rest.chars().take_while(|c| is_name(*c)).collect();
        let after = &rest[first.len()..];
        let second = after
            .strip_prefix("::")
            .map(|tail| tail.chars().take_while(|c| is_name(*c)).collect::<String>())
            .filter(|name| !name.is_empty());
        if !first.is_empty() {
            found.push((first, second));
        }
    }
    found
}

/// The units of one crate's `src/`: top-level files by module name, folders
/// by name with the module names of their files.
struct Layout {
    files: BTreeSet<String>,
    folders: BTreeMap<String, BTreeSet<String>>,
}

fn layout(src: &Path) -> Layout {
    let mut layout = Layout {
        files: BTreeSet::new(),
        folders: BTreeMap::new(),
    };
    let Ok(entries) = fs::read_dir(src) else {
        return layout;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() && path.join("mod.rs").is_file() {
            let inner = fs::read_dir(&path)
                .into_iter()
                .flatten()
                .flatten()
                .filter_map(|file| {
                    let file = file.file_name().to_string_lossy().into_owned();
                    file.strip_suffix(".rs")
                        .filter(|stem| *stem != "mod")
                        .map(str::to_owned)
                })
                .collect();
            layout.folders.insert(name, inner);
        } else if let Some(stem) = name.strip_suffix(".rs")
            && !matches!(stem, "lib" | "main")
        {
            layout.files.insert(stem.to_owned());
        }
    }
    layout
}

/// Every `.rs` file under `dir`, with the unit it belongs to.
fn sources(dir: &Path, unit: Option<&str>, found: &mut Vec<(String, std::path::PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            sources(&path, Some(unit.unwrap_or(&name)), found);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            let owner = unit.unwrap_or(stem);
            if !matches!(owner, "lib" | "main") {
                found.push((owner.to_owned(), path));
            }
        }
    }
}

/// The problems of one crate's `src/`.
pub(crate) fn check_crate(name: &str, src: &Path, problems: &mut Vec<String>) {
    let layout = layout(src);
    let mut files = Vec::new();
    sources(src, None, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (unit, path) in &files {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        // Unit tests may reach anywhere in their crate.
        let production = text.split("#[cfg(test)]").next().unwrap_or("");
        let shown = path.strip_prefix(src).unwrap_or(path).display();
        for (first, second) in crate_paths(production) {
            let target = if layout.folders.contains_key(&first) || layout.files.contains(&first) {
                first.clone()
            } else {
                continue;
            };
            if let (Some(inner), Some(second)) = (layout.folders.get(&target), &second)
                && *unit != target
                && inner.contains(second)
            {
                problems.push(format!(
                    "{name}/src/{shown}: names `crate::{target}::{second}`; use what `{target}/mod.rs` exports"
                ));
            }
            if *unit != target {
                edges.entry(unit.clone()).or_default().insert(target);
            }
        }
    }
    if let Some(cycle) = find_cycle(&edges) {
        problems.push(format!(
            "{name}/src: a circle runs through {}; the lower unit must not name the higher one",
            cycle.join(" → ")
        ));
    }
}

/// One cycle of the graph, if it has any, as the units along it.
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        unit: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|seen| seen == unit) {
            let mut cycle = path[at..].to_vec();
            cycle.push(unit.to_owned());
            return Some(cycle);
        }
        if done.contains(unit) {
            return None;
        }
        path.push(unit.to_owned());
        for next in edges.get(unit).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(unit.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|unit| visit(unit, edges, &mut done, &mut Vec::new()))
}

/// Every crate under `crates/`.
pub(crate) fn check(root: &Path, problems: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(root.join("crates")) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        check_crate(&name, &entry.path().join("src"), problems);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_groups_are_read() {
        let text = "use crate::run::Dispatcher;\nuse crate::{stages::{A, B}, tool};\nlet x = crate::telemetry::metrics::f();\nnot_crate::x::y";
        assert_eq!(
            crate_paths(text),
            [
                ("run".to_owned(), Some("Dispatcher".to_owned())),
                ("stages".to_owned(), None),
                ("tool".to_owned(), None),
                ("telemetry".to_owned(), Some("metrics".to_owned())),
            ]
        );
    }

    #[test]
    fn a_deep_path_and_a_circle_are_reported() {
        let root = std::env::temp_dir().join(format!("loopctl-folders-{}", std::process::id()));
        let src = root.join("src");
        fs::create_dir_all(src.join("stages")).unwrap();
        fs::write(src.join("lib.rs"), "mod run;\nmod stages;\n").unwrap();
        fs::write(
            src.join("run.rs"),
            "use crate::stages::pipeline::Pipeline;\n",
        )
        .unwrap();
        fs::write(src.join("stages/mod.rs"), "mod pipeline;\n").unwrap();
        fs::write(src.join("stages/pipeline.rs"), "use crate::run::X;\n").unwrap();
        let mut problems = Vec::new();
        check_crate("demo", &src, &mut problems);
        let _ = fs::remove_dir_all(&root);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert!(
            problems[0].contains("names `crate::stages::pipeline`"),
            "{problems:#?}"
        );
        assert!(
            problems[1].contains("a circle runs through"),
            "{problems:#?}"
        );
    }

    #[test]
    fn the_workspace_keeps_its_folders() {
        let mut problems = Vec::new();
        check(&crate::ci::workspace_root(), &mut problems);
        assert!(problems.is_empty(), "{problems:#?}");
    }
}
