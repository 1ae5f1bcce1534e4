//! User-defined rules: a pattern or a predicate that, when it matches, gives an analysis.

use std::fmt;
use std::sync::Arc;

use aho_corasick::AhoCorasick;
use loopctl_reflect_core::FailureAnalysis;
use serde_json::Value;

/// What a rule looks at.
#[derive(Debug, Clone, Copy)]
pub struct RuleInput<'a> {
    /// The error text.
    pub error: &'a str,
    /// The tool that failed.
    pub tool: &'a str,
    /// Its input.
    pub input: &'a Value,
}

type Predicate = Arc<dyn Fn(&RuleInput<'_>) -> bool + Send + Sync>;
type Respond = Arc<dyn Fn(&RuleInput<'_>) -> FailureAnalysis + Send + Sync>;

#[derive(Clone)]
enum Condition {
    /// Any of the literals, ignoring ASCII case; compiled once.
    Contains(Option<Arc<AhoCorasick>>),
    Predicate(Predicate),
}

/// One user rule. Rules run before the built-in ones, in the order they were
/// added; the first that matches answers.
///
/// ```
/// use loopctl_reflect_core::{FailureAnalysis, FailureSeverity};
/// use loopctl_reflect_rules::{Rule, RuleReflector};
///
/// let reflector = RuleReflector::new()
///     .with_rule(Rule::when_contains(["card_declined"], |_| {
///         FailureAnalysis::unrecoverable("the card was declined", FailureSeverity::High)
///     }))
///     .with_rule(
///         Rule::when(|input| input.error.starts_with("E1234"), |input| {
///             FailureAnalysis::recoverable(input.error, FailureSeverity::Low)
///         })
///         .for_tool("legacy_api"),
///     );
/// # let _ = reflector;
/// ```
#[derive(Clone)]
pub struct Rule {
    tool: Option<String>,
    condition: Condition,
    respond: Respond,
}

impl Rule {
    /// Matches when the error contains any of `patterns`, ignoring ASCII case.
    pub fn when_contains<I, S>(
        patterns: I,
        respond: impl Fn(&RuleInput<'_>) -> FailureAnalysis + Send + Sync + 'static,
    ) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<[u8]>,
    {
        let automaton = AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(patterns)
            .ok()
            .map(Arc::new);
        Self {
            tool: None,
            condition: Condition::Contains(automaton),
            respond: Arc::new(respond),
        }
    }

    /// Matches when `predicate` says so.
    pub fn when(
        predicate: impl Fn(&RuleInput<'_>) -> bool + Send + Sync + 'static,
        respond: impl Fn(&RuleInput<'_>) -> FailureAnalysis + Send + Sync + 'static,
    ) -> Self {
        Self {
            tool: None,
            condition: Condition::Predicate(Arc::new(predicate)),
            respond: Arc::new(respond),
        }
    }

    /// Applies the rule to one tool only.
    #[must_use]
    pub fn for_tool(mut self, tool: impl Into<String>) -> Self {
        self.tool = Some(tool.into());
        self
    }

    /// The rule's analysis, when it applies to `input`.
    pub fn apply(&self, input: &RuleInput<'_>) -> Option<FailureAnalysis> {
        if self.tool.as_deref().is_some_and(|tool| tool != input.tool) {
            return None;
        }
        let matched = match &self.condition {
            Condition::Contains(Some(automaton)) => automaton.is_match(input.error),
            Condition::Contains(None) => false,
            Condition::Predicate(predicate) => predicate(input),
        };
        matched.then(|| (self.respond)(input))
    }
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.condition {
            Condition::Contains(_) => "contains",
            Condition::Predicate(_) => "predicate",
        };
        f.debug_struct("Rule")
            .field("tool", &self.tool)
            .field("condition", &kind)
            .finish_non_exhaustive()
    }
}
