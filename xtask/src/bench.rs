//! `cargo xtask bench`: runs every crate's benchmarks, and with `--check` compares the figures with their targets.

use std::collections::HashMap;
use std::process::Command;

use crate::ci::workspace_root;

/// Time figures may miss their target by this factor before `--check` fails:
/// the machine is shared and noisy, and the check is a tripwire, not a gate.
const MARGIN: f64 = 1.5;

pub(crate) fn run(options: &[String]) -> Result<(), String> {
    std::env::set_current_dir(workspace_root())
        .map_err(|error| format!("cannot enter the workspace root: {error}"))?;
    let quick = options.iter().any(|option| option == "--quick");
    let check = options.iter().any(|option| option == "--check");
    if let Some(unknown) = options
        .iter()
        .find(|option| !matches!(option.as_str(), "--quick" | "--check"))
    {
        return Err(format!(
            "unknown bench option `{unknown}`; run `cargo xtask help`"
        ));
    }
    let mut args = vec![
        "bench",
        "--workspace",
        "--all-features",
        "--bench",
        "*",
        "--",
    ];
    if quick {
        // Enough samples for a stable median, in a fraction of the time.
        args.extend(["--sample-count", "20", "--sample-size", "20"]);
    }
    eprintln!(
        "$ {}cargo {}",
        if quick { "LOOPCTL_BENCH_QUICK=1 " } else { "" },
        args.join(" ")
    );
    let mut command = Command::new("cargo");
    command.args(&args);
    if quick {
        command.env("LOOPCTL_BENCH_QUICK", "1");
    }
    let output = command
        .output()
        .map_err(|error| format!("cannot run cargo bench: {error}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    print_through(&stdout);
    eprint!(
        "{}",
        String::from_utf8_lossy(&output.stderr)
            .lines()
            .filter(|line| line.contains("error"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    if !output.status.success() {
        return Err("benchmarks failed".to_owned());
    }
    python_bench()?;
    if !quick {
        build_weight()?;
    }
    if check {
        check_targets(&stdout)
    } else {
        Ok(())
    }
}

/// loopctl against tenacity and a bare `try/except` loop on the same Python
/// tool, in the virtual environment the CI's Python step builds (skipped,
/// with a notice, before that step has run once).
fn python_bench() -> Result<(), String> {
    let python = workspace_root().join("target/python-venv/bin/python");
    if !python.exists() {
        eprintln!(
            "notice: target/python-venv is missing; run `cargo xtask ci` once for the Python benchmarks"
        );
        return Ok(());
    }
    // The CI step installs a dev build; measure an optimised one, as pip
    // builds it for a user.
    let pip = workspace_root().join("target/python-venv/bin/pip");
    let installed = Command::new(&pip)
        .args([
            "install",
            "--quiet",
            "--force-reinstall",
            "--no-deps",
            "./crates/loopctl-python",
        ])
        .status()
        .map_err(|error| format!("cannot run pip: {error}"))?;
    if !installed.success() {
        return Err("pip could not build the Python package".to_owned());
    }
    eprintln!("$ target/python-venv/bin/python crates/loopctl-python/bench/bench.py");
    let output = Command::new(&python)
        .arg(workspace_root().join("crates/loopctl-python/bench/bench.py"))
        .output()
        .map_err(|error| format!("cannot run the Python benchmarks: {error}"))?;
    print_through(&String::from_utf8_lossy(&output.stdout));
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "the Python benchmarks failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

#[allow(
    clippy::print_stdout,
    reason = "the benchmark tables are the task's output"
)]
fn print_through(text: &str) {
    print!("{text}");
}

/// Medians of divan rows (`name` → nanoseconds) and `FIGURE name value` lines.
fn parse(stdout: &str) -> (HashMap<String, f64>, HashMap<String, f64>) {
    let mut medians = HashMap::new();
    let mut figures = HashMap::new();
    for line in stdout.lines() {
        if let Some(rest) = line.strip_prefix("FIGURE ") {
            let mut words = rest.split_whitespace();
            if let (Some(name), Some(value)) = (
                words.next(),
                words.next().and_then(|value| value.parse().ok()),
            ) {
                figures.insert(name.to_owned(), value);
            }
            continue;
        }
        let trimmed = line.trim_start_matches(['├', '╰', '─', ' ', '│']);
        let cells: Vec<&str> = trimmed.split('│').collect();
        if cells.len() < 3 || !(line.contains('├') || line.contains('╰')) {
            continue;
        }
        let name = cells[0].split_whitespace().next().unwrap_or_default();
        if let Some(nanos) = duration_nanos(cells[2].trim()) {
            medians.insert(name.to_owned(), nanos);
        }
    }
    (medians, figures)
}

fn duration_nanos(cell: &str) -> Option<f64> {
    let mut parts = cell.split_whitespace();
    let value: f64 = parts.next()?.parse().ok()?;
    let scale = match parts.next()? {
        "ns" => 1.0,
        "µs" | "us" => 1e3,
        "ms" => 1e6,
        "s" => 1e9,
        _ => return None,
    };
    Some(value * scale)
}

/// A clean debug build of the facade with its default features and with
/// `full`, each in a target directory of its own, and how many crates each
/// compiles. Sources are already fetched, so this is compile time only.
fn build_weight() -> Result<(), String> {
    for (label, features) in [("default", None), ("full", Some("full"))] {
        let target = std::env::temp_dir().join(format!("loopctl-build-weight-{label}"));
        let _ = std::fs::remove_dir_all(&target);
        let mut args = vec!["build", "--quiet", "-p", "loopctl"];
        if let Some(features) = features {
            args.extend(["--features", features]);
        }
        let started = std::time::Instant::now();
        let status = Command::new("cargo")
            .args(&args)
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .map_err(|error| format!("cannot run cargo build: {error}"))?;
        let seconds = started.elapsed().as_secs_f64();
        let _ = std::fs::remove_dir_all(&target);
        if !status.success() {
            return Err(format!("the {label} build failed"));
        }
        let mut tree = vec![
            "tree", "-q", "-p", "loopctl", "-e", "normal", "--prefix", "none",
        ];
        if let Some(features) = features {
            tree.extend(["--features", features]);
        }
        let listing = Command::new("cargo")
            .args(&tree)
            .output()
            .map_err(|error| format!("cannot run cargo tree: {error}"))?;
        let crates: std::collections::BTreeSet<String> = String::from_utf8_lossy(&listing.stdout)
            .lines()
            .map(|line| line.trim_end_matches(" (*)").to_owned())
            .collect();
        print_through(&format!(
            "build weight, {label}: {seconds:.1} s for a clean debug build, {} crates\nFIGURE build_{label}_seconds {seconds:.1}\nFIGURE build_{label}_crates {}\n",
            crates.len(),
            crates.len()
        ));
    }
    Ok(())
}

fn check_targets(stdout: &str) -> Result<(), String> {
    let (medians, figures) = parse(stdout);
    let median = |name: &str| medians.get(name).copied();
    let figure = |name: &str| figures.get(name).copied();
    let difference = |a: Option<f64>, b: Option<f64>| Some(a? - b?);
    let ratio = |a: Option<f64>, b: Option<f64>| Some(a? / b?);
    // (figure, measured, target, true when lower is better)
    let rows: Vec<(&str, Option<f64>, f64, bool)> = vec![
        (
            "1 success-path overhead per call (ns)",
            difference(median("dispatch_success"), median("direct_call")),
            1000.0 * MARGIN,
            true,
        ),
        (
            "2 one failed attempt, sleep excluded (ns)",
            difference(median("dispatch_one_failure"), median("dispatch_success")),
            5000.0 * MARGIN,
            true,
        ),
        (
            "3 cached validation (ns)",
            median("cached_validator"),
            2000.0 * MARGIN,
            true,
        ),
        (
            "3 cached speed-up over compiling (x)",
            ratio(median("compile_every_call"), median("cached_validator")),
            50.0 / MARGIN,
            false,
        ),
        (
            "4 scale: wall time over ideal (x)",
            figure("scale_ratio"),
            1.5 * MARGIN,
            true,
        ),
        (
            "4 scale: bytes per call in flight",
            figure("scale_bytes_per_call"),
            2048.0,
            true,
        ),
        (
            "5 storm with caching: model requests",
            figure("storm_requests_with_cache"),
            1.0,
            true,
        ),
        (
            "6a retry path: loopctl over default backon (x)",
            ratio(median("loopctl"), median("backon")),
            1.0 * MARGIN,
            true,
        ),
        (
            // backon's bare loop, no timer: reported with its own verdict.
            "6b retry path: loopctl over timer-less backon (x)",
            ratio(median("loopctl"), median("backon_without_timer")),
            1.0 * MARGIN,
            true,
        ),
        (
            "7 rule analysis of a 1 KB error (ns)",
            median("transient_1kb"),
            2000.0 * MARGIN,
            true,
        ),
        (
            "9 agent over dispatch per call, success (x)",
            figure("agent_success_ratio"),
            1.5 * MARGIN,
            true,
        ),
        (
            "9 agent over dispatch, fails twice (x)",
            figure("agent_fails_twice_ratio"),
            1.5 * MARGIN,
            true,
        ),
        (
            "9 agent over dispatch, fails six times (x)",
            figure("agent_fails_six_times_ratio"),
            1.5 * MARGIN,
            true,
        ),
        (
            "10 loop detector on/off, 0.4 KB error (x)",
            figure("detector_400_ratio"),
            2.0 * MARGIN,
            true,
        ),
        (
            "10 loop detector on/off, 4 KB error (x)",
            figure("detector_4096_ratio"),
            2.0 * MARGIN,
            true,
        ),
        (
            "13 proxy, stdio upstream: p50 added (µs)",
            figure("proxy_stdio_upstream_added_p50_us"),
            1000.0 * MARGIN,
            true,
        ),
        (
            "13 proxy, stdio upstream: p99 added (µs)",
            figure("proxy_stdio_upstream_added_p99_us"),
            2000.0 * MARGIN,
            true,
        ),
        (
            "13 proxy, HTTP upstream: p50 added (µs)",
            figure("proxy_http_upstream_added_p50_us"),
            1000.0 * MARGIN,
            true,
        ),
        (
            "13 proxy, HTTP upstream: p99 added (µs)",
            figure("proxy_http_upstream_added_p99_us"),
            2000.0 * MARGIN,
            true,
        ),
        (
            "13 proxy, stdio upstream: throughput, 5 ms tool",
            figure("proxy_stdio_upstream_throughput_share_wait_5ms"),
            0.95 / MARGIN,
            false,
        ),
        (
            "13 proxy, HTTP upstream: throughput, 5 ms tool",
            figure("proxy_http_upstream_throughput_share_wait_5ms"),
            0.95 / MARGIN,
            false,
        ),
        (
            "8 loopctl replay, rule reflector (lines/s)",
            figure("replay_lines_per_second"),
            100_000.0 / MARGIN,
            false,
        ),
    ];
    let mut misses = Vec::new();
    eprintln!(
        "\n{:<44} {:>12} {:>12}  verdict",
        "figure", "measured", "limit"
    );
    for (name, measured, limit, lower_is_better) in rows {
        let verdict = match measured {
            Some(value)
                if (lower_is_better && value <= limit) || (!lower_is_better && value >= limit) =>
            {
                "ok"
            }
            Some(_) => "MISSED",
            None => "NOT MEASURED",
        };
        let shown = measured.map_or("-".to_owned(), |value| format!("{value:.2}"));
        eprintln!("{name:<44} {shown:>12} {limit:>12.2}  {verdict}");
        if verdict != "ok" {
            misses.push(name);
        }
    }
    if misses.is_empty() {
        Ok(())
    } else {
        Err(format!("figures off target: {}", misses.join("; ")))
    }
}
