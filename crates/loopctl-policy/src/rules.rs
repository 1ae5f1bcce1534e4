//! The file's `[[rules]]`: what each matches, and the reflector that lets the first match decide before the built-in reading.

use std::sync::Arc;

use loopctl_reflect_core::{
    FailureAnalysis, FailureSeverity, RecoveryAction, RecoveryStrategy, ReflectionContext,
    ReflectionError, Reflector, ToolSchema,
};
use serde_json::Value;
use wildmatch::WildMatch;

use crate::file::{ActionName, RuleSpec, SeverityName};

/// The line a rule's `skip` or `ask-user` leaves in an analysis's context,
/// for [`ActionStrategy`].
const ACTION_MARK: &str = "loopctl-policy-action: ";

impl RuleSpec {
    /// Whether this rule matches `error` from `tool`: every key it gives
    /// must match.
    pub fn matches(&self, error: &str, tool: &str) -> bool {
        if let Some(pattern) = &self.tool
            && !(pattern == tool || WildMatch::new(pattern).matches(tool))
        {
            return false;
        }
        if let Some(texts) = &self.text
            && !texts
                .as_slice()
                .iter()
                .any(|text| contains_ignoring_case(error, text))
        {
            return false;
        }
        if let Some(regex) = &self.regex
            && !regex.0.is_match(error)
        {
            return false;
        }
        if let Some(statuses) = &self.status {
            let wanted = statuses.as_slice();
            if !loopctl_reflect_rules::http_statuses(error).any(|status| wanted.contains(&status)) {
                return false;
            }
        }
        if let Some(codes) = &self.code
            && !codes.as_slice().iter().any(|code| has_word(error, code))
        {
            return false;
        }
        true
    }

    /// Whether the rule settles recoverability itself (so nothing else
    /// need read the failure).
    pub fn decides(&self) -> bool {
        self.recoverable.is_some() || self.action.is_some()
    }

    /// `base` (the built-in reading, or a default one) with what this rule
    /// sets put over it.
    pub fn apply(&self, error: &str, mut base: FailureAnalysis) -> FailureAnalysis {
        if let Some(recoverable) = self.recoverable {
            base.is_recoverable = recoverable;
        }
        match self.action {
            Some(ActionName::Retry) => base.is_recoverable = true,
            Some(ActionName::Fail) => base.is_recoverable = false,
            Some(ActionName::Skip | ActionName::AskUser) | None => {}
        }
        if let Some(severity) = self.severity {
            base.severity = match severity {
                SeverityName::Low => FailureSeverity::Low,
                SeverityName::Medium => FailureSeverity::Medium,
                SeverityName::High => FailureSeverity::High,
                SeverityName::Critical => FailureSeverity::Critical,
            };
        }
        if let Some(reason) = &self.reason {
            base.root_cause = reason.clone();
        } else if base.root_cause.is_empty() {
            base.root_cause = error.chars().take(200).collect();
        }
        let mut notes = Vec::new();
        if let Some(delay) = self.delay {
            notes.push(loopctl_backoff::format_hint(delay.0));
        }
        match self.action {
            Some(ActionName::Skip) => notes.push(format!("{ACTION_MARK}skip")),
            Some(ActionName::AskUser) => notes.push(format!("{ACTION_MARK}ask-user")),
            _ => {}
        }
        if !notes.is_empty() {
            if !base.context.is_empty() {
                notes.insert(0, std::mem::take(&mut base.context));
            }
            base.context = notes.join("\n");
        }
        base
    }

    /// How the rule reads in `loopctl policy explain`: its name, or what it matches.
    pub fn label(&self, index: usize) -> String {
        let mut parts = Vec::new();
        if let Some(text) = &self.text {
            parts.push(format!("text {:?}", text.as_slice()));
        }
        if let Some(regex) = &self.regex {
            parts.push(format!("regex {:?}", regex.0.as_str()));
        }
        if let Some(status) = &self.status {
            parts.push(format!("status {:?}", status.as_slice()));
        }
        if let Some(code) = &self.code {
            parts.push(format!("code {:?}", code.as_slice()));
        }
        if let Some(tool) = &self.tool {
            parts.push(format!("tool {tool:?}"));
        }
        match &self.name {
            Some(name) => format!("rule {} \"{name}\" ({})", index + 1, parts.join(", ")),
            None => format!("rule {} ({})", index + 1, parts.join(", ")),
        }
    }
}

fn contains_ignoring_case(haystack: &str, needle: &str) -> bool {
    let needle = needle.as_bytes();
    needle.is_empty()
        || haystack
            .as_bytes()
            .windows(needle.len())
            .any(|window| window.eq_ignore_ascii_case(needle))
}

/// `word` in `text` with no letter, digit or `_` on either side.
fn has_word(text: &str, word: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    !word.is_empty()
        && text.match_indices(word).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + word.len()..].chars().next();
            !before.is_some_and(is_word) && !after.is_some_and(is_word)
        })
}

/// The first rule of `rules` that matches, with its index.
pub fn first_match<'r>(
    rules: &'r [RuleSpec],
    error: &str,
    tool: &str,
) -> Option<(usize, &'r RuleSpec)> {
    rules
        .iter()
        .enumerate()
        .find(|(_, rule)| rule.matches(error, tool))
}

/// A reflector that reads a failure with the file's rules first: a rule
/// that settles recoverability answers alone; one that only sets a
/// severity or a delay is put over what `inner` says; no match is `inner`'s.
pub struct PolicyReflector {
    rules: Arc<[RuleSpec]>,
    inner: Arc<dyn Reflector>,
}

impl PolicyReflector {
    /// `rules` in front of `inner`.
    pub fn new(rules: impl Into<Arc<[RuleSpec]>>, inner: Arc<dyn Reflector>) -> Self {
        Self {
            rules: rules.into(),
            inner,
        }
    }
}

impl Reflector for PolicyReflector {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> std::pin::Pin<Box<dyn Future<Output = Result<FailureAnalysis, ReflectionError>> + Send + '_>>
    {
        let matched = first_match(&self.rules, error, tool).map(|(_, rule)| rule.clone());
        let error = error.to_owned();
        let inner = match &matched {
            Some(rule) if rule.decides() => None,
            _ => Some(self.inner.analyze(&error, tool, input, schema, ctx)),
        };
        Box::pin(async move {
            let base = match inner {
                Some(reading) => reading.await?,
                None => FailureAnalysis::recoverable(String::new(), FailureSeverity::Medium),
            };
            Ok(match matched {
                Some(rule) => rule.apply(&error, base),
                None => base,
            })
        })
    }
}

/// A strategy that honours a rule's `skip` and `ask-user`, and leaves every
/// other decision to `inner`.
pub struct ActionStrategy<S> {
    inner: S,
}

impl<S> ActionStrategy<S> {
    /// `inner`, with rule actions honoured.
    pub fn new(inner: S) -> Self {
        Self { inner }
    }
}

impl<S: RecoveryStrategy> RecoveryStrategy for ActionStrategy<S> {
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> std::pin::Pin<Box<dyn Future<Output = RecoveryAction> + Send + '_>> {
        let action = analysis
            .context
            .lines()
            .find_map(|line| line.strip_prefix(ACTION_MARK));
        match action {
            Some("skip") => {
                let why = analysis.root_cause.clone();
                Box::pin(async move { RecoveryAction::Skip(why) })
            }
            Some("ask-user") => {
                let why = analysis.root_cause.clone();
                Box::pin(async move { RecoveryAction::AskUser(why) })
            }
            _ => self.inner.decide(analysis, attempt, max_attempts),
        }
    }

    fn record_attempt(&self, tool: &str, outcome: loopctl_reflect_core::AttemptOutcome) {
        self.inner.record_attempt(tool, outcome);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(text: &str) -> RuleSpec {
        let file = crate::check(text).unwrap();
        file.rules[0].clone()
    }

    #[test]
    fn every_key_given_must_match() {
        let billing = rule(
            "[[rules]]\nstatus = 402\ntext = \"quota\"\ntool = \"pay*\"\nrecoverable = false\n",
        );
        assert!(billing.matches("HTTP 402: insufficient QUOTA", "payments"));
        assert!(!billing.matches("HTTP 402: insufficient quota", "search"));
        assert!(!billing.matches("HTTP 429: insufficient quota", "pay"));
        assert!(!billing.matches("HTTP 402: card declined", "pay"));
        // A number that is no status does not count.
        assert!(!billing.matches("order 402 has no quota left", "pay"));
    }

    #[test]
    fn codes_match_as_words() {
        let reset = rule("[[rules]]\ncode = [\"ECONNRESET\", \"1205\"]\nrecoverable = true\n");
        assert!(reset.matches("read ECONNRESET", "t"));
        assert!(reset.matches("Error 1205 (HY000): Lock wait timeout", "t"));
        assert!(!reset.matches("xECONNRESETx", "t"));
        assert!(!reset.matches("error 12055", "t"));
    }
}
