//! `loopctl prompt`: exactly what the LLM reflector would send for a failure, sending nothing.

use loopctl_llm::{AnthropicClient, OpenAiClient, StructuredRequest};
use loopctl_redact::Redactor;
use loopctl_reflect_core::{MAX_TOTAL_ATTEMPTS, ReflectionContext};
use loopctl_reflect_llm::{
    DEFAULT_SYSTEM_PROMPT, FAILURE_ANALYSIS_SCHEMA_NAME, InputCarrier, LlmReflector,
    failure_analysis_schema, render_redacted,
};
use serde_json::json;

use crate::args::{FailureArgs, Provider};
use crate::error::CliError;
use crate::style::Out;

/// `loopctl prompt` arguments.
#[derive(Debug, clap::Args)]
pub struct PromptArgs {
    /// The failure.
    #[command(flatten)]
    pub failure: FailureArgs,
    /// The provider whose request body to show.
    #[arg(long, value_enum, default_value = "openai")]
    pub provider: Provider,
    /// The model named in the body (default: `OPENAI_MODEL` / `ANTHROPIC_MODEL`, or the client's default).
    #[arg(long)]
    pub model: Option<String>,
    /// Which attempt failed, counting from 1.
    #[arg(long, default_value_t = 1)]
    pub attempt: u32,
}

/// Runs the command.
pub fn run(args: &PromptArgs, out: &Out) -> Result<(), CliError> {
    let failure = args.failure.load()?;
    let attempt = args.attempt.clamp(1, MAX_TOTAL_ATTEMPTS) - 1;
    let ctx = ReflectionContext::new(failure.task.clone(), attempt, MAX_TOTAL_ATTEMPTS);
    // What the reflector would send: secrets hidden as it hides them.
    let user = render_redacted(
        &Redactor::standard(),
        &failure.tool,
        &failure.input,
        failure.schema.as_ref(),
        &failure.error,
        &ctx,
        LlmReflector::DEFAULT_MAX_TEXT_BYTES,
    );
    let carrier = InputCarrier::for_schema(failure.schema.as_ref());
    let schema = failure_analysis_schema(&carrier);
    let request = StructuredRequest {
        system: DEFAULT_SYSTEM_PROMPT,
        user: &user,
        schema_name: FAILURE_ANALYSIS_SCHEMA_NAME,
        schema: &schema,
    };
    // The clients are built only to render their bodies: nothing is sent,
    // and a body never holds a key (keys travel in headers).
    let unsent = |error: loopctl_llm::LlmError| CliError::Input(format!("--provider: {error}"));
    let (provider, body) = match args.provider {
        Provider::Openai => {
            let mut builder = OpenAiClient::builder()
                .from_env()
                .base_url("http://127.0.0.1:9/v1");
            if let Some(model) = &args.model {
                builder = builder.model(model.clone());
            }
            (
                "openai",
                builder
                    .build()
                    .map_err(unsent)?
                    .structured_request_body(&request),
            )
        }
        Provider::Anthropic => {
            let mut builder = AnthropicClient::builder()
                .from_env()
                .base_url("http://127.0.0.1:9")
                .api_key("not-sent");
            if let Some(model) = &args.model {
                builder = builder.model(model.clone());
            }
            (
                "anthropic",
                builder
                    .build()
                    .map_err(unsent)?
                    .structured_request_body(&request),
            )
        }
    };
    if out.json {
        out.json_document(&json!({
            "system": DEFAULT_SYSTEM_PROMPT,
            "user": user,
            "schema_name": FAILURE_ANALYSIS_SCHEMA_NAME,
            "schema": schema,
            "provider": provider,
            "body": body,
        }));
        return Ok(());
    }
    let pretty =
        |value: &serde_json::Value| serde_json::to_string_pretty(value).unwrap_or_default();
    out.line(&out.heading("system prompt"));
    out.line(DEFAULT_SYSTEM_PROMPT);
    out.line("");
    out.line(&out.heading("user message (byte for byte, between the markers)"));
    out.line("-----8<-----");
    // Already what the reflector sends, secrets hidden; on a terminal its
    // control characters are written out.
    out.line(&out.shown(&user));
    out.line("-----8<-----");
    out.line("");
    out.line(&out.heading(&format!(
        "response schema `{FAILURE_ANALYSIS_SCHEMA_NAME}` (strict)"
    )));
    out.line(&pretty(&schema));
    out.line("");
    out.line(&out.heading(&format!("{provider} request body")));
    out.line(&pretty(&body));
    Ok(())
}
