//! `loopctl schema check`: does a tool schema compile, which draft is it, and does it fit strict mode.

use std::path::PathBuf;

use loopctl_schema::{declared_draft, strict_obstacles, to_strict};
use serde_json::json;

use crate::args::load_schema;
use crate::error::CliError;
use crate::style::{Out, hide};

/// `loopctl schema check` arguments.
#[derive(Debug, clap::Args)]
pub struct SchemaCheckArgs {
    /// A JSON file: a tool definition (`name`, `description`, `input_schema`) or a bare JSON Schema.
    pub file: PathBuf,
    /// Fail (exit 1) when the schema cannot be converted to the strict subset.
    #[arg(long)]
    pub require_strict: bool,
}

/// Runs the command.
pub fn run(args: &SchemaCheckArgs, out: &Out) -> Result<(), CliError> {
    // A schema that does not compile is this command's failed check, not bad usage.
    let schema = match load_schema(&args.file, "tool") {
        Ok(schema) => schema,
        Err(CliError::Input(message)) if message.contains("does not compile") => {
            let message = message.replacen("--schema ", "", 1);
            if out.json {
                out.json_document(&json!({"compiles": false, "error": hide(&message)}));
            } else {
                out.line(&format!("compiles  {}", out.bad("no")));
                out.line(&format!("  {}", out.shown(&message)));
            }
            return Err(CliError::Check(format!(
                "{} does not compile",
                args.file.display()
            )));
        }
        Err(other) => return Err(other),
    };
    let draft = declared_draft(&schema.input_schema).unwrap_or("unknown");
    let obstacles: Vec<String> = strict_obstacles(&schema.input_schema)
        .iter()
        .map(ToString::to_string)
        .collect();
    let strict = to_strict(&schema.input_schema).ok();
    if out.json {
        out.json_document(&json!({
            "compiles": true,
            "name": schema.name,
            "draft": draft,
            "strict": strict,
            "strict_obstacles": obstacles,
        }));
    } else {
        out.line(&format!("compiles  {}", out.good("yes")));
        out.line(&format!("draft     {draft}"));
        match &strict {
            Some(strict) => {
                out.line(&format!("strict    {}", out.good("converts")));
                out.line(&serde_json::to_string_pretty(strict).unwrap_or_default());
            }
            None => {
                out.line(&format!(
                    "strict    {} ({} obstacle{})",
                    out.bad("does not convert"),
                    obstacles.len(),
                    if obstacles.len() == 1 { "" } else { "s" }
                ));
                for obstacle in &obstacles {
                    out.line(&format!("  {}", out.shown(obstacle)));
                }
            }
        }
    }
    if args.require_strict && strict.is_none() {
        return Err(CliError::Check(format!(
            "{} does not convert to the strict subset",
            args.file.display()
        )));
    }
    Ok(())
}
