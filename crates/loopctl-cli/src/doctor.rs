//! `loopctl doctor`: checks the LLM configuration from the environment and says what to fix.

use std::time::Duration;

use loopctl_llm::{
    AnthropicClient, DEFAULT_OPENAI_BASE_URL, HttpLimits, LlmError, OpenAiClient, StructuredClient,
    StructuredRequest,
};
use serde_json::{Value, json};

use crate::args::Provider;
use crate::error::CliError;
use crate::style::{Out, hide};

/// `loopctl doctor` arguments.
#[derive(Debug, clap::Args)]
pub struct DoctorArgs {
    /// The provider to check.
    #[arg(long, value_enum, default_value = "openai")]
    pub provider: Provider,
    /// How long the test request may take.
    #[arg(long, default_value = "30s", value_parser = crate::args::parse_duration)]
    pub timeout: Duration,
}

/// One check's verdict.
struct Check {
    name: &'static str,
    ok: bool,
    detail: String,
}

fn env(name: &str) -> Option<String> {
    std::env::var(name)
        .ok()
        .filter(|value| !value.trim().is_empty())
}

/// Runs the command: exit 1 when any check fails.
pub async fn run(args: &DoctorArgs, out: &Out) -> Result<(), CliError> {
    let limits = HttpLimits {
        total_timeout: args.timeout,
        ..HttpLimits::default()
    };
    let (prefix, default_url) = match args.provider {
        Provider::Openai => ("OPENAI", DEFAULT_OPENAI_BASE_URL),
        Provider::Anthropic => ("ANTHROPIC", "https://api.anthropic.com"),
    };
    let mut checks = Vec::new();
    let base_url = env(&format!("{prefix}_BASE_URL"));
    checks.push(Check {
        name: "base URL",
        ok: true,
        detail: match &base_url {
            Some(url) => format!("{url} (from {prefix}_BASE_URL)"),
            None => format!("{default_url} (the public endpoint: {prefix}_BASE_URL is not set)"),
        },
    });
    let key = env(&format!("{prefix}_API_KEY"));
    let key_needed = base_url.is_none() || args.provider == Provider::Anthropic;
    checks.push(Check {
        name: "API key",
        ok: key.is_some() || !key_needed,
        detail: match (&key, key_needed) {
            (Some(_), _) => format!("{prefix}_API_KEY is set"),
            (None, true) => format!("{prefix}_API_KEY is not set; the public endpoint needs one: export {prefix}_API_KEY=..."),
            (None, false) => format!("{prefix}_API_KEY is not set (a local server usually needs none)"),
        },
    });
    let client: Result<Box<dyn StructuredClient>, LlmError> = match args.provider {
        Provider::Openai => OpenAiClient::builder()
            .from_env()
            .limits(limits)
            .build()
            .map(|client| Box::new(client) as Box<dyn StructuredClient>),
        Provider::Anthropic => AnthropicClient::builder()
            .from_env()
            .limits(limits)
            .build()
            .map(|client| Box::new(client) as Box<dyn StructuredClient>),
    };
    match client {
        Err(error) => checks.push(Check {
            name: "client",
            ok: false,
            detail: format!("cannot build a client: {error}"),
        }),
        Ok(client) => {
            let schema = json!({
                "type": "object",
                "properties": {"ok": {"type": "boolean"}},
                "required": ["ok"],
                "additionalProperties": false
            });
            let answer = client
                .complete_structured(StructuredRequest {
                    system: "You answer health checks.",
                    user: "Reply with {\"ok\": true}.",
                    schema_name: "health_check",
                    schema: &schema,
                })
                .await;
            let (reachable, answers) = verdicts(answer.as_ref(), prefix);
            checks.push(reachable);
            checks.push(answers);
        }
    }
    let failed = checks.iter().filter(|check| !check.ok).count();
    if out.json {
        let list: Vec<Value> = checks
            .iter()
            .map(
                |check| json!({"check": check.name, "ok": check.ok, "detail": hide(&check.detail)}),
            )
            .collect();
        out.json_document(
            &json!({"provider": prefix.to_ascii_lowercase(), "checks": list, "ok": failed == 0}),
        );
    } else {
        for check in &checks {
            let mark = if check.ok {
                out.good("ok  ")
            } else {
                out.bad("FAIL")
            };
            out.line(&format!(
                "{mark} {:<14} {}",
                check.name,
                out.shown(&check.detail)
            ));
        }
    }
    if failed > 0 {
        return Err(CliError::Check(format!("{failed} check(s) failed")));
    }
    Ok(())
}

/// Whether the server answered at all, and whether the model answered in shape.
fn verdicts(answer: Result<&Value, &LlmError>, prefix: &str) -> (Check, Check) {
    let reachable = |ok: bool, detail: String| Check {
        name: "reachable",
        ok,
        detail,
    };
    let answers = |ok: bool, detail: String| Check {
        name: "model answers",
        ok,
        detail,
    };
    match answer {
        Ok(value) => (
            reachable(true, "the server answered".to_owned()),
            answers(true, format!("a strict structured answer: {value}")),
        ),
        Err(LlmError::Transport(cause)) => (
            reachable(
                false,
                format!(
                    "nothing answers there ({cause}): start the server, or correct {prefix}_BASE_URL"
                ),
            ),
            answers(false, "not tried: the server is unreachable".to_owned()),
        ),
        Err(LlmError::Timeout(limit)) => (
            reachable(
                false,
                format!(
                    "no answer within {} ms: the server is slow or the address is wrong; raise --timeout or check {prefix}_BASE_URL",
                    limit.as_millis()
                ),
            ),
            answers(false, "not tried: the server did not answer".to_owned()),
        ),
        Err(error @ LlmError::EndpointNotFound { .. }) => (
            reachable(true, "the server answered".to_owned()),
            answers(false, error.to_string()),
        ),
        Err(LlmError::Status {
            status: 401 | 403, ..
        }) => (
            reachable(true, "the server answered".to_owned()),
            answers(
                false,
                format!("the server refused the key: check {prefix}_API_KEY"),
            ),
        ),
        Err(LlmError::Status { status, body, .. }) => (
            reachable(true, "the server answered".to_owned()),
            answers(
                false,
                format!("HTTP {status}: {body}; check {prefix}_MODEL names a model the server has"),
            ),
        ),
        Err(
            error @ (LlmError::SchemaMismatch { .. }
            | LlmError::MalformedResponse(_)
            | LlmError::Refusal(_)),
        ) => (
            reachable(true, "the server answered".to_owned()),
            answers(
                false,
                format!("{error}; pick a model that supports strict structured output"),
            ),
        ),
        Err(other) => (
            reachable(true, "the server answered".to_owned()),
            answers(false, other.to_string()),
        ),
    }
}
