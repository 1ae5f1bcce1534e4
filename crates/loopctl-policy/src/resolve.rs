//! A policy read from a file, and the settings in force for one tool: the built-in value, overridden by `[defaults]`, overridden by the tool's own section.

use std::path::{Path, PathBuf};
use std::time::Duration;

use wildmatch::WildMatch;

use crate::check::{Problem, check};
use crate::file::{
    EffectName, JitterKind, PolicyFile, Provider, ReflectorKind, RulesConfidence, ToolSettings,
};
use crate::values::Rate;

/// Why a policy could not be had.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PolicyError {
    /// The file could not be read.
    #[error("cannot read the policy file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file has problems; each is listed as `FILE:LINE:COLUMN: message`.
    #[error("{}", shown(.path, .problems))]
    Invalid {
        /// The file (`<text>` when read from a string).
        path: PathBuf,
        /// Every problem, in order.
        problems: Vec<Problem>,
    },
}

fn shown(path: &Path, problems: &[Problem]) -> String {
    let mut text = format!(
        "the policy file {} has {} problem{}; run `loopctl policy check {}` for the same list:",
        path.display(),
        problems.len(),
        if problems.len() == 1 { "" } else { "s" },
        path.display()
    );
    for problem in problems {
        text.push_str(&format!(
            "\n{}:{}:{}: {}",
            path.display(),
            problem.line,
            problem.column,
            problem.message
        ));
    }
    text
}

/// A checked `loopctl.toml`.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    file: PolicyFile,
}

impl Policy {
    /// The policy in `text`.
    ///
    /// # Errors
    /// [`PolicyError::Invalid`] with every problem in the text.
    pub fn from_toml(text: &str) -> Result<Self, PolicyError> {
        check(text)
            .map(|file| Self { file })
            .map_err(|problems| PolicyError::Invalid {
                path: PathBuf::from("<text>"),
                problems,
            })
    }

    /// The policy in the file at `path`.
    ///
    /// # Errors
    /// The file cannot be read, or has problems (all of them, with lines).
    pub fn from_path(path: impl AsRef<Path>) -> Result<Self, PolicyError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| PolicyError::Read {
            path: path.to_owned(),
            source,
        })?;
        check(&text)
            .map(|file| Self { file })
            .map_err(|problems| PolicyError::Invalid {
                path: path.to_owned(),
                problems,
            })
    }

    /// What the file says, as read.
    pub fn file(&self) -> &PolicyFile {
        &self.file
    }

    /// The policy of the `[servers.NAME]` table `name`: its `defaults` laid
    /// key by key over the file's, its tool sections over the file's (the
    /// server's wins for the same name), its rules tried before the file's,
    /// and the file's `[proxy]`. `None` when the file has no such server.
    pub fn for_server(&self, name: &str) -> Option<Self> {
        let server = self.file.servers.get(name)?;
        let mut tools = self.file.tools.clone();
        tools.extend(server.tools.clone());
        let mut rules = server.rules.clone();
        rules.extend(self.file.rules.iter().cloned());
        Some(Self {
            file: PolicyFile {
                defaults: server.defaults.over(&self.file.defaults),
                tools,
                rules,
                proxy: self.file.proxy.clone(),
                servers: std::collections::BTreeMap::new(),
            },
        })
    }

    /// The `[tools.…]` section that applies to `tool`: its exact name, else
    /// the matching glob with the most literal characters (the first in
    /// name order on a tie).
    pub fn section_for(&self, tool: &str) -> Option<(&str, &ToolSettings)> {
        if let Some((name, section)) = self.file.tools.get_key_value(tool) {
            return Some((name.as_str(), section));
        }
        self.file
            .tools
            .iter()
            .filter(|(pattern, _)| {
                pattern.contains(['*', '?']) && WildMatch::new(pattern).matches(tool)
            })
            .max_by_key(|(pattern, _)| {
                let literal = pattern.chars().filter(|c| !matches!(c, '*' | '?')).count();
                // Later in name order loses a tie: max_by_key keeps the last maximum.
                (literal, std::cmp::Reverse((*pattern).clone()))
            })
            .map(|(name, section)| (name.as_str(), section))
    }

    /// The `[tools.…]` sections that name none of `known` (a glob that
    /// matches none of them, or a name that is not one), each with the
    /// known tool its name is closest to: most often a typo, which would
    /// otherwise leave the tool on the defaults without a word.
    pub fn sections_matching_nothing<'k>(
        &self,
        known: &[&'k str],
    ) -> Vec<(String, Option<&'k str>)> {
        self.file
            .tools
            .keys()
            .filter(|pattern| {
                let glob = WildMatch::new(pattern);
                !known
                    .iter()
                    .any(|tool| *tool == pattern.as_str() || glob.matches(tool))
            })
            .map(|pattern| {
                let nearest = loopctl_reflect_core::closest_tool(pattern, known.iter().copied());
                (pattern.clone(), nearest)
            })
            .collect()
    }

    /// The settings every tool gets before its own section: `[defaults]`
    /// over the built-in values.
    pub fn for_defaults(&self) -> Effective {
        self.resolve("", None)
    }

    /// The settings in force for `tool`, each with where it came from.
    pub fn for_tool(&self, tool: &str) -> Effective {
        self.resolve(tool, self.section_for(tool))
    }

    fn resolve(&self, tool: &str, section: Option<(&str, &ToolSettings)>) -> Effective {
        let defaults = &self.file.defaults;
        let own = section.map(|(_, settings)| settings);
        let place = section.map(|(name, _)| format!("[tools.{name}]"));
        let mut sources = Vec::new();
        macro_rules! pick {
            ($key:ident, $builtin:expr) => {{
                let (value, from) = match (own.and_then(|o| o.$key.clone()), defaults.$key.clone())
                {
                    (Some(value), _) => (value.into(), place.clone().unwrap_or_default()),
                    (None, Some(value)) => (value.into(), "[defaults]".to_owned()),
                    (None, None) => ($builtin, "built-in".to_owned()),
                };
                sources.push((stringify!($key), from));
                value
            }};
        }
        macro_rules! whole {
            ($key:ident, $builtin:expr) => {{
                let (value, from) = match defaults.$key.clone() {
                    Some(value) => (value.into(), "[defaults]".to_owned()),
                    None => ($builtin, "built-in".to_owned()),
                };
                sources.push((stringify!($key), from));
                value
            }};
        }
        macro_rules! own {
            ($key:ident, $builtin:expr) => {{
                let (value, from) = match own.and_then(|o| o.$key.clone()) {
                    Some(value) => (value.into(), place.clone().unwrap_or_default()),
                    None => ($builtin, "built-in".to_owned()),
                };
                sources.push((stringify!($key), from));
                value
            }};
        }
        let effective = Effective {
            tool: tool.to_owned(),
            section: section.map(|(name, _)| name.to_owned()),
            reflector: whole!(reflector, ReflectorKind::Rules),
            provider: whole!(provider, Provider::OpenAi),
            rules_confidence: whole!(rules_confidence, RulesConfidence::Strong),
            max_retries: pick!(max_retries, 3),
            base_delay: pick!(base_delay, Duration::from_millis(100)),
            max_delay: pick!(max_delay, Duration::from_secs(30)),
            jitter: pick!(jitter, JitterKind::None),
            fixes_at_once: pick!(fixes_at_once, false),
            tool_timeout: pick!(tool_timeout, None),
            reflection_timeout: whole!(reflection_timeout, Duration::from_secs(60)),
            retry_budget: whole!(retry_budget, None),
            breaker: whole!(breaker, None),
            effect: own!(effect, None),
            idempotent: own!(idempotent, None),
            idempotency_key: own!(idempotency_key, false),
            guard: own!(guard, Vec::new()),
            allow_tool_change: own!(allow_tool_change, Vec::new()),
            allow_reach_change: own!(allow_reach_change, false),
            rate_limit: own!(rate_limit, None),
            rate_limit_wait: own!(rate_limit_wait, Duration::from_secs(5)),
            concurrency: own!(concurrency, None),
            queue: own!(queue, 64),
            sources: Vec::new(),
        };
        Effective {
            sources,
            ..effective
        }
    }
}

/// The settings in force for one tool.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Effective {
    /// The tool.
    pub tool: String,
    /// The `[tools.…]` section that applied, if any.
    pub section: Option<String>,
    /// Who reads its failures.
    pub reflector: ReflectorKind,
    /// The model provider, for `llm` and `rules+llm`.
    pub provider: Provider,
    /// With `rules+llm`, how sure the rules must be to decide alone.
    pub rules_confidence: RulesConfidence,
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// The first backoff delay.
    pub base_delay: Duration,
    /// The longest backoff delay.
    pub max_delay: Duration,
    /// How delays are spread.
    pub jitter: JitterKind,
    /// Whether a fixed input is retried at once.
    pub fixes_at_once: bool,
    /// How long one attempt may run; `None` for no limit.
    pub tool_timeout: Option<Duration>,
    /// How long reading one failure may take.
    pub reflection_timeout: Duration,
    /// The shared retry bucket, if any.
    pub retry_budget: Option<crate::file::BudgetSettings>,
    /// The circuit breaker, if any.
    pub breaker: Option<crate::file::BreakerSettings>,
    /// What the tool does, when declared.
    pub effect: Option<EffectName>,
    /// Whether a second run changes nothing more, when declared.
    pub idempotent: Option<bool>,
    /// Whether the tool honours an idempotency key.
    pub idempotency_key: bool,
    /// Fields a correction may only repair.
    pub guard: Vec<String>,
    /// Tools a correction may switch to.
    pub allow_tool_change: Vec<String>,
    /// Whether a correction may change where the tool reaches.
    pub allow_reach_change: bool,
    /// Calls per period, when limited.
    pub rate_limit: Option<Rate>,
    /// How long a call may wait for its turn under the rate limit.
    pub rate_limit_wait: Duration,
    /// Calls in flight at once, when capped.
    pub concurrency: Option<u32>,
    /// Calls that may wait for a slot under the cap.
    pub queue: u32,
    /// For each key above, where its value came from: `built-in`,
    /// `[defaults]` or `[tools.NAME]`.
    pub sources: Vec<(&'static str, String)>,
}

impl Effective {
    /// Where `key`'s value came from.
    pub fn source(&self, key: &str) -> &str {
        self.sources
            .iter()
            .find(|(name, _)| *name == key)
            .map_or("built-in", |(_, from)| from.as_str())
    }
}

impl From<crate::values::Span> for Duration {
    fn from(span: crate::values::Span) -> Self {
        span.0
    }
}

impl From<crate::values::Span> for Option<Duration> {
    fn from(span: crate::values::Span) -> Self {
        Some(span.0)
    }
}
