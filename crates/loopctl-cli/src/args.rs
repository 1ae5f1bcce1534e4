//! The arguments every failure command shares: the failure itself and the policy to judge it with.

use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use loopctl_backoff::{ExponentialBackoffRecovery, Jitter};
use loopctl_llm::{
    AnthropicClient, OpenAiClient, StructuredClient, StructuredFuture, StructuredRequest,
};
use loopctl_reflect_core::{Reflector, ToolSchema};
use loopctl_reflect_llm::LlmReflector;
use loopctl_reflect_rules::{CachingReflector, RuleReflector, SureRules};
use loopctl_schema::ToolValidator;
use serde_json::Value;

use crate::error::CliError;

/// One failed call, as the command line describes it.
#[derive(Debug, clap::Args)]
pub struct FailureArgs {
    /// The error text the tool returned, or `-` to read it from standard input.
    pub error: String,
    /// The tool's name.
    #[arg(long, default_value = "tool")]
    pub tool: String,
    /// The call's input, as JSON.
    #[arg(long, value_name = "JSON", default_value = "{}")]
    pub input: String,
    /// The tool's schema: a JSON file holding either a tool definition
    /// (`name`, `description`, `input_schema`) or a bare JSON Schema.
    #[arg(long, value_name = "FILE")]
    pub schema: Option<PathBuf>,
    /// The registered tool names, for repairing a misspelled one.
    #[arg(long, value_name = "a,b,c", value_delimiter = ',')]
    pub tools: Vec<String>,
    /// The agent's task, as the reflector sees it.
    #[arg(long, default_value = "")]
    pub task: String,
}

/// A failure read from the command line and checked.
#[derive(Debug)]
pub struct Failure {
    /// The error text.
    pub error: String,
    /// The tool's name.
    pub tool: String,
    /// The call's input.
    pub input: Value,
    /// The tool's schema, compiled once to check it.
    pub schema: Option<ToolSchema>,
    /// The registered tool names.
    pub tools: Vec<String>,
    /// The agent's task.
    pub task: String,
}

impl FailureArgs {
    /// Reads stdin for `-`, parses the input and the schema, and says which
    /// argument is wrong when one is.
    pub fn load(&self) -> Result<Failure, CliError> {
        let error = if self.error == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|error| {
                    CliError::Input(format!(
                        "cannot read the error text from standard input: {error}"
                    ))
                })?;
            if text.trim().is_empty() {
                return Err(CliError::Input(
                    "no error text on standard input; pass it as an argument or pipe it in"
                        .to_owned(),
                ));
            }
            text
        } else {
            self.error.clone()
        };
        let input: Value = serde_json::from_str(&self.input)
            .map_err(|error| CliError::Input(format!("--input is not JSON: {error}")))?;
        let schema = self
            .schema
            .as_ref()
            .map(|path| load_schema(path, &self.tool))
            .transpose()?;
        Ok(Failure {
            error,
            tool: self.tool.clone(),
            input,
            schema,
            tools: self.tools.clone(),
            task: self.task.clone(),
        })
    }
}

/// A tool schema from `path`: a tool definition or a bare JSON Schema, compiled to check it.
pub fn load_schema(path: &std::path::Path, tool: &str) -> Result<ToolSchema, CliError> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|error| CliError::Input(format!("--schema {shown}: cannot read it: {error}")))?;
    let value: Value = serde_json::from_str(&text)
        .map_err(|error| CliError::Input(format!("--schema {shown}: not JSON: {error}")))?;
    let schema = match value.get("input_schema") {
        Some(input_schema) => ToolSchema::new(
            value["name"].as_str().unwrap_or(tool),
            value["description"].as_str().unwrap_or(""),
            input_schema.clone(),
        ),
        None => ToolSchema::new(tool, "", value),
    };
    ToolValidator::compile(&schema.name, &schema.input_schema).map_err(|error| {
        CliError::Input(format!(
            "--schema {shown}: the schema does not compile: {error}"
        ))
    })?;
    Ok(schema)
}

/// Which reflector judges the failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReflectorKind {
    /// The offline rule reflector.
    Rules,
    /// The LLM reflector alone.
    Llm,
    /// The rules, and the model for what they skip.
    #[value(name = "rules+llm")]
    RulesLlm,
}

/// Which model provider the LLM reflector uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Provider {
    /// An OpenAI-compatible server (`OPENAI_BASE_URL`, `OPENAI_API_KEY`, `OPENAI_MODEL`).
    Openai,
    /// Anthropic (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`, `ANTHROPIC_MODEL`).
    Anthropic,
}

/// How sure the rules must be to decide without the model (`rules+llm`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RulesConfidence {
    /// A specific pattern (an error code, an exception class, a server's
    /// fixed message); what only generic words decided goes to the model.
    Strong,
    /// Generic words ("timeout", "not found", a bare status code) are enough.
    Weak,
}

impl RulesConfidence {
    fn level(self) -> loopctl_reflect_rules::Confidence {
        match self {
            Self::Strong => loopctl_reflect_rules::Confidence::Strong,
            Self::Weak => loopctl_reflect_rules::Confidence::Weak,
        }
    }
}

/// Which jitter the strategy applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum JitterKind {
    /// The nominal delays.
    None,
    /// Anywhere from zero to the delay.
    Full,
    /// Half the delay, plus up to half again.
    Equal,
    /// Decorrelated: from the base to three times the previous delay.
    Decorrelated,
}

/// The policy: a reflector and the exponential backoff strategy's settings.
#[derive(Debug, Clone, clap::Args)]
pub struct PolicyArgs {
    /// The reflector.
    #[arg(long, value_enum, default_value = "rules")]
    pub reflector: ReflectorKind,
    /// The model provider, for `llm` and `rules+llm`.
    #[arg(long, value_enum, default_value = "openai")]
    pub provider: Provider,
    /// With `rules+llm`, how sure the rules must be to decide alone; what
    /// they are less sure of goes to the model.
    #[arg(long, value_enum, default_value = "strong")]
    pub rules_confidence: RulesConfidence,
    /// Retries the strategy allows.
    #[arg(long, default_value_t = 3)]
    pub max_retries: u32,
    /// The first retry's delay: `100ms`, `1s`, `1s 500ms`, or milliseconds.
    #[arg(long, default_value = "100ms", value_parser = parse_duration)]
    pub base_delay: Duration,
    /// Jitter on each delay.
    #[arg(long, value_enum, default_value = "none")]
    pub jitter: JitterKind,
    /// Retry a fix that changes the call (an input fix, a tool change) at once.
    #[arg(long)]
    pub fixes_at_once: bool,
}

/// A structured client that counts the requests it forwards.
#[derive(Debug)]
pub struct Counting {
    inner: Arc<dyn StructuredClient>,
    requests: AtomicU64,
}

impl Counting {
    /// Model requests made so far.
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }
}

impl StructuredClient for Counting {
    fn complete_structured<'a>(&'a self, request: StructuredRequest<'a>) -> StructuredFuture<'a> {
        self.requests.fetch_add(1, Ordering::Relaxed);
        self.inner.complete_structured(request)
    }
}

/// A policy built from the arguments.
pub struct Policy {
    /// The reflector.
    pub reflector: Arc<dyn Reflector>,
    /// The strategy.
    pub strategy: ExponentialBackoffRecovery,
    /// The model client, when the policy uses one, for counting its requests.
    pub model: Option<Arc<Counting>>,
    /// Each tool's strategy, when the policy came from a file.
    pub per_tool: Option<loopctl_policy::Strategies>,
    /// `strategy`, shared, for every tool when there is no file.
    one: Arc<dyn loopctl_reflect_core::RecoveryStrategy>,
}

impl Policy {
    /// The strategy for `tool`'s failures.
    pub fn strategy_for(&self, tool: &str) -> Arc<dyn loopctl_reflect_core::RecoveryStrategy> {
        match &self.per_tool {
            Some(strategies) => strategies.for_tool(tool),
            None => Arc::clone(&self.one),
        }
    }
}

impl PolicyArgs {
    /// The strategy these arguments describe.
    pub fn strategy(&self) -> ExponentialBackoffRecovery {
        let jitter = match self.jitter {
            JitterKind::None => Jitter::None,
            JitterKind::Full => Jitter::Full,
            JitterKind::Equal => Jitter::Equal,
            JitterKind::Decorrelated => Jitter::Decorrelated,
        };
        let strategy = ExponentialBackoffRecovery::new(self.max_retries)
            .with_base_delay(self.base_delay)
            .with_jitter(jitter);
        if self.fixes_at_once {
            strategy.with_fixes_retried_at_once()
        } else {
            strategy
        }
    }

    /// The reflector and strategy; an LLM reflector is built from the environment.
    pub fn build(&self, tools: &[String]) -> Result<Policy, CliError> {
        let rules: Arc<dyn Reflector> =
            Arc::new(RuleReflector::new().with_known_tools(tools.iter().cloned()));
        let (reflector, model) = match self.reflector {
            ReflectorKind::Rules => (rules, None),
            ReflectorKind::Llm | ReflectorKind::RulesLlm => {
                let counting = Arc::new(Counting {
                    inner: self.client()?,
                    requests: AtomicU64::new(0),
                });
                let llm: Arc<dyn Reflector> = Arc::new(LlmReflector::new(counting.clone()));
                // Identical failures share one analysis, in flight and after.
                let reflector: Arc<dyn Reflector> = if self.reflector == ReflectorKind::Llm {
                    Arc::new(CachingReflector::new(llm))
                } else {
                    let sure = SureRules::new(
                        RuleReflector::new().with_known_tools(tools.iter().cloned()),
                        self.rules_confidence.level(),
                        llm,
                    );
                    Arc::new(CachingReflector::new(Arc::new(sure)))
                };
                (reflector, Some(counting))
            }
        };
        let strategy = self.strategy();
        Ok(Policy {
            reflector,
            one: Arc::new(strategy.clone()),
            strategy,
            model,
            per_tool: None,
        })
    }

    /// The policy in the loopctl.toml at `path`: its `[defaults]` choose
    /// the reflector (a model from the environment, as with the flags), its
    /// rules go in front of it, and each tool gets its section's strategy.
    /// The policy flags are not used.
    ///
    /// # Errors
    /// A file that cannot be read or has problems (every one is listed),
    /// or a model that is not configured: exit code 2.
    pub fn build_from_file(path: &std::path::Path, tools: &[String]) -> Result<Policy, CliError> {
        let file = loopctl_policy::Policy::from_path(path)
            .map_err(|error| CliError::Input(format!("--policy: {error}")))?;
        let defaults = file.for_defaults();
        let flags = PolicyArgs {
            reflector: match defaults.reflector {
                loopctl_policy::ReflectorKind::Rules => ReflectorKind::Rules,
                loopctl_policy::ReflectorKind::Llm => ReflectorKind::Llm,
                loopctl_policy::ReflectorKind::RulesThenLlm => ReflectorKind::RulesLlm,
            },
            provider: match defaults.provider {
                loopctl_policy::Provider::Anthropic => Provider::Anthropic,
                _ => Provider::Openai,
            },
            rules_confidence: match defaults.rules_confidence {
                loopctl_policy::RulesConfidence::Weak => RulesConfidence::Weak,
                _ => RulesConfidence::Strong,
            },
            max_retries: defaults.max_retries,
            base_delay: defaults.base_delay,
            jitter: JitterKind::None,
            fixes_at_once: defaults.fixes_at_once,
        };
        let built = flags.build(tools)?;
        let rules = file.file().rules.clone();
        Ok(Policy {
            reflector: Arc::new(loopctl_policy::PolicyReflector::new(rules, built.reflector)),
            one: built.one,
            strategy: built.strategy,
            model: built.model,
            per_tool: Some(loopctl_policy::Strategies::new(&file)),
        })
    }

    fn client(&self) -> Result<Arc<dyn StructuredClient>, CliError> {
        let configuration = |error: loopctl_llm::LlmError| {
            CliError::Input(format!(
                "--reflector {}: {error}",
                match self.reflector {
                    ReflectorKind::Llm => "llm",
                    _ => "rules+llm",
                }
            ))
        };
        Ok(match self.provider {
            Provider::Openai => Arc::new(OpenAiClient::from_env().map_err(configuration)?),
            Provider::Anthropic => Arc::new(AnthropicClient::from_env().map_err(configuration)?),
        })
    }
}

/// A duration as people write it, read by humantime: `100ms`, `2s`,
/// `1m 30s`, `1s 500ms`; a plain number is milliseconds.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    if let Ok(millis) = text.parse::<u64>() {
        return Ok(Duration::from_millis(millis));
    }
    humantime::parse_duration(text)
        .map_err(|error| format!("`{text}` is not a duration ({error}); write 100ms, 2s or 1m 30s"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(parse_duration("100ms"), Ok(Duration::from_millis(100)));
        assert_eq!(parse_duration("1s 500ms"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("250"), Ok(Duration::from_millis(250)));
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("-1s").is_err());
    }
}
