//! `cargo xtask soak`: the tests with processes, sockets and real time, run again and again while `stress-ng` loads every core, to show they wait for events rather than race the machine.

use std::process::{Child, Command, Stdio};
use std::time::Instant;

use crate::parts;
use crate::runner::{self, has_cargo_plugin};

/// The test binaries that start processes, open sockets or use real time:
/// Redis, MCP children and HTTP servers, the proxy, the CLI, the providers
/// over HTTP, the recorder's files, rig over HTTP, and the end-to-end tests.
const FILTER: &str = "package(loopctl-redis) | package(loopctl-mcp) | package(loopctl-mcp-fixture) \
| package(loopctl-cli) | package(loopctl-llm) | package(loopctl-reflect-llm) | package(loopctl-rig) \
| package(loopctl-record) | package(loopctl-testkit) | package(loopctl-e2e)";

struct Options {
    runs: u32,
    stress: bool,
    filter: String,
}

fn options(arguments: &[String]) -> Result<Options, String> {
    let mut options = Options {
        runs: 10,
        stress: true,
        filter: FILTER.to_owned(),
    };
    let mut arguments = arguments.iter();
    while let Some(argument) = arguments.next() {
        match argument.as_str() {
            "--runs" => {
                options.runs = arguments
                    .next()
                    .and_then(|runs| runs.parse().ok())
                    .filter(|runs| *runs > 0)
                    .ok_or("--runs takes a positive number")?;
            }
            "--no-stress" => options.stress = false,
            "--filter" => {
                options.filter = arguments
                    .next()
                    .ok_or("--filter takes a nextest filter expression")?
                    .clone();
            }
            other => {
                return Err(format!(
                    "unknown soak option `{other}`; run `cargo xtask help`"
                ));
            }
        }
    }
    Ok(options)
}

/// The load beside the tests; killed when dropped.
struct Load(Child);

impl Drop for Load {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn run(arguments: &[String]) -> Result<(), String> {
    let options = options(arguments)?;
    std::env::set_current_dir(crate::ci::workspace_root())
        .map_err(|error| format!("cannot enter the workspace root: {error}"))?;
    if !has_cargo_plugin("nextest") {
        return Err(
            "cargo-nextest is needed for the soak (cargo install cargo-nextest)".to_owned(),
        );
    }
    // A soak that skips a test proves nothing: every part that is here is required.
    let env = parts::require_present();
    parts::check();
    let base = [
        "nextest",
        "run",
        "--workspace",
        "--exclude",
        "loopctl-defaults",
        "--all-features",
        "-E",
        &options.filter,
    ];
    // Build first, unloaded: the soak measures the tests, not the compiler.
    let mut build: Vec<&str> = base.to_vec();
    build.push("--no-run");
    let mut base = base.to_vec();
    base.push("--no-fail-fast");
    if !runner::run("cargo", &build, &env) {
        return Err("the tests did not build".to_owned());
    }
    let _load = if options.stress {
        if !parts::on_path("stress-ng") {
            return Err(
                "stress-ng is not on PATH (Debian package stress-ng); or pass --no-stress"
                    .to_owned(),
            );
        }
        eprintln!("$ stress-ng --cpu 4 --quiet");
        let child = Command::new("stress-ng")
            .args(["--cpu", "4", "--quiet"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| format!("cannot start stress-ng: {error}"))?;
        Some(Load(child))
    } else {
        None
    };
    let mut passed = 0;
    let mut rows = Vec::new();
    for run in 1..=options.runs {
        eprintln!("\n==> soak run {run} of {}", options.runs);
        let started = Instant::now();
        let ok = runner::run("cargo", &base, &env);
        let seconds = started.elapsed().as_secs_f64();
        passed += u32::from(ok);
        rows.push((run, ok, seconds));
        eprintln!(
            "<== soak run {run}: {} ({seconds:.1}s)",
            if ok { "ok" } else { "FAILED" }
        );
    }
    eprintln!("\nrun  result  seconds");
    for (run, ok, seconds) in &rows {
        eprintln!(
            "{run:>3}  {:<6}  {seconds:>7.1}",
            if *ok { "ok" } else { "FAILED" }
        );
    }
    let load = if options.stress {
        "under stress-ng --cpu 4"
    } else {
        "without load"
    };
    eprintln!("soak: {passed} of {} runs passed {load}", options.runs);
    if passed == options.runs {
        Ok(())
    } else {
        Err(format!(
            "{} of {} soak runs failed",
            options.runs - passed,
            options.runs
        ))
    }
}
