//! `cargo xtask bench`: runs the divan benchmarks of every crate that has them.

use crate::ci::workspace_root;
use crate::runner;

pub(crate) fn run(options: &[String]) -> Result<(), String> {
    std::env::set_current_dir(workspace_root())
        .map_err(|error| format!("cannot enter the workspace root: {error}"))?;
    let quick = options.iter().any(|option| option == "--quick");
    if let Some(unknown) = options.iter().find(|option| option.as_str() != "--quick") {
        return Err(format!(
            "unknown bench option `{unknown}`; run `cargo xtask help`"
        ));
    }
    let mut args = vec!["bench", "--workspace", "--all-features", "--benches", "--"];
    if quick {
        // divan's sample settings: enough samples for a stable median, fast.
        args.extend(["--sample-count", "20", "--sample-size", "20"]);
    }
    if runner::run("cargo", &args, &[]) {
        Ok(())
    } else {
        Err("benchmarks failed".to_owned())
    }
}
