//! Entry point of `cargo xtask`: parses the task name and dispatches to it.

mod bench;
mod ci;
mod doc_deps;
mod first_hour;
mod first_run;
mod folders;
mod layers;
mod parts;
mod python;
mod runner;
mod soak;
mod tidy;

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <TASK> [OPTIONS]

Tasks:
  ci              Everything CI checks: fmt, clippy, tests, doc tests, docs,
                  the Python package, feature isolation, cargo-deny and tidy.
                  Ends with a table.
  bench           Run every crate's benchmarks (divan).
      --quick     A short run that still prints every figure.
      --check     Compare the figures with their targets (generous margins).
  soak            The tests with processes, sockets and real time, run again
                  and again while stress-ng loads the machine (not part of ci).
      --runs N    How many runs (default 10).
      --no-stress Without the load.
      --filter F  A nextest filter expression instead of the default set.
  first-hour      Build and run the first program of each integration page
                  in a new Cargo project of its own, from the page's
                  [dependencies] alone (target/first-hour; not part of ci).
      --examples  Run them as the facade's examples instead, as ci does.
  python          Only ci's Python step: the package built with pip in
                  target/python-venv, the frameworks from PyPI, pytest.
  tidy            Only the tidy checks (module docs, no stubs, workspace lints).
  help            This text.
";

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let task = arguments.first().map(String::as_str).unwrap_or("help");
    let options = arguments.get(1..).unwrap_or_default();
    let result = match task {
        "ci" => ci::run(),
        "bench" => bench::run(options),
        "soak" => soak::run(options),
        "tidy" => tidy::run_standalone(),
        "python" => {
            let mut counts = runner::TestCounts::default();
            match python::run(&ci::workspace_root(), &mut counts) {
                runner::Outcome::Failed => Err("the Python step failed".to_owned()),
                _ => {
                    eprintln!("python: {} passed, {} failed", counts.passed, counts.failed);
                    Ok(())
                }
            }
        }
        "first-hour" => {
            let root = ci::workspace_root();
            if options.iter().any(|option| option == "--examples") {
                first_run::run_examples(&root)
            } else {
                first_run::new_projects(&root)
            }
        }
        .map_err(|problems| {
            for problem in &problems {
                eprintln!("first-hour: {problem}");
            }
            format!("{} page(s) failed", problems.len())
        }),
        "help" | "--help" | "-h" => {
            eprint!("{HELP}");
            Ok(())
        }
        other => Err(format!("unknown task `{other}`; run `cargo xtask help`")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
