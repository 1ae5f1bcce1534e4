//! How sure the rules are of a verdict: a specific pattern decided it, only generic words did, or nothing matched.

use std::fmt;

use loopctl_reflect_core::{FailureAnalysis, ReflectionError};

/// How sure the rule reflector is of a verdict, least sure first.
///
/// ```
/// use loopctl_reflect_rules::{Confidence, RuleReflector};
/// use serde_json::json;
///
/// let rules = RuleReflector::new();
/// let judged = rules.judge("ECONNRESET: socket hang up", "fetch", &json!({}), None);
/// assert_eq!(judged.confidence, Confidence::Strong);
/// let judged = rules.judge("the job timed out", "fetch", &json!({}), None);
/// assert_eq!(judged.confidence, Confidence::Weak);
/// let judged = rules.judge("the sky is green", "fetch", &json!({}), None);
/// assert_eq!(judged.confidence, Confidence::Unmatched);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[non_exhaustive]
pub enum Confidence {
    /// Nothing matched: the rules skip the failure.
    #[default]
    Unmatched,
    /// Only generic words decided: "timeout", "not found", a bare status code.
    Weak,
    /// A specific pattern decided (an error code, an exception class, a
    /// server's fixed message), or a rule of yours, or a text naming a tool
    /// that does not exist.
    Strong,
}

impl Confidence {
    /// What a weak verdict's context carries, so that whoever reads the
    /// analysis (a log, `replay`, a model) knows how sure the rules were.
    pub const WEAK_MARKER: &'static str = "rules-confidence: weak";

    /// `unmatched`, `weak` or `strong`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Unmatched => "unmatched",
            Self::Weak => "weak",
            Self::Strong => "strong",
        }
    }

    /// The level `text` names (`weak`, `strong`, `unmatched`), ignoring case.
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Unmatched, Self::Weak, Self::Strong]
            .into_iter()
            .find(|level| level.as_str().eq_ignore_ascii_case(text.trim()))
    }

    /// How sure the rules were of `analysis`, as its context says: weak when
    /// it carries [`WEAK_MARKER`](Self::WEAK_MARKER), strong otherwise.
    pub fn of(analysis: &FailureAnalysis) -> Self {
        if analysis.context.contains(Self::WEAK_MARKER) {
            Self::Weak
        } else {
            Self::Strong
        }
    }
}

impl fmt::Display for Confidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A verdict of the rules and how sure they are of it.
#[derive(Debug)]
#[non_exhaustive]
pub struct Judged {
    /// How sure the rules are.
    pub confidence: Confidence,
    /// The analysis, or the skip when nothing matched.
    pub result: Result<FailureAnalysis, ReflectionError>,
}

impl Judged {
    pub(crate) fn new(
        confidence: Confidence,
        result: Result<FailureAnalysis, ReflectionError>,
    ) -> Self {
        Self { confidence, result }
    }
}
