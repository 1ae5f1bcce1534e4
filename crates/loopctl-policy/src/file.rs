//! What `loopctl.toml` may hold: the types the file is read into, and from which its JSON Schema is generated.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::values::{OneOrMany, Pattern, Rate, Span};

/// A whole `loopctl.toml`. Every key is optional; an empty file is the
/// built-in policy.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyFile {
    /// What every tool gets unless its own section says otherwise.
    #[serde(default)]
    pub defaults: Settings,
    /// Per tool, by exact name or glob (`github_*`): the exact name wins,
    /// then the glob with the most literal characters.
    #[serde(default)]
    pub tools: BTreeMap<String, ToolSettings>,
    /// The user's rules for reading errors, tried in order before the
    /// built-in ones; the first that matches decides.
    #[serde(default)]
    pub rules: Vec<RuleSpec>,
    /// Settings of `loopctl mcp-proxy --http` only.
    #[serde(default)]
    pub proxy: ProxySettings,
    /// The MCP servers `loopctl mcp-proxy` fronts at once, by a name of
    /// your choosing: each one's tools listed under its prefix, each with
    /// its own policy laid over the file's.
    #[serde(default)]
    pub servers: BTreeMap<String, ServerSettings>,
}

/// Declares a settings struct with the keys every level shares, then `$extra`.
macro_rules! settings {
    ($(#[$meta:meta])* $name:ident { $($extra:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// Retries after the first attempt (default 3).
            pub max_retries: Option<u32>,
            /// The first backoff delay, doubled each retry (default `100ms`).
            pub base_delay: Option<Span>,
            /// The longest backoff delay (default `30s`).
            pub max_delay: Option<Span>,
            /// `none` (the default), `full`, `equal` or `decorrelated`.
            pub jitter: Option<JitterKind>,
            /// Retry a fixed input at once rather than after the backoff
            /// (default `false`).
            pub fixes_at_once: Option<bool>,
            /// How long one attempt of a tool may run (default: no limit).
            pub tool_timeout: Option<Span>,
            $($extra)*
        }
    };
}

settings!(
    /// The `[defaults]` table: settings for every tool, and those that
    /// only a whole dispatcher has (who reads failures, the shared budget,
    /// the breaker).
    Settings {
        /// Who reads a failure: `rules` (offline, the default), `llm`, or
        /// `rules+llm` (the model only for what the rules cannot place).
        pub reflector: Option<ReflectorKind>,
        /// The model provider for `llm` and `rules+llm` (default `openai`).
        pub provider: Option<Provider>,
        /// With `rules+llm`, how sure the rules must be to decide alone:
        /// `strong` (the default) hands what only generic words decided to
        /// the model; `weak` keeps every verdict the rules reach.
        pub rules_confidence: Option<RulesConfidence>,
        /// How long reading one failure may take (default `60s`).
        pub reflection_timeout: Option<Span>,
        /// A token bucket of retries shared by every call (default: none).
        pub retry_budget: Option<BudgetSettings>,
        /// A circuit breaker per tool (default: none).
        pub breaker: Option<BreakerSettings>,
    }
);

settings!(
    /// A `[tools.NAME]` table: any default, and what only a tool has.
    ToolSettings {
        /// `read-only`, `writes` or `destructive`: your word over the tool's own
        /// and over server hints (default: undeclared, treated as destructive).
        pub effect: Option<EffectName>,
        /// Whether a second run with the same input changes nothing more
        /// (default: undeclared, treated as not).
        pub idempotent: Option<bool>,
        /// Whether the tool honours an idempotency key, so that a call whose
        /// outcome is unknown may run again with the same key (default `false`).
        pub idempotency_key: Option<bool>,
        /// Input fields a correction may only repair, never replace.
        pub guard: Option<Vec<String>>,
        /// Tools a correction may switch this call to.
        pub allow_tool_change: Option<Vec<String>>,
        /// Let a correction change the URL origin or path directory this
        /// tool reaches (default `false`).
        pub allow_reach_change: Option<bool>,
        /// At most this many calls per period, before the tool refuses them
        /// (`10/s`, `100/min`).
        pub rate_limit: Option<Rate>,
        /// How long a call may wait for its turn under `rate_limit` before it
        /// is refused softly (default `5s`).
        pub rate_limit_wait: Option<Span>,
        /// At most this many calls of the tool in flight at once.
        pub concurrency: Option<u32>,
        /// Calls that may wait for a slot under `concurrency`; more are
        /// refused softly (default 64).
        pub queue: Option<u32>,
    }
);

/// Who reads a failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum ReflectorKind {
    /// The offline rule reflector.
    #[serde(rename = "rules")]
    Rules,
    /// A model.
    #[serde(rename = "llm")]
    Llm,
    /// The rules, then a model for what they cannot place.
    #[serde(rename = "rules+llm")]
    RulesThenLlm,
}

/// How sure the rules must be to decide without the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RulesConfidence {
    /// A specific pattern decided: an error code, an exception class, a
    /// server's fixed message.
    Strong,
    /// Generic words are enough: "timeout", "not found", a bare status code.
    Weak,
}

impl RulesConfidence {
    /// The rule reflector's own level.
    pub fn level(self) -> loopctl_reflect_rules::Confidence {
        match self {
            Self::Strong => loopctl_reflect_rules::Confidence::Strong,
            Self::Weak => loopctl_reflect_rules::Confidence::Weak,
        }
    }
}

/// A model provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// OpenAI's chat completions.
    OpenAi,
    /// Anthropic's messages.
    Anthropic,
}

/// How backoff delays are spread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum JitterKind {
    /// The nominal delay.
    None,
    /// Uniform between zero and the nominal delay.
    Full,
    /// Half the nominal delay, plus up to half again.
    Equal,
    /// Each delay drawn from the previous one.
    Decorrelated,
}

/// What a tool does to the world.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EffectName {
    /// Changes nothing.
    ReadOnly,
    /// Changes what can be put back.
    Writes,
    /// Changes what cannot simply be put back.
    Destructive,
}

/// A shared bucket of retries.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BudgetSettings {
    /// Retries the bucket holds when full (required).
    pub capacity: Option<u32>,
    /// Retries given back per successful call (default 0.1).
    pub refill_per_success: Option<f64>,
    /// Retries always allowed per second, however empty the bucket (default 0).
    pub floor_per_second: Option<u32>,
}

/// A circuit breaker per tool.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BreakerSettings {
    /// Failed calls in a row that open the circuit (default 5).
    pub threshold: Option<u32>,
    /// How long an open circuit refuses calls before it lets one probe
    /// through (default `30s`).
    pub cool_down: Option<Span>,
}

impl BreakerSettings {
    /// The driver's breaker configuration these settings give, the
    /// defaults filled in.
    pub fn config(&self) -> loopctl_driver::BreakerConfig {
        loopctl_driver::BreakerConfig {
            failure_threshold: self.threshold.unwrap_or(5),
            cool_down: self
                .cool_down
                .map_or(std::time::Duration::from_secs(30), |span| span.0),
        }
    }
}

/// One `[[rules]]` entry: what it matches (every key given must match) and
/// what it says.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// A name for the rule, shown by `loopctl policy explain`.
    pub name: Option<String>,
    /// Matches when the error contains this text (or any of these),
    /// ignoring ASCII case.
    pub text: Option<OneOrMany<String>>,
    /// Matches when this regex finds a match in the error.
    pub regex: Option<Pattern>,
    /// Matches when the error carries this HTTP status (or any of these).
    pub status: Option<OneOrMany<u16>>,
    /// Matches when the error carries this error code (`ECONNRESET`,
    /// `40001`) as a word.
    pub code: Option<OneOrMany<String>>,
    /// Matches only this tool (a name or a glob).
    pub tool: Option<String>,
    /// Whether another attempt can succeed.
    pub recoverable: Option<bool>,
    /// `low`, `medium`, `high` or `critical`.
    pub severity: Option<SeverityName>,
    /// Wait this long before the next attempt (as a server's Retry-After).
    pub delay: Option<Span>,
    /// What to do: `retry`, `fail`, `skip` or `ask-user`.
    pub action: Option<ActionName>,
    /// Why, in words the model and the log get.
    pub reason: Option<String>,
}

/// How bad a failure is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeverityName {
    /// A blip.
    Low,
    /// Worth attention.
    Medium,
    /// Unlikely to go away by itself.
    High,
    /// Stop and involve a person.
    Critical,
}

/// What a rule tells the recovery to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ActionName {
    /// Try again.
    Retry,
    /// Give up: the call ends as failed.
    Fail,
    /// Give up on this call and let the agent go on.
    Skip,
    /// Stop and ask the user.
    AskUser,
}

/// The `[proxy]` table.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProxySettings {
    /// `Host` names the HTTP mode answers to, beyond the loopback names and
    /// `--allowed-host`.
    #[serde(default)]
    pub allowed_hosts: Vec<String>,
    /// Browser origins the HTTP mode admits, beyond `--allowed-origin`.
    #[serde(default)]
    pub allowed_origins: Vec<String>,
    /// Count the upstream's `readOnlyHint` and `idempotentHint` as its
    /// tools' own word (default `false`); `[tools.NAME]` still wins.
    pub trust_annotations: Option<bool>,
}

/// One `[servers.NAME]` table: how to reach an upstream MCP server, the
/// prefix of its tools, and its own policy.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ServerSettings {
    /// The server's command and its arguments, as a list: `["npx", "-y",
    /// "@modelcontextprotocol/server-memory"]`. Give this or `url`.
    pub command: Option<Vec<String>>,
    /// A streamable HTTP server's URL. Give this or `command`; put no key
    /// in it.
    pub url: Option<String>,
    /// Send `Authorization: Bearer <token>` to the `url`, the token read
    /// from this environment variable.
    pub token_env: Option<String>,
    /// What goes before each of the server's tool names as clients see
    /// them (default: the server's name and `_`; `""` for none).
    pub prefix: Option<String>,
    /// This server's `[defaults]`, laid key by key over the file's.
    #[serde(default)]
    pub defaults: Settings,
    /// This server's tools, by the names the server gives them (without
    /// the prefix); a section here replaces the file's of the same name.
    #[serde(default)]
    pub tools: BTreeMap<String, ToolSettings>,
    /// This server's rules, tried before the file's.
    #[serde(default)]
    pub rules: Vec<RuleSpec>,
}

impl ServerSettings {
    /// The prefix of the server called `name`: its own, or `NAME_`.
    pub fn prefix_for(&self, name: &str) -> String {
        self.prefix.clone().unwrap_or_else(|| format!("{name}_"))
    }
}

impl Settings {
    /// These settings with each key this table leaves out taken from `base`.
    #[must_use]
    pub fn over(&self, base: &Self) -> Self {
        macro_rules! lay {
            ($($key:ident),*) => {
                Self { $($key: self.$key.clone().or_else(|| base.$key.clone()),)* }
            };
        }
        lay!(
            max_retries,
            base_delay,
            max_delay,
            jitter,
            fixes_at_once,
            tool_timeout,
            reflector,
            provider,
            rules_confidence,
            reflection_timeout,
            retry_budget,
            breaker
        )
    }
}
