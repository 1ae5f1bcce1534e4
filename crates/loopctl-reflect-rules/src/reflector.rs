//! [`RuleReflector`]: classifies an error text by rules and repairs what can be repaired mechanically.

use loopctl_backoff::format_hint;
use loopctl_reflect_core::{
    AnalysisFuture, Correction, CorrectionType, FailureAnalysis, FailureSeverity,
    ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use serde_json::Value;

use crate::confidence::{Confidence, Judged, Verdict};
use crate::custom::{Rule, RuleInput};
use crate::hints::{outranks_generic_words, retry_wait};
use crate::lasting::outlasts_a_retry;
use crate::patterns::{Category, categories, fold, strongest};
use crate::text::{
    names_missing_tool, quota_is_zero, quota_needs_a_plan, quota_resets_soon, summary,
};
use crate::tool_names::{closest_tool, listed_tools};
use loopctl_schema::{RepairOutcome, repair_input};

/// A deterministic, offline reflector for the common failures.
///
/// | failure | answer |
/// |---|---|
/// | credentials, permissions (`EACCES`, `invalid api key`, 401, 403, ...) | not recoverable, `High` |
/// | a quota or bill used up, with no reset soon or a plan to change | not recoverable, `High` |
/// | anything whose retry hint asks for more than 15 minutes | not recoverable, `High` |
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
    /// Verdicts below this are skipped; [`Confidence::Weak`] keeps all.
    min_confidence: Confidence,
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

    /// Skips every verdict less sure than `least`, so that a chain
    /// ([`FallbackReflector`](crate::FallbackReflector), `rules+llm`) hands
    /// it to the next reflector. [`Confidence::Strong`] passes on what only
    /// generic words decided; the default, [`Confidence::Weak`], keeps it.
    #[must_use]
    pub fn with_min_confidence(mut self, least: Confidence) -> Self {
        self.min_confidence = least.max(Confidence::Weak);
        self
    }

    /// The analysis, computed synchronously; [`Reflector::analyze`] wraps
    /// this. A weak verdict says so in its context (`rules-confidence:
    /// weak`); one below [`with_min_confidence`](Self::with_min_confidence)
    /// is skipped.
    pub fn classify(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
    ) -> Result<FailureAnalysis, ReflectionError> {
        let Judged { confidence, result } = self.judge(error, tool, input, schema);
        let mut analysis = result?;
        if confidence < self.min_confidence {
            return Err(ReflectionError::Skipped(format!(
                "the rules are unsure (only generic words matched): {}",
                summary(error)
            )));
        }
        if confidence == Confidence::Weak {
            mark_weak(&mut analysis);
        }
        Ok(analysis)
    }

    /// The verdict and how sure the rules are of it, whatever the minimum:
    /// a rule of yours, a specific pattern or a text naming an unknown tool
    /// is strong; generic words alone are weak; nothing matched skips. A
    /// verdict that the failure will pass (a time-out, a reset, the server
    /// down) is strong only when the text also says when to retry or
    /// advises a retry in words: whether a refused connection or a 503
    /// passes depends on more than its name.
    pub fn judge(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
    ) -> Judged {
        let rule_input = RuleInput { error, tool, input };
        if let Some(analysis) = self.rules.iter().find_map(|rule| rule.apply(&rule_input)) {
            return Judged::new(Confidence::Strong, Ok(analysis));
        }
        // Every reader below sees look-alike letters and invisible spaces as
        // the ASCII they stand for (`patterns/fold.rs`): the patterns, the
        // retry hints ("try again in 24\u{a0}hours") and the quota words.
        // Analyses quote the text as it came.
        let folded = fold(error);
        let text = &*folded;
        let found = categories(text);
        // Only the text is evidence that a tool does not exist: a tool that
        // ran and returned an error exists, whatever `known_tools` says.
        // "Tool `x` not found" also says so; it is looked for only when a
        // "not found" or "does not exist" was matched, so most texts skip it.
        let says_not_found = (found.strong | found.weak) & Category::NotFound.bit() != 0;
        if found.strong & Category::UnknownTool.bit() != 0
            || (says_not_found && names_missing_tool(text, tool))
        {
            return Judged::new(Confidence::Strong, Ok(self.unknown_tool(error, tool)));
        }
        let Some(category) = strongest(found) else {
            return Judged::new(
                Confidence::Unmatched,
                Err(ReflectionError::Skipped(format!(
                    "no rule matches: {}",
                    summary(error)
                ))),
            );
        };
        // A credential or permission error is strong however bare (a lone
        // 401): no other reader may call it recoverable for want of words.
        // A quota answer that names a plan or a bill and also says when to
        // retry is both a daily or plan limit and a per-minute one, as the
        // same Gemini text is for different models: the hint decides, but
        // only weakly.
        let wait = retry_wait(text, found);
        let category = if outranks_generic_words(text, category, found, wait) {
            Category::Transient
        } else {
            category
        };
        // A limit of zero is as sure as any pattern, however the quota was
        // worded.
        let zero_quota = category == Category::Quota && quota_is_zero(text);
        let mixed_quota = category == Category::Quota
            && !zero_quota
            && wait.is_some()
            && quota_needs_a_plan(text);
        if let Some((confidence, cause)) = outlasts_a_retry(category, found, wait, zero_quota, text)
        {
            return Judged::new(confidence, Ok(permanent(&cause, error)));
        }
        let hint = || wait.map(format_hint).unwrap_or_default();
        let confidence = Confidence::of_verdict(Verdict {
            category,
            found,
            waits: wait.is_some(),
            mixed_quota,
            zero_quota,
            error: text,
        });
        let analysis = match category {
            Category::Auth => permanent("credentials or permissions were rejected", error),
            Category::Quota if zero_quota => permanent("the plan allows none of this quota", error),
            Category::Quota if quota_resets_soon(text) => transient(
                "a usage quota is exhausted for the current minute",
                error,
                FailureSeverity::Low,
                hint(),
            ),
            Category::Quota if wait.is_some() => transient(
                "a usage quota is exhausted until it resets",
                error,
                FailureSeverity::Low,
                hint(),
            ),
            Category::Quota => permanent("a usage quota is exhausted with no reset time", error),
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
                hint(),
            ),
            Category::Transient => {
                transient("a transient failure", error, FailureSeverity::Low, hint())
            }
        };
        Judged::new(confidence, Ok(analysis))
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

/// Ends `analysis`'s context with [`Confidence::WEAK_MARKER`], where
/// [`Confidence::of`] reads it.
pub(crate) fn mark_weak(analysis: &mut FailureAnalysis) {
    analysis.context = if analysis.context.is_empty() {
        Confidence::WEAK_MARKER.to_owned()
    } else {
        format!("{}; {}", analysis.context, Confidence::WEAK_MARKER)
    };
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
