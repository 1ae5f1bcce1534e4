//! The `loopctl` command: see, test and tune a recovery policy on real failures without writing a program.
//!
//! The binary is a thin shell over this library, so the replay can be
//! benchmarked and the commands tested in process as well as end to end.
//!
//! | exit code | meaning |
//! |---|---|
//! | 0 | the command ran and every check passed |
//! | 1 | a check failed (`schema check`, `doctor`) |
//! | 2 | bad usage or bad input: the message names the argument or the line |
//! | 3 | `mcp-proxy` on stdio: the client went away before the MCP handshake |

pub mod analyze;
pub mod args;
pub mod compare;
pub mod doctor;
pub mod error;
pub mod learn;
pub mod mcp_proxy;
pub mod policy_command;
pub mod prompt;
pub mod replay;
pub mod schema_check;
pub mod style;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;
use crate::style::Out;

const EXAMPLES: &str = "\
Examples:
  loopctl analyze 'connect ECONNREFUSED 127.0.0.1:5432' --tool query_db
  loopctl analyze - --tool read_file --input '{\"limit\": \"20\"}' --schema read_file.json < error.txt
  loopctl prompt 'HTTP 500' --tool fetch --provider anthropic
  loopctl replay failures.jsonl --reflector rules+llm --diff
  loopctl schema check read_file.json --require-strict
  loopctl doctor
  loopctl mcp-proxy -- npx -y @modelcontextprotocol/server-filesystem /data

Exit codes: 0 ok, 1 a check failed, 2 bad usage or bad input.";

/// See, test and tune a recovery policy on real failures.
#[derive(Debug, Parser)]
#[command(name = "loopctl", version, after_help = EXAMPLES)]
pub struct Cli {
    /// Print one JSON document instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// One failure in: the analysis, and what the strategy would do if it kept failing.
    #[command(
        after_help = "Example:\n  loopctl analyze 'HTTP 429 Too Many Requests; Retry-After: 2' --tool search --max-retries 5"
    )]
    Analyze(analyze::AnalyzeArgs),
    /// Exactly what the LLM reflector would send for a failure; sends nothing.
    #[command(
        after_help = "Example:\n  loopctl prompt 'ENOENT: no such file' --tool read_file --input '{\"path\": \"r.txt\"}' --provider openai"
    )]
    Prompt(prompt::PromptArgs),
    /// Re-judges a recorded log with a policy and shows what would change.
    #[command(
        after_help = "Example:\n  loopctl replay failures.jsonl --reflector rules --max-retries 5 --diff"
    )]
    Replay(replay::ReplayArgs),
    /// Proposes `[[rules]]` from what a model decided where the rules were unsure or silent, for review.
    #[command(
        after_help = "Example:\n  loopctl learn attempts.jsonl --out proposed.toml\n\nThe proposals are only written out: review each before adding it to loopctl.toml."
    )]
    Learn(learn::LearnArgs),
    /// Tool schemas.
    #[command(subcommand)]
    Schema(SchemaCommand),
    /// Checks the LLM configuration from the environment and says what to fix.
    #[command(
        after_help = "Example:\n  OPENAI_BASE_URL=http://localhost:11434/v1 OPENAI_MODEL=llama3.1 loopctl doctor"
    )]
    Doctor(doctor::DoctorArgs),
    /// An MCP server in front of one upstream server or several: every `tools/call` recovers through loopctl.
    #[command(
        after_help = "Examples:\n  loopctl mcp-proxy npx -y @modelcontextprotocol/server-filesystem /data\n  loopctl mcp-proxy --http 8080 --policy policy.toml --log attempts.jsonl -- ./my-server\n  loopctl mcp-proxy --http 0.0.0.0:8080 --allow-remote --allowed-host proxy.internal --auth-token-file /run/secrets/proxy-token -- ./my-server\n  loopctl mcp-proxy --upstream-url https://mcp.example.com/mcp --upstream-token-env UPSTREAM_TOKEN\n  loopctl mcp-proxy --upstream-url https://mcp.example.com/mcp --upstream-header-file X-Api-Key=/run/secrets/key\n  loopctl mcp-proxy --policy gateway.toml --metrics 127.0.0.1:9464    (the servers are the file's [servers] tables)\n  loopctl mcp-proxy --inject error=0.1 --inject files/read_file:drop=0.05 --inject-seed 7 -- ./my-server\n\nLogs go to stderr; LOOPCTL_LOG=error|warn|info|debug sets how much (default warn)."
    )]
    McpProxy(Box<mcp_proxy::McpProxyArgs>),
    /// A loopctl.toml policy file: check it, or see what it gives a tool.
    #[command(subcommand)]
    Policy(PolicyCommand),
}

/// `loopctl policy ...`.
#[derive(Debug, Subcommand)]
pub enum PolicyCommand {
    /// Every problem in a policy file, each with its line and column: exit 1 when there is one.
    #[command(
        after_help = "Example:\n  loopctl policy check loopctl.toml\n  loopctl policy check loopctl.toml --json"
    )]
    Check(policy_command::PolicyCheckArgs),
    /// The settings a policy file gives one tool, where each comes from, and for an error, which rule reads it and what each attempt leads to.
    #[command(
        after_help = "Example:\n  loopctl policy explain loopctl.toml --tool pay --error 'HTTP 402 Payment Required'"
    )]
    Explain(policy_command::PolicyExplainArgs),
}

/// `loopctl schema ...`.
#[derive(Debug, Subcommand)]
pub enum SchemaCommand {
    /// Whether a tool schema compiles, its draft, and its strict form or what stops one.
    #[command(after_help = "Example:\n  loopctl schema check read_file.json --require-strict")]
    Check(schema_check::SchemaCheckArgs),
}

/// Sends log lines to stderr, at the level `LOOPCTL_LOG` names (default
/// `warn`): on stdio, stdout belongs to the protocol. Every line passes
/// through the redactor: the MCP SDK logs whole messages at `debug`.
fn log_to_stderr() {
    let level = std::env::var("LOOPCTL_LOG")
        .ok()
        .and_then(|name| name.parse::<tracing::Level>().ok())
        .unwrap_or(tracing::Level::WARN);
    let _ = tracing_subscriber::fmt()
        .with_writer(|| {
            loopctl_redact::RedactingWriter::new(
                std::io::stderr(),
                loopctl_redact::Redactor::standard(),
            )
        })
        .with_max_level(level)
        .with_ansi(false)
        .try_init();
}

/// Parses the process's arguments, runs the command and maps the outcome to an exit code.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let out = Out::for_process(cli.json);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("loopctl: cannot start the async runtime: {error}");
            return ExitCode::from(2);
        }
    };
    let result: Result<(), CliError> = runtime.block_on(async {
        match &cli.command {
            Command::Analyze(args) => analyze::run(args, &out).await,
            Command::Prompt(args) => prompt::run(args, &out),
            Command::Replay(args) => replay::run(args, &out).await,
            Command::Learn(args) => learn::run(args, &out),
            Command::Schema(SchemaCommand::Check(args)) => schema_check::run(args, &out),
            Command::Doctor(args) => doctor::run(args, &out).await,
            Command::Policy(PolicyCommand::Check(args)) => policy_command::check(args, &out),
            Command::Policy(PolicyCommand::Explain(args)) => {
                policy_command::explain(args, &out).await
            }
            Command::McpProxy(args) => {
                log_to_stderr();
                Box::pin(mcp_proxy::run(args)).await
            }
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let text = error.to_string();
            let text = style::hide(&text);
            let text = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
                style::escape_controls(&text).into_owned()
            } else {
                text.into_owned()
            };
            eprintln!("loopctl: {text}");
            ExitCode::from(error.exit_code())
        }
    }
}
