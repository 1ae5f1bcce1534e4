//! The Python package's step: a virtual environment under `target/`, the package built and installed as a user would (`pip install ./crates/loopctl-python`), the frameworks from PyPI, and pytest.

use std::path::Path;
use std::process::Command;

use crate::runner::{self, Outcome, TestCounts};

/// What the tests run against, pinned: the test tools and the frameworks'
/// releases the adapters are tested with.
const REQUIREMENTS: &[&str] = &[
    "pytest==9.2.0",
    "pytest-asyncio==1.5.0",
    "mypy==2.4.1",
    "pydantic==2.14.4",
    "tenacity==9.2.1",
    "langchain-core==1.8.3",
    "langchain==1.5.2",
    "langgraph==1.2.24",
    "pydantic-ai-slim==2.68.0",
    "openai-agents==0.24.0",
];

/// The variable `.ci/run` sets so a missing Python fails the step rather
/// than skipping it.
const REQUIRE: &str = "LOOPCTL_REQUIRE_PYTHON";

/// Runs the step; adds pytest's counts to `counts`.
pub(crate) fn run(root: &Path, counts: &mut TestCounts) -> Outcome {
    let required = std::env::var(REQUIRE).is_ok_and(|value| value == "1");
    let Some(python) = find_python() else {
        if required {
            eprintln!("python: {REQUIRE}=1 but no python3 (3.10 or newer) is on PATH");
            return Outcome::Failed;
        }
        eprintln!(
            "notice: no python3 (3.10 or newer) on PATH; the Python package's tests are skipped"
        );
        return Outcome::Skipped;
    };
    let venv = root.join("target").join("python-venv");
    let bin = venv.join("bin");
    let pip = bin.join("pip");
    let stamp = venv.join("requirements.txt");
    let wanted = REQUIREMENTS.join("\n");
    if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
        let venv_text = venv.to_string_lossy();
        let pip_text = pip.to_string_lossy();
        let mut install = vec!["install", "--quiet", "--disable-pip-version-check"];
        install.extend_from_slice(REQUIREMENTS);
        if !runner::run(&python, &["-m", "venv", "--clear", &venv_text], &[])
            || !runner::run(&pip_text, &install, &[])
        {
            return Outcome::Failed;
        }
        let _ = std::fs::write(&stamp, wanted);
    }
    // The install line docs/python.md gives a newcomer, in the dev profile:
    // the tests need no optimised build, and the dependencies' debug builds
    // are already in target/ (a release build would add minutes).
    if !runner::run(
        &pip.to_string_lossy(),
        &[
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--force-reinstall",
            "--no-deps",
            "./crates/loopctl-python",
        ],
        &[("MATURIN_PEP517_ARGS", "--profile dev")],
    ) {
        return Outcome::Failed;
    }
    let cli = root.join("target").join("debug").join("loopctl");
    let cli_text = cli.to_string_lossy();
    let mut env = vec![("LOOPCTL_CLI", cli_text.as_ref())];
    if required {
        env.push((REQUIRE, "1"));
    }
    let tests = root.join("crates").join("loopctl-python");
    let (passed, output) = runner::run_collecting_with_env(
        &bin.join("python").to_string_lossy(),
        &[
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-q",
            "-rs",
            &tests.join("tests").to_string_lossy(),
        ],
        &env,
    );
    add_counts(counts, &output);
    runner::outcome(passed)
}

/// A `python3` of 3.10 or newer.
fn find_python() -> Option<String> {
    ["python3", "python"]
        .into_iter()
        .map(str::to_owned)
        .find(|python| {
            Command::new(python)
                .args(["-c", "import sys; sys.exit(sys.version_info < (3, 10))"])
                .status()
                .is_ok_and(|status| status.success())
        })
}

/// pytest's closing line, `12 passed, 1 failed in 3.2s`, added to `counts`.
fn add_counts(counts: &mut TestCounts, output: &str) {
    let Some(summary) = output.lines().rev().find(|line| {
        line.contains(" in ")
            && ["passed", "failed", "error"]
                .iter()
                .any(|word| line.contains(word))
    }) else {
        return;
    };
    for part in summary
        .trim_matches(|c: char| c == '=' || c.is_whitespace())
        .split(", ")
    {
        let mut words = part.split_whitespace();
        let (Some(number), Some(kind)) = (words.next(), words.next()) else {
            continue;
        };
        let Ok(number) = number.parse::<u64>() else {
            continue;
        };
        match kind {
            "passed" => counts.passed += number,
            "failed" | "error" | "errors" => counts.failed += number,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pytest_summaries_are_counted() {
        let mut counts = TestCounts::default();
        add_counts(
            &mut counts,
            "....\n===== 40 passed, 2 failed, 1 skipped in 5.22s =====\n",
        );
        assert_eq!((counts.passed, counts.failed), (40, 2));
        add_counts(&mut counts, "1 error in 0.1s");
        assert_eq!(counts.failed, 3);
    }
}
