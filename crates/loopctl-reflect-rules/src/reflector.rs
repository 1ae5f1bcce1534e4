//! [`RuleReflector`]: classifies an error text by rules and repairs what can be repaired mechanically.

use std::time::SystemTime;

use loopctl_backoff::{format_hint, parse_retry_after};
use loopctl_reflect_core::{
    AnalysisFuture, Correction, CorrectionType, FailureAnalysis, FailureSeverity,
    ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use serde_json::Value;

use crate::custom::{Rule, RuleInput};
use crate::patterns::{Category, Found, categories, strongest};
use crate::tool_names::{closest_tool, listed_tools};
use loopctl_schema::{RepairOutcome, repair_input};

/// A deterministic, offline reflector for the common failures.
///
/// | failure | answer |
/// |---|---|
/// | credentials, permissions (`EACCES`, `invalid api key`, 401, 403, ...) | not recoverable, `High` |
/// | a quota or bill used up, with no reset soon | not recoverable, `High` |
/// | an unknown tool, as the text says, with exactly one close registered name | recoverable, `Low`, with a `ToolChange` |
/// | an unknown tool otherwise | not recoverable, `High`, guidance listing the tools |
/// | corrupt data, failed integrity checks | not recoverable, `Critical` |
/// | input that does not fit the schema, repairable | recoverable, `Medium`, with an `InputFix` |
/// | input that does not fit, not repairable | not recoverable, `High`, guidance naming the violations |
/// | lasting conditions (conflicts, unsupported, full disk, certificates) | not recoverable, `High` |
/// | not found (`ENOENT`, 404), too large (413, context length) | not recoverable, `High` |
/// | the server down, starting, failing over or overloaded (5xx, `UNAVAILABLE`, `LOADING`) | recoverable, `Medium`, with any retry hint |
/// | blips: time-outs, resets, throttling, locks, elections, quotas per minute | recoverable, `Low`, with any retry hint |
/// | anything else | `ReflectionError::Skipped`, so a fallback can answer |
///
/// Retry hints are written with [`loopctl_backoff::format_hint`], the form
/// the backoff strategies read. Your own [`Rule`]s run first.
#[derive(Debug, Clone, Default)]
pub struct RuleReflector {
    rules: Vec<Rule>,
    known_tools: Vec<String>,
    #[cfg(feature = "schema_validation")]
    validators: loopctl_schema::ValidatorCache,
}

impl RuleReflector {
    /// The built-in rules only.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a rule; rules run in the order added, before the built-in ones.
    #[must_use]
    pub fn with_rule(mut self, rule: Rule) -> Self {
        self.rules.push(rule);
        self
    }

    /// Tool names to repair a misspelled tool name against when the error text
    /// lists none (another system's "unknown tool `x`").
    ///
    /// These names never make a failure an unknown-tool failure: only the
    /// error text says that a tool does not exist, so a tool missing from this
    /// list is classified by its error like any other. When the text lists
    /// the registered names, as the driver's own unknown-tool message does
    /// (``unknown tool `x`; registered tools: a, b``), that list is used
    /// instead, since it is current at the moment of the call. Pass `registry.names()` to keep
    /// the two lists the same.
    #[must_use]
    pub fn with_known_tools<I, S>(mut self, names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.known_tools = names.into_iter().map(Into::into).collect();
        self
    }

    /// The analysis, computed synchronously; [`Reflector::analyze`] wraps this.
    pub fn classify(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
    ) -> Result<FailureAnalysis, ReflectionError> {
        let rule_input = RuleInput { error, tool, input };
        if let Some(analysis) = self.rules.iter().find_map(|rule| rule.apply(&rule_input)) {
            return Ok(analysis);
        }
        let found = categories(error);
        // Only the text is evidence that a tool does not exist: a tool that
        // ran and returned an error exists, whatever `known_tools` says.
        // "Tool `x` not found" also says so; it is looked for only when a
        // "not found" or "does not exist" was matched, so most texts skip it.
        let says_not_found = (found.strong | found.weak) & Category::NotFound.bit() != 0;
        if found.strong & Category::UnknownTool.bit() != 0
            || (says_not_found && names_missing_tool(error, tool))
        {
            return Ok(self.unknown_tool(error, tool));
        }
        let Some(category) = strongest(found) else {
            return Err(ReflectionError::Skipped(format!(
                "no rule matches: {}",
                summary(error)
            )));
        };
        Ok(match category {
            Category::Auth => permanent("credentials or permissions were rejected", error),
            Category::Quota if quota_resets_soon(error) => transient(
                "a usage quota is exhausted for the current minute",
                error,
                FailureSeverity::Low,
                retry_hint(error, found).unwrap_or_default(),
            ),
            Category::Quota => match retry_hint(error, found) {
                Some(context) => transient(
                    "a usage quota is exhausted until it resets",
                    error,
                    FailureSeverity::Low,
                    context,
                ),
                None => permanent("a usage quota is exhausted with no reset time", error),
            },
            Category::UnknownTool => self.unknown_tool(error, tool),
            Category::Corrupt => FailureAnalysis::unrecoverable(
                format!(
                    "data is corrupt or fails an integrity check: {}",
                    summary(error)
                ),
                FailureSeverity::Critical,
            ),
            Category::Input => self.input_failure(error, input, schema),
            Category::Permanent => {
                permanent("another attempt would meet the same condition", error)
            }
            Category::NotFound => permanent("what the call refers to does not exist", error),
            Category::TooLarge => permanent("the request is too large", error),
            Category::ServerDown => transient(
                "the server failed, is starting or is overloaded",
                error,
                FailureSeverity::Medium,
                retry_hint(error, found).unwrap_or_default(),
            ),
            Category::Transient => transient(
                "a transient failure",
                error,
                FailureSeverity::Low,
                retry_hint(error, found).unwrap_or_default(),
            ),
        })
    }

    fn input_failure(
        &self,
        error: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
    ) -> FailureAnalysis {
        let Some(schema) = schema else {
            return not_fixable(
                "the input was rejected and the tool's schema is unknown",
                error,
                vec![summary(error)],
            );
        };
        match repair_input(input, &schema.input_schema) {
            RepairOutcome::Repaired {
                input: repaired,
                changes,
            } => match self.confirm(schema, &repaired) {
                Ok(()) => FailureAnalysis::recoverable(
                    format!("the input does not fit the schema of `{}`", schema.name),
                    FailureSeverity::Medium,
                )
                .with_correction(Correction::input_fix(changes.join("; "), repaired)),
                Err(violations) => not_fixable(
                    "the input does not fit the tool's schema",
                    error,
                    violations,
                ),
            },
            RepairOutcome::Unrepairable { violations } => not_fixable(
                "the input does not fit the tool's schema",
                error,
                violations,
            ),
            RepairOutcome::NothingToRepair => match self.confirm(schema, input) {
                Err(violations) => not_fixable(
                    "the input does not fit the tool's schema",
                    error,
                    violations,
                ),
                Ok(()) => not_fixable(
                    "the tool rejected an input that fits its schema",
                    error,
                    vec![summary(error)],
                ),
            },
        }
    }

    /// With `schema_validation`, the full schema has the last word.
    #[cfg(feature = "schema_validation")]
    fn confirm(&self, schema: &ToolSchema, input: &Value) -> Result<(), Vec<String>> {
        match self.validators.validator(schema) {
            Ok(validator) => validator
                .validate(input)
                .map_err(|failure| failure.violations.iter().map(ToString::to_string).collect()),
            Err(error) => Err(vec![error.to_string()]),
        }
    }

    #[cfg(not(feature = "schema_validation"))]
    #[expect(clippy::unused_self, reason = "uses self only with schema_validation")]
    fn confirm(&self, _schema: &ToolSchema, _input: &Value) -> Result<(), Vec<String>> {
        Ok(())
    }

    fn unknown_tool(&self, error: &str, tool: &str) -> FailureAnalysis {
        // A list in the text may come from whoever wrote the error (an
        // upstream server, an injection): when some listed names are known
        // tools, only those count. When none is, the known list is stale (the
        // registry changed since) or absent, and the listed names are all
        // there is; the driver's safety policy checks any repair against its
        // own registry and refuses one that would do more harm.
        let listed = listed_tools(error);
        let registered = |name: &&str| self.known_tools.iter().any(|known| known == name);
        let known: Vec<&str> = if listed.iter().any(registered) {
            listed.into_iter().filter(registered).collect()
        } else if listed.is_empty() {
            self.known_tools.iter().map(String::as_str).collect()
        } else {
            listed
        };
        match closest_tool(tool, known.iter().copied()) {
            Some(name) => FailureAnalysis::recoverable(
                format!("there is no tool `{tool}`; `{name}` is the close match"),
                FailureSeverity::Low,
            )
            .with_correction(Correction::tool_change(
                format!("call `{name}` instead of `{tool}`"),
                name,
            )),
            None => FailureAnalysis::unrecoverable(
                format!("there is no tool `{tool}` and no single close match"),
                FailureSeverity::High,
            )
            .with_correction(
                Correction::new(
                    CorrectionType::ApproachChange,
                    "pick one of the available tools",
                )
                .with_guidance(if known.is_empty() {
                    "the available tools are not known to this reflector".to_owned()
                } else {
                    format!("available tools: {}", known.join(", "))
                }),
            ),
        }
    }
}

impl Reflector for RuleReflector {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        _ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        Box::pin(std::future::ready(
            self.classify(error, tool, input, schema),
        ))
    }
}

fn not_fixable(cause: &str, error: &str, violations: Vec<String>) -> FailureAnalysis {
    FailureAnalysis::unrecoverable(
        format!("{cause}: {}", summary(error)),
        FailureSeverity::High,
    )
    .with_correction(
        Correction::new(
            CorrectionType::ApproachChange,
            "send an input that fits the tool's schema",
        )
        .with_guidance(violations.join("; ")),
    )
}

fn permanent(cause: &str, error: &str) -> FailureAnalysis {
    FailureAnalysis::unrecoverable(
        format!("{cause}: {}", summary(error)),
        FailureSeverity::High,
    )
}

fn transient(
    cause: &str,
    error: &str,
    severity: FailureSeverity,
    context: String,
) -> FailureAnalysis {
    FailureAnalysis::recoverable(format!("{cause}: {}", summary(error)), severity)
        .with_context(context)
}

fn retry_hint(error: &str, found: Found) -> Option<String> {
    if !found.hint {
        return None;
    }
    parse_retry_after(error, SystemTime::now()).map(format_hint)
}

/// A quota counted per minute or second refills soon; one counted per day
/// does not, for an agent's purposes.
fn quota_resets_soon(error: &str) -> bool {
    const SOON: [&[u8]; 6] = [
        b"per minute",
        b"per min",
        b"per second",
        b"perminute",
        b"(tpm)",
        b"(rpm)",
    ];
    const LATE: [&[u8]; 4] = [b"per day", b"perday", b"daily", b"per-day"];
    let bytes = error.as_bytes();
    SOON.iter()
        .any(|marker| contains_ignore_case(bytes, marker))
        && !LATE
            .iter()
            .any(|marker| contains_ignore_case(bytes, marker))
}

/// Whether the text says that `tool` itself is unknown, as in "Tool
/// `query_db` not found" or "tool 'x' does not exist".
fn names_missing_tool(error: &str, tool: &str) -> bool {
    const AFTER: [&[u8]; 2] = [b" not found", b" does not exist"];
    if tool.is_empty() {
        return false;
    }
    let bytes = error.as_bytes();
    let name = tool.as_bytes();
    let mut from = 0;
    while let Some(offset) = find_ignore_case(&bytes[from..], name) {
        let start = from + offset;
        let mut end = start + name.len();
        from = start + 1;
        let before = bytes[..start].trim_ascii_end();
        let before = before
            .strip_suffix(b"`")
            .or_else(|| before.strip_suffix(b"'"))
            .or_else(|| before.strip_suffix(b"\""))
            .unwrap_or(before)
            .trim_ascii_end();
        if !before.to_ascii_lowercase().ends_with(b"tool") {
            continue;
        }
        if matches!(bytes.get(end), Some(b'`' | b'\'' | b'"')) {
            end += 1;
        }
        let rest = &bytes[end..];
        if AFTER.iter().any(|marker| {
            rest.len() >= marker.len() && rest[..marker.len()].eq_ignore_ascii_case(marker)
        }) {
            return true;
        }
    }
    false
}

fn find_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || haystack.len() < needle.len() {
        return None;
    }
    haystack
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle))
}

fn contains_ignore_case(haystack: &[u8], needle: &[u8]) -> bool {
    find_ignore_case(haystack, needle).is_some()
}

/// The first line of `error`, at most 160 bytes.
fn summary(error: &str) -> String {
    let line = error.trim().lines().next().unwrap_or("").trim();
    if line.len() <= 160 {
        return line.to_owned();
    }
    let mut end = 160;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &line[..end])
}
