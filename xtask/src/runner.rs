//! Runs named steps of shell commands, logging each command first and timing each step.

use std::process::Command;
use std::time::Instant;

/// How a step ended.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Passed,
    Failed,
    Skipped,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Passed => "ok",
            Outcome::Failed => "FAILED",
            Outcome::Skipped => "skipped",
        }
    }
}

/// Collects step results for the closing table.
#[derive(Default)]
pub(crate) struct Report {
    rows: Vec<(String, Outcome, f64)>,
}

impl Report {
    /// Runs `body` as the step `name`, timing it.
    pub(crate) fn step(&mut self, name: &str, body: impl FnOnce() -> Outcome) {
        eprintln!("\n==> {name}");
        let started = Instant::now();
        let outcome = body();
        let seconds = started.elapsed().as_secs_f64();
        eprintln!("<== {name}: {} ({seconds:.1}s)", outcome.label());
        self.rows.push((name.to_owned(), outcome, seconds));
    }

    /// Prints the table of steps and returns an error if any step failed.
    pub(crate) fn finish(self) -> Result<(), String> {
        let width = self
            .rows
            .iter()
            .map(|(name, ..)| name.len())
            .max()
            .unwrap_or(4)
            .max(4);
        eprintln!("\n{:<width$}  {:<7}  {:>8}", "step", "result", "seconds");
        eprintln!("{:-<width$}  {:-<7}  {:->8}", "", "", "");
        let mut total = 0.0;
        for (name, outcome, seconds) in &self.rows {
            total += seconds;
            eprintln!("{name:<width$}  {:<7}  {seconds:>8.1}", outcome.label());
        }
        eprintln!("{:<width$}  {:<7}  {total:>8.1}", "total", "");
        let failed: Vec<&str> = self
            .rows
            .iter()
            .filter(|(_, outcome, _)| *outcome == Outcome::Failed)
            .map(|(name, ..)| name.as_str())
            .collect();
        if failed.is_empty() {
            Ok(())
        } else {
            Err(format!("failed steps: {}", failed.join(", ")))
        }
    }
}

/// Logs and runs `program args...` with extra environment variables; `true` on success.
pub(crate) fn run(program: &str, args: &[&str], env: &[(&str, &str)]) -> bool {
    let shown_env: String = env
        .iter()
        .map(|(key, value)| format!("{key}={value} "))
        .collect();
    eprintln!("$ {shown_env}{program} {}", args.join(" "));
    let mut command = Command::new(program);
    command.args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    match command.status() {
        Ok(status) => status.success(),
        Err(error) => {
            eprintln!("xtask: could not start `{program}`: {error}");
            false
        }
    }
}

/// Runs each command in turn, stopping at the first failure.
pub(crate) fn run_all(commands: &[(&str, Vec<&str>)]) -> Outcome {
    for (program, args) in commands {
        if !run(program, args, &[]) {
            return Outcome::Failed;
        }
    }
    Outcome::Passed
}

/// `true` when `cargo <subcommand> --version` works, i.e. the plugin is installed.
pub(crate) fn has_cargo_plugin(subcommand: &str) -> bool {
    Command::new("cargo")
        .args([subcommand, "--version"])
        .output()
        .map(|output| output.status.success())
        .unwrap_or(false)
}

/// Converts a pass/fail flag into an outcome.
pub(crate) fn outcome(passed: bool) -> Outcome {
    if passed {
        Outcome::Passed
    } else {
        Outcome::Failed
    }
}

/// Test counts gathered from the runners' summary lines.
#[derive(Default, Clone, Copy)]
pub(crate) struct TestCounts {
    pub(crate) passed: u64,
    pub(crate) failed: u64,
}

impl TestCounts {
    /// Adds the counts in nextest's `N tests run: N passed, N failed` lines
    /// and libtest's `test result: ok. N passed; N failed` lines.
    pub(crate) fn add_from(&mut self, output: &str) {
        for line in output.lines() {
            if !(line.contains("tests run:")
                || line.contains("test run:")
                || line.contains("test result:"))
            {
                continue;
            }
            let words: Vec<&str> = line
                .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
                .filter(|w| !w.is_empty())
                .collect();
            for pair in words.windows(2) {
                if let Ok(count) = pair[0].parse::<u64>() {
                    match pair[1] {
                        "passed" => self.passed += count,
                        "failed" => self.failed += count,
                        _ => {}
                    }
                }
            }
        }
    }
}

/// Logs and runs a command, streaming its output, and returns it for parsing.
pub(crate) fn run_collecting(program: &str, args: &[&str]) -> (bool, String) {
    run_collecting_with_env(program, args, &[])
}

/// [`run_collecting`] with extra environment variables.
pub(crate) fn run_collecting_with_env(
    program: &str,
    args: &[&str],
    env: &[(&str, &str)],
) -> (bool, String) {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;

    let shown_env: String = env
        .iter()
        .map(|(key, value)| format!("{key}={value} "))
        .collect();
    eprintln!("$ {shown_env}{program} {}", args.join(" "));
    let child = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(error) => {
            eprintln!("xtask: could not start `{program}`: {error}");
            return (false, String::new());
        }
    };
    // Both streams are echoed as they come; stderr on a thread so neither pipe fills up.
    let stderr = child.stderr.take().map(|stream| {
        std::thread::spawn(move || {
            let mut seen = String::new();
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                eprintln!("{line}");
                seen.push_str(&line);
                seen.push('\n');
            }
            seen
        })
    });
    let mut collected = String::new();
    if let Some(stream) = child.stdout.take() {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            eprintln!("{line}");
            collected.push_str(&line);
            collected.push('\n');
        }
    }
    if let Some(handle) = stderr {
        collected.push_str(&handle.join().unwrap_or_default());
    }
    let passed = child.wait().map(|status| status.success()).unwrap_or(false);
    (passed, collected)
}
