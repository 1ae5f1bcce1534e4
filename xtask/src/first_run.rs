//! Running the integration pages' first programs: as the facade's examples in CI, and in new Cargo projects of their own for `cargo xtask first-hour`.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::first_hour::{Needs, PAGES, Page, opening};

/// Runs `command` in `dir` and compares its stdout with `expected`, line by
/// line with trailing spaces ignored; the error says what differs.
pub(crate) fn compare_run(mut command: Command, expected: &str, what: &str) -> Result<(), String> {
    let output = command
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|error| format!("{what}: cannot run: {error}"))?;
    if !output.status.success() {
        return Err(format!("{what}: exited with {}", output.status));
    }
    let printed = String::from_utf8_lossy(&output.stdout);
    let normal = |text: &str| {
        text.lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
    };
    if normal(&printed).trim() == normal(expected).trim() {
        Ok(())
    } else {
        Err(format!(
            "{what}: printed\n{printed}\nbut the page shows\n{expected}"
        ))
    }
}

/// The environment to run a program with, and the server to stop after it.
type Prepared = (Vec<(String, String)>, Option<std::process::Child>);

/// What a page's program needs, ready: the environment to run it with, and
/// the `redis-server` to stop afterwards. `Err` with a notice when a part
/// is missing.
fn prepare(page: &Page) -> Result<Prepared, String> {
    match page.needs {
        Needs::Nothing => Ok((Vec::new(), None)),
        Needs::Node => {
            if crate::parts::on_path("npx") {
                Ok((Vec::new(), None))
            } else {
                Err(format!(
                    "{}: npx is not on PATH; its program needs Node.js",
                    page.doc
                ))
            }
        }
        Needs::Redis => {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|listener| listener.local_addr())
                .map_err(|error| format!("no free port: {error}"))?
                .port();
            let server = Command::new("redis-server")
                .args([
                    "--port",
                    &port.to_string(),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                ])
                .stdout(Stdio::null())
                .spawn()
                .map_err(|error| format!("{}: cannot start redis-server: {error}", page.doc))?;
            // Waits for the port to answer, with a bound only a broken
            // machine reaches.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
            while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
                if std::time::Instant::now() > deadline {
                    return Err(format!(
                        "{}: redis-server never listened on {port}",
                        page.doc
                    ));
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let url = format!("redis://127.0.0.1:{port}");
            Ok((vec![("LOOPCTL_REDIS_URL".to_owned(), url)], Some(server)))
        }
    }
}

/// Runs each page's program as the facade's example and compares what it
/// prints with the page. A page whose part is missing is a notice, or a
/// failure when the run requires the part.
pub(crate) fn run_examples(root: &Path) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    for page in &PAGES {
        let result = run_one(root, page, |dir| {
            let mut command = Command::new("cargo");
            command
                .args(["run", "--quiet", "--manifest-path"])
                .arg(root.join("Cargo.toml"))
                .args(["-p", "loopctl", "--example", page.example])
                .current_dir(dir);
            command
        });
        if let Err(problem) = result {
            problems.push(problem);
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Builds each page's program in a new Cargo project of its own, from the
/// page's `[dependencies]` alone (the loopctl path pointed at this
/// checkout), runs it, and compares what it prints with the page.
pub(crate) fn new_projects(root: &Path) -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let base = root.join("target/first-hour");
    for page in &PAGES {
        let result = opening(&root.join(page.doc)).and_then(|opening| {
            let project = base.join(page.example);
            let _ = fs::remove_dir_all(&project);
            fs::create_dir_all(project.join("src")).map_err(|error| error.to_string())?;
            let checkout = root.join("crates/loopctl").display().to_string();
            let manifest = format!(
                "[package]\nname = \"{}\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n{}\n[workspace]\n",
                page.example.replace('_', "-"),
                opening.dependencies.replace("../loopctl/crates/loopctl", &checkout)
            );
            fs::write(project.join("Cargo.toml"), manifest).map_err(|error| error.to_string())?;
            fs::write(project.join("src/main.rs"), &opening.program).map_err(|error| error.to_string())?;
            // The workspace's lock, so the new project builds what loopctl
            // was tested with.
            fs::copy(root.join("Cargo.lock"), project.join("Cargo.lock")).map_err(|error| error.to_string())?;
            run_one(root, page, |dir| {
                let mut command = Command::new("cargo");
                command
                    .args(["run", "--quiet", "--manifest-path"])
                    .arg(project.join("Cargo.toml"))
                    .env("CARGO_TARGET_DIR", base.join("target"))
                    .current_dir(dir);
                command
            })
        });
        match result {
            Ok(()) => eprintln!("first-hour: {} builds and runs in a new project", page.doc),
            Err(problem) => problems.push(problem),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Prepares what `page` needs, runs the command `build` gives in a scratch
/// folder, and compares its output with the page's.
fn run_one(root: &Path, page: &Page, build: impl Fn(&Path) -> Command) -> Result<(), String> {
    let opening = opening(&root.join(page.doc))?;
    let (env, server) = match prepare(page) {
        Ok(ready) => ready,
        Err(notice) if !required(page) => {
            eprintln!("notice: {notice}; skipped");
            return Ok(());
        }
        Err(problem) => return Err(problem),
    };
    let scratch = root.join("target/first-hour-runs").join(page.example);
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(&scratch).map_err(|error| error.to_string())?;
    let mut command = build(&scratch);
    command.envs(env);
    let outcome = compare_run(command, &opening.output, page.doc);
    if let Some(mut server) = server {
        let _ = server.kill();
        let _ = server.wait();
    }
    outcome
}

/// Whether this run requires the part `page` needs.
fn required(page: &Page) -> bool {
    let variable = match page.needs {
        Needs::Nothing => return true,
        Needs::Redis => "LOOPCTL_REQUIRE_REDIS",
        Needs::Node => "LOOPCTL_REQUIRE_MCP_REFERENCE",
    };
    std::env::var(variable).is_ok_and(|value| value == "1")
}
