//! Tidy checks in the manner of rust-analyzer's: module docs, no leftover stubs, shared lints.

use std::fs;
use std::path::{Path, PathBuf};

use crate::ci::workspace_root;

/// `cargo xtask tidy` on its own.
pub(crate) fn run_standalone() -> Result<(), String> {
    check(&workspace_root()).map_err(|problems| {
        for problem in &problems {
            eprintln!("tidy: {problem}");
        }
        format!("{} tidy problem(s)", problems.len())
    })
}

/// How long a source file may grow before it must be split by subject:
/// about 400 lines, with room for a doc comment or two.
const MAX_SOURCE_LINES: usize = 420;

/// The same for a test file, whose cases are longer.
const MAX_TEST_LINES: usize = 500;

/// Every problem found under `root`, or `Ok` when there are none.
pub(crate) fn check(root: &Path) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let mut files = Vec::new();
    for folder in ["crates", "xtask", "tests"] {
        collect_rust_files(&root.join(folder), &mut files);
    }
    // Built by concatenation so that this file does not flag itself.
    let forbidden = [
        concat!("todo", "!("),
        concat!("unimplemented", "!("),
        concat!("dbg", "!("),
    ];
    for file in &files {
        let shown = file.strip_prefix(root).unwrap_or(file).display();
        let Ok(text) = fs::read_to_string(file) else {
            problems.push(format!("{shown}: cannot be read as UTF-8"));
            continue;
        };
        if !text.starts_with("//!") {
            problems.push(format!(
                "{shown}: must start with a `//!` line saying what it is for"
            ));
        }
        let lines = text.lines().count();
        let limit = if is_test_file(file) {
            MAX_TEST_LINES
        } else {
            MAX_SOURCE_LINES
        };
        if lines > limit {
            problems.push(format!(
                "{shown}: {lines} lines; split it by subject (at most {limit})"
            ));
        }
        if is_test_file(file) {
            continue;
        }
        // Unit tests live after `#[cfg(test)]`; stubs there are allowed.
        let production = text.split("#[cfg(test)]").next().unwrap_or("");
        for (index, line) in production.lines().enumerate() {
            if let Some(macro_name) = forbidden.iter().find(|name| line.contains(*name)) {
                problems.push(format!(
                    "{shown}:{}: `{macro_name}` outside tests",
                    index + 1
                ));
            }
        }
    }
    check_lints(root, &mut problems);
    crate::layers::check(root, &mut problems);
    crate::doc_deps::check(root, &mut problems);
    problems.extend(crate::first_hour::check(root));
    crate::folders::check(root, &mut problems);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

fn is_test_file(path: &Path) -> bool {
    path.components().any(|part| {
        matches!(
            part.as_os_str().to_str(),
            Some("tests" | "benches" | "fuzz" | "examples")
        )
    })
}

fn collect_rust_files(folder: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name == "target") {
                continue;
            }
            collect_rust_files(&path, files);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
}

/// Every workspace manifest must opt in to the shared `[workspace.lints]`.
fn check_lints(root: &Path, problems: &mut Vec<String>) {
    let mut manifests = vec![root.join("xtask/Cargo.toml"), root.join("tests/Cargo.toml")];
    if let Ok(entries) = fs::read_dir(root.join("crates")) {
        manifests.extend(
            entries
                .flatten()
                .map(|entry| entry.path().join("Cargo.toml")),
        );
    }
    for manifest in manifests.into_iter().filter(|path| path.exists()) {
        let text = fs::read_to_string(&manifest).unwrap_or_default();
        let inherits = text
            .split("\n[")
            .any(|section| section.starts_with("lints]") && section.contains("workspace = true"));
        if !inherits {
            let shown = manifest.strip_prefix(root).unwrap_or(&manifest).display();
            problems.push(format!("{shown}: add `[lints] workspace = true`"));
        }
    }
}
