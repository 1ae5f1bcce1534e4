//! `cargo xtask ci`: every check CI runs, in order, with a closing table of steps and times.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::runner::{self, Outcome, Report, TestCounts, has_cargo_plugin, outcome, run_all};
use crate::{parts, tidy};

/// The workspace root, where every cargo command runs.
pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

pub(crate) fn run() -> Result<(), String> {
    std::env::set_current_dir(workspace_root())
        .map_err(|error| format!("cannot enter the workspace root: {error}"))?;
    let mut report = Report::default();

    report.step("fmt", || {
        run_all(&[("cargo", vec!["fmt", "--all", "--check"])])
    });
    report.step("clippy", || {
        run_all(&[(
            "cargo",
            vec![
                "clippy",
                "--workspace",
                "--all-targets",
                "--all-features",
                "--",
                "-D",
                "warnings",
            ],
        )])
    });
    let mut counts = TestCounts::default();
    report.step("tests", || run_tests(&mut counts));
    report.step("default-feature tests", || {
        run_default_feature_tests(&mut counts)
    });
    report.step("doc tests", || run_doc_tests(&mut counts));
    report.step("docs", || {
        outcome(runner::run(
            "cargo",
            &["doc", "--workspace", "--no-deps", "--all-features"],
            &[("RUSTDOCFLAGS", "-D warnings")],
        ))
    });
    report.step("tour", || {
        run_all(&[
            ("cargo", vec!["run", "--quiet", "--example", "tour"]),
            // With no model configured, --llm consults a scripted model server.
            (
                "cargo",
                vec!["run", "--quiet", "--example", "tour", "--", "--llm"],
            ),
        ])
    });
    report.step("first programs", || {
        match crate::first_run::run_examples(&workspace_root()) {
            Ok(()) => Outcome::Passed,
            Err(problems) => {
                for problem in problems {
                    eprintln!("first programs: {problem}");
                }
                Outcome::Failed
            }
        }
    });
    report.step("python", || {
        crate::python::run(&workspace_root(), &mut counts)
    });
    report.step("feature isolation", check_features);
    report.step("cargo-deny", run_deny);
    report.step("advisories", run_advisories);
    report.step("tidy", || match tidy::check(&workspace_root()) {
        Ok(()) => Outcome::Passed,
        Err(problems) => {
            for problem in problems {
                eprintln!("tidy: {problem}");
            }
            Outcome::Failed
        }
    });

    let result = report.finish();
    // One plain closing line for whoever reads the end of the log.
    eprintln!("tests: {} passed, {} failed", counts.passed, counts.failed);
    result
}

/// Every test of the workspace with every feature on.
fn run_tests(counts: &mut TestCounts) -> Outcome {
    // The test output of a passing test is hidden, so skips are said here
    // too; a part the run requires and lacks fails the step by name.
    if !parts::check() {
        return Outcome::Failed;
    }
    // The default-feature package is left out: a workspace build unifies
    // features, and it is run alone in its own step.
    run_test_set(
        counts,
        &[
            "--workspace",
            "--exclude",
            "loopctl-defaults",
            "--all-features",
        ],
    )
}

/// The crates whose behaviour changes with `schema_validation`, and the
/// facade as a plain dependency gives it, with their default features: what
/// most users run is tested, not only compiled.
fn run_default_feature_tests(counts: &mut TestCounts) -> Outcome {
    // Read by the default-feature package's tests, which then hold the
    // build to exactly the default features.
    run_test_set_with_env(
        counts,
        &[("LOOPCTL_EXPECT_DEFAULT_FEATURES", "1")],
        &[
            "-p",
            "loopctl-driver",
            "-p",
            "loopctl-reflect-rules",
            "-p",
            "loopctl-defaults",
        ],
    )
}

fn run_test_set(counts: &mut TestCounts, selection: &[&str]) -> Outcome {
    run_test_set_with_env(counts, &[], selection)
}

fn run_test_set_with_env(
    counts: &mut TestCounts,
    env: &[(&str, &str)],
    selection: &[&str],
) -> Outcome {
    let mut args: Vec<&str> = if has_cargo_plugin("nextest") {
        vec!["nextest", "run", "--no-fail-fast"]
    } else {
        eprintln!("notice: cargo-nextest is not installed; using `cargo test`");
        vec!["test", "--lib", "--bins", "--tests", "--examples"]
    };
    args.extend_from_slice(selection);
    let (passed, output) = runner::run_collecting_with_env("cargo", &args, env);
    counts.add_from(&output);
    outcome(passed)
}

fn run_doc_tests(counts: &mut TestCounts) -> Outcome {
    let (passed, output) =
        runner::run_collecting("cargo", &["test", "--doc", "--workspace", "--all-features"]);
    counts.add_from(&output);
    outcome(passed)
}

/// Each crate alone with no default features and with each feature alone, so
/// a feature that secretly relies on another is caught.
fn check_features() -> Outcome {
    if has_cargo_plugin("hack") {
        return run_all(&[(
            "cargo",
            vec![
                "hack",
                "check",
                "--workspace",
                "--each-feature",
                "--no-dev-deps",
                // No features to isolate, and clippy and the Python step
                // build it already.
                "--exclude",
                "loopctl-python",
            ],
        )]);
    }
    eprintln!("notice: cargo-hack is not installed; looping over `cargo metadata` instead");
    let packages = match workspace_packages() {
        Ok(packages) => packages,
        Err(message) => {
            eprintln!("xtask: {message}");
            return Outcome::Failed;
        }
    };
    for (name, features) in packages {
        if name == "loopctl-python" {
            continue;
        }
        if !runner::run(
            "cargo",
            &["check", "-p", &name, "--no-default-features"],
            &[],
        ) {
            return Outcome::Failed;
        }
        for feature in features {
            let args = [
                "check",
                "-p",
                &name,
                "--no-default-features",
                "--features",
                &feature,
            ];
            if !runner::run("cargo", &args, &[]) {
                return Outcome::Failed;
            }
        }
    }
    Outcome::Passed
}

/// The workspace's packages and the features each declares.
pub(crate) fn workspace_packages() -> Result<Vec<(String, Vec<String>)>, String> {
    let output = Command::new("cargo")
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .map_err(|error| format!("cannot run cargo metadata: {error}"))?;
    if !output.status.success() {
        return Err("cargo metadata failed".to_owned());
    }
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout)
        .map_err(|error| format!("cargo metadata printed invalid JSON: {error}"))?;
    let packages = metadata["packages"].as_array().cloned().unwrap_or_default();
    Ok(packages
        .iter()
        .filter_map(|package| {
            let name = package["name"].as_str()?.to_owned();
            let features = package["features"]
                .as_object()
                .map(|map| {
                    map.keys()
                        .filter(|key| *key != "default")
                        .cloned()
                        .collect()
                })
                .unwrap_or_default();
            Some((name, features))
        })
        .collect())
}

fn run_deny() -> Outcome {
    if !has_cargo_plugin("deny") {
        eprintln!("notice: cargo-deny is not installed; skipping licence, ban and source checks");
        return Outcome::Skipped;
    }
    // `--offline` keeps cargo-deny from fetching its advisory database; the
    // crate sources of every target must then be on disk already.
    run_all(&[
        ("cargo", vec!["fetch"]),
        (
            "cargo",
            vec!["deny", "--offline", "check", "bans", "licenses", "sources"],
        ),
    ])
}

/// Where an offline snapshot of the RustSec advisory database and its
/// checker live, beside the project (or where `LOOPCTL_ADVISORY_CHECK` says).
const ADVISORY_CHECK: &str = "../shared/advisory-db/check";

/// Known vulnerabilities fail the run: cargo-deny's advisories check against
/// the offline snapshot, unless `deny.toml` ignores an advisory with a reason.
fn run_advisories() -> Outcome {
    let check =
        std::env::var("LOOPCTL_ADVISORY_CHECK").unwrap_or_else(|_| ADVISORY_CHECK.to_owned());
    if !Path::new(&check).is_file() {
        eprintln!(
            "notice: no offline advisory database at {check} (set LOOPCTL_ADVISORY_CHECK to its checker); the advisories check is skipped"
        );
        return Outcome::Skipped;
    }
    if !has_cargo_plugin("deny") {
        eprintln!("notice: cargo-deny is not installed; the advisories check is skipped");
        return Outcome::Skipped;
    }
    outcome(runner::run("bash", &[&check, "deny.toml"], &[]))
}
