//! `loopctl policy check` and `loopctl policy explain`: a loopctl.toml checked with every problem's line and column, and the settings and decisions it gives one tool.

use std::path::PathBuf;

use loopctl_policy::{Policy, PolicyError, ProblemKind};
use serde_json::json;

use crate::error::CliError;
use crate::style::Out;

/// `loopctl policy check` arguments.
#[derive(Debug, clap::Args)]
pub struct PolicyCheckArgs {
    /// The policy file (loopctl.toml).
    pub file: PathBuf,
}

/// `loopctl policy explain` arguments.
#[derive(Debug, clap::Args)]
pub struct PolicyExplainArgs {
    /// The policy file (loopctl.toml).
    pub file: PathBuf,
    /// The tool whose settings to show.
    #[arg(long)]
    pub tool: String,
    /// An error text: which rule reads it, and what each attempt leads to.
    #[arg(long)]
    pub error: Option<String>,
}

fn kind(kind: ProblemKind) -> &'static str {
    match kind {
        ProblemKind::Syntax => "syntax",
        ProblemKind::UnknownKey => "unknown key",
        ProblemKind::Value => "value",
        ProblemKind::Conflict => "conflict",
        _ => "problem",
    }
}

/// Reads the file; problems end the command as a failed check (exit 1),
/// printed first.
fn load(file: &PathBuf, out: &Out) -> Result<Policy, CliError> {
    match Policy::from_path(file) {
        Ok(policy) => Ok(policy),
        Err(PolicyError::Invalid { problems, .. }) => {
            if out.json {
                out.json_document(&json!({
                    "file": file.display().to_string(),
                    "ok": false,
                    "problems": problems,
                }));
            } else {
                for problem in &problems {
                    out.line(&format!(
                        "{}:{}:{}: {}: {}",
                        file.display(),
                        problem.line,
                        problem.column,
                        out.bad(kind(problem.kind)),
                        out.shown(&problem.message)
                    ));
                }
            }
            Err(CliError::Check(format!(
                "{} has {} problem{}",
                file.display(),
                problems.len(),
                if problems.len() == 1 { "" } else { "s" }
            )))
        }
        Err(other) => Err(CliError::Input(other.to_string())),
    }
}

/// Runs `loopctl policy check`.
pub fn check(args: &PolicyCheckArgs, out: &Out) -> Result<(), CliError> {
    let policy = load(&args.file, out)?;
    let file = policy.file();
    if out.json {
        out.json_document(&json!({
            "file": args.file.display().to_string(),
            "ok": true,
            "problems": [],
            "tools": file.tools.keys().collect::<Vec<_>>(),
            "rules": file.rules.len(),
            "servers": file.servers.keys().collect::<Vec<_>>(),
        }));
    } else {
        let servers = match file.servers.len() {
            0 => String::new(),
            1 => ", 1 server".to_owned(),
            count => format!(", {count} servers"),
        };
        out.line(&format!(
            "{}: {} ({} tool section{}, {} rule{}{servers})",
            args.file.display(),
            out.good("ok"),
            file.tools.len(),
            if file.tools.len() == 1 { "" } else { "s" },
            file.rules.len(),
            if file.rules.len() == 1 { "" } else { "s" },
        ));
    }
    Ok(())
}

/// Runs `loopctl policy explain`.
pub async fn explain(args: &PolicyExplainArgs, out: &Out) -> Result<(), CliError> {
    let policy = load(&args.file, out)?;
    let explained = loopctl_policy::explain(&policy, &args.tool, args.error.as_deref()).await;
    if out.json {
        let settings = &explained.settings;
        let sources: serde_json::Map<String, serde_json::Value> = settings
            .sources
            .iter()
            .map(|(key, from)| ((*key).to_owned(), json!(from)))
            .collect();
        out.json_document(&json!({
            "tool": settings.tool,
            "section": settings.section,
            "max_retries": settings.max_retries,
            "base_delay_ms": settings.base_delay.as_millis(),
            "max_delay_ms": settings.max_delay.as_millis(),
            "tool_timeout_ms": settings.tool_timeout.map(|limit| limit.as_millis()),
            "reflection_timeout_ms": settings.reflection_timeout.as_millis(),
            "rate_limit": settings.rate_limit.map(|rate| rate.to_string()),
            "concurrency": settings.concurrency,
            "sources": sources,
            "read_by": explained.decided_by,
            "analysis": explained.analysis,
            "attempts": explained.attempts,
        }));
    } else {
        for line in explained.to_string().lines() {
            out.line(&out.shown(line));
        }
    }
    Ok(())
}
