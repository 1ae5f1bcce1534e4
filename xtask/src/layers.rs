//! The dependency layers ARCHITECTURE.md promises, checked: which loopctl crate may depend on which.

use std::fs;
use std::path::Path;

/// Each published crate and the loopctl crates its `[dependencies]` may name.
/// Dev-dependencies are free: tests may use anything.
const ALLOWED: &[(&str, &[&str])] = &[
    ("loopctl-reflect-core", &[]),
    ("loopctl-testkit", &[]),
    ("loopctl-redact", &[]),
    ("loopctl-backoff", &["loopctl-reflect-core"]),
    ("loopctl-schema", &["loopctl-reflect-core"]),
    ("loopctl-llm", &["loopctl-reflect-core"]),
    (
        "loopctl-driver",
        &[
            "loopctl-reflect-core",
            "loopctl-backoff",
            "loopctl-schema",
            "loopctl-redact",
        ],
    ),
    (
        "loopctl-agent",
        &["loopctl-reflect-core", "loopctl-driver", "loopctl-llm"],
    ),
    (
        "loopctl-reflect-llm",
        &[
            "loopctl-reflect-core",
            "loopctl-llm",
            "loopctl-schema",
            "loopctl-redact",
        ],
    ),
    (
        "loopctl-reflect-rules",
        &["loopctl-reflect-core", "loopctl-backoff", "loopctl-schema"],
    ),
    (
        "loopctl-policy",
        &[
            "loopctl-reflect-core",
            "loopctl-backoff",
            "loopctl-reflect-rules",
            "loopctl-driver",
        ],
    ),
    (
        "loopctl-record",
        &["loopctl-reflect-core", "loopctl-driver", "loopctl-redact"],
    ),
    (
        "loopctl-mcp",
        &[
            "loopctl-reflect-core",
            "loopctl-backoff",
            "loopctl-driver",
            "loopctl-redact",
        ],
    ),
    ("loopctl-mcp-fixture", &[]),
    (
        "loopctl-redis",
        &["loopctl-reflect-core", "loopctl-backoff", "loopctl-driver"],
    ),
    (
        "loopctl-rig",
        &[
            "loopctl-reflect-core",
            "loopctl-reflect-rules",
            "loopctl-driver",
        ],
    ),
    (
        "loopctl-cli",
        &[
            "loopctl-reflect-core",
            "loopctl-backoff",
            "loopctl-schema",
            "loopctl-driver",
            "loopctl-llm",
            "loopctl-reflect-llm",
            "loopctl-reflect-rules",
            "loopctl-record",
            "loopctl-mcp",
            "loopctl-redact",
            "loopctl-policy",
        ],
    ),
    (
        "loopctl-python",
        &[
            "loopctl-reflect-core",
            "loopctl-reflect-rules",
            "loopctl-reflect-llm",
            "loopctl-llm",
            "loopctl-driver",
            "loopctl-policy",
            "loopctl-record",
        ],
    ),
    (
        "loopctl",
        &[
            "loopctl-reflect-core",
            "loopctl-backoff",
            "loopctl-schema",
            "loopctl-driver",
            "loopctl-agent",
            "loopctl-llm",
            "loopctl-reflect-llm",
            "loopctl-reflect-rules",
            "loopctl-record",
            "loopctl-mcp",
            "loopctl-redis",
            "loopctl-rig",
            "loopctl-redact",
            "loopctl-policy",
        ],
    ),
];

/// Heavy foreign dependencies and the only crates whose `[dependencies]`
/// may name them: an integration's weight stays behind its own feature.
const CONFINED: &[(&str, &[&str])] = &[
    (
        "rmcp",
        &["loopctl-mcp", "loopctl-mcp-fixture", "loopctl-cli"],
    ),
    ("redis", &["loopctl-redis"]),
    ("rig-core", &["loopctl-rig"]),
    ("rig-agent", &["loopctl-rig"]),
    ("pyo3", &["loopctl-python"]),
    ("pyo3-async-runtimes", &["loopctl-python"]),
];

/// The loopctl crates named in a manifest's `[dependencies]` table.
fn loopctl_dependencies(manifest: &str) -> Vec<&str> {
    dependencies(manifest)
        .into_iter()
        .filter(|name| *name == "loopctl" || name.starts_with("loopctl-"))
        .collect()
}

/// Every crate named in a manifest's `[dependencies]` table.
fn dependencies(manifest: &str) -> Vec<&str> {
    let start = if manifest.starts_with("[dependencies]") {
        0
    } else {
        match manifest.find("\n[dependencies]") {
            Some(at) => at + 1,
            None => return Vec::new(),
        }
    };
    let table = &manifest[start + "[dependencies]".len()..];
    let table = table.split("\n[").next().unwrap_or("");
    table
        .lines()
        .filter_map(|line| {
            let name = line.split(['=', '.']).next()?.trim();
            let named = !name.is_empty()
                && !name.starts_with('#')
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            named.then_some(name)
        })
        .collect()
}

/// Every crate under `crates/` against [`ALLOWED`].
pub(crate) fn check(root: &Path, problems: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(root.join("crates")) else {
        return;
    };
    for entry in entries.flatten() {
        let manifest = entry.path().join("Cargo.toml");
        let Ok(text) = fs::read_to_string(&manifest) else {
            continue;
        };
        let crate_name = entry.file_name().to_string_lossy().into_owned();
        let Some((_, allowed)) = ALLOWED.iter().find(|(name, _)| *name == crate_name) else {
            problems.push(format!(
                "crates/{crate_name}: not in the dependency layers; add it to xtask/src/layers.rs and ARCHITECTURE.md"
            ));
            continue;
        };
        for dependency in loopctl_dependencies(&text) {
            if !allowed.contains(&dependency) {
                problems.push(format!(
                    "crates/{crate_name}/Cargo.toml: may not depend on `{dependency}` (see the layers in ARCHITECTURE.md)"
                ));
            }
        }
        for dependency in dependencies(&text) {
            if let Some((_, owners)) = CONFINED.iter().find(|(name, _)| *name == dependency)
                && !owners.contains(&crate_name.as_str())
            {
                problems.push(format!(
                    "crates/{crate_name}/Cargo.toml: may not depend on `{dependency}`; only {} may (see ARCHITECTURE.md)",
                    owners.join(", ")
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dependencies_are_read_from_the_dependencies_table_only() {
        let manifest = "[package]\nname = \"x\"\n\n[dependencies]\nloopctl-reflect-core.workspace = true\nloopctl-driver = { workspace = true }\nserde = \"1\"\n\n[dev-dependencies]\nloopctl-cli.workspace = true\n";
        assert_eq!(
            loopctl_dependencies(manifest),
            ["loopctl-reflect-core", "loopctl-driver"]
        );
    }

    #[test]
    fn the_workspace_keeps_its_layers() {
        let mut problems = Vec::new();
        check(&crate::ci::workspace_root(), &mut problems);
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn a_forbidden_edge_and_an_unknown_crate_are_reported() {
        let root = std::env::temp_dir().join(format!("loopctl-layers-{}", std::process::id()));
        let core = root.join("crates/loopctl-reflect-core");
        let stray = root.join("crates/loopctl-stray");
        fs::create_dir_all(&core).unwrap();
        fs::create_dir_all(&stray).unwrap();
        fs::write(
            core.join("Cargo.toml"),
            "[dependencies]\nloopctl-driver.workspace = true\nrmcp = { workspace = true }\n",
        )
        .unwrap();
        fs::write(
            stray.join("Cargo.toml"),
            "[package]\nname = \"loopctl-stray\"\n",
        )
        .unwrap();
        let mut problems = Vec::new();
        check(&root, &mut problems);
        let _ = fs::remove_dir_all(&root);
        problems.sort();
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert!(
            problems[0].contains("may not depend on `loopctl-driver`"),
            "{problems:#?}"
        );
        assert!(
            problems[1].contains("may not depend on `rmcp`; only loopctl-mcp"),
            "{problems:#?}"
        );
        assert!(
            problems[2].contains("not in the dependency layers"),
            "{problems:#?}"
        );
    }
}
