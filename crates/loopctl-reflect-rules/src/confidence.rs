//! How sure the rules are of a verdict: a specific pattern decided it, only generic words did, or nothing matched.

use std::fmt;

use loopctl_reflect_core::{FailureAnalysis, ReflectionError};

use crate::patterns::{Category, Found};
use crate::text::names_a_long_period;

/// How sure the rule reflector is of a verdict, least sure first.
///
/// ```
/// use loopctl_reflect_rules::{Confidence, RuleReflector};
/// use serde_json::json;
///
/// let rules = RuleReflector::new();
/// let judged = rules.judge("FileNotFoundError: [Errno 2] No such file or directory: 'in.csv'", "fetch", &json!({}), None);
/// assert_eq!(judged.confidence, Confidence::Strong);
/// // A reset names its failure, not whether it passes; advice does.
/// let judged = rules.judge("ECONNRESET: socket hang up", "fetch", &json!({}), None);
/// assert_eq!(judged.confidence, Confidence::Weak);
/// let judged = rules.judge("ECONNRESET, please try again", "fetch", &json!({}), None);
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
    /// Only generic words decided ("timeout", "not found", a bare status
    /// code), or a specific pattern said the failure will pass while the
    /// text gave no wait and no advice to retry.
    Weak,
    /// A specific pattern decided (an error code, an exception class, a
    /// server's fixed message), or a rule of yours, or a text naming a tool
    /// that does not exist. A verdict that the failure will pass is strong
    /// only when the text also names a wait or advises a retry; one that it
    /// will last, or that credentials were refused, only when the text
    /// names no passing failure beside it (a 429, "rate limit", gRPC's
    /// `Aborted`).
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

    /// Whether `analysis` is a weak verdict of the rules, as its context
    /// says ([`WEAK_MARKER`](Self::WEAK_MARKER), last): `Weak` then, and
    /// `Strong` for any other analysis, whoever made it. The marker is
    /// read only at the end, where the rules put it, so an error text
    /// quoted earlier in a context does not count.
    pub fn of(analysis: &FailureAnalysis) -> Self {
        let context = analysis.context.as_str();
        let marked = context == Self::WEAK_MARKER
            || context
                .strip_suffix(Self::WEAK_MARKER)
                .is_some_and(|before| before.ends_with("; "));
        if marked { Self::Weak } else { Self::Strong }
    }
}

/// What the confidence of a verdict of the patterns is decided from.
pub(crate) struct Verdict<'a> {
    /// The deciding category.
    pub(crate) category: Category,
    /// Every match, by tier.
    pub(crate) found: Found,
    /// The text names a wait a retry may honour.
    pub(crate) waits: bool,
    /// A quota that names a plan and a wait.
    pub(crate) mixed_quota: bool,
    /// A quota whose limit is zero.
    pub(crate) zero_quota: bool,
    /// The error text.
    pub(crate) error: &'a str,
}

impl Confidence {
    /// How sure a verdict of the patterns is.
    pub(crate) fn of_verdict(verdict: Verdict<'_>) -> Self {
        let Verdict {
            category,
            found,
            waits,
            mixed_quota,
            zero_quota,
            error,
        } = verdict;
        // Strong patterns of a lasting and a passing failure in one text
        // decide by priority, but only weakly. A failure named exactly may
        // still pass or stay, whatever its name: it passes for sure only
        // when the system says so, with a wait or in words (`advice.rs`).
        // Advice next to a day or a month ("Daily limit reached. Please try
        // again later") is no sure sign of a passing failure.
        // A credential word beside it ("The API key you supplied has been
        // revoked. The server is overloaded, please try again.") leaves
        // even an advised retry unsure.
        let unsure_it_passes = category.passes()
            && (found.vague_credentials
                || !waits && (!found.advised || names_a_long_period(error)));
        // A credential verdict stands whatever else the text says, and
        // rules alone never retry it; but when only a generic word decided
        // it, or a strong pattern of a passing failure stands beside it
        // (Microsoft Graph's 429 sent as `accessDenied`), it is no longer
        // sure, and the next reader may see what the rules cannot.
        let unsure_of_credentials = category == Category::Auth && found.unsure_of_credentials();
        let unsure = (found.strong == 0 || mixed_quota || found.conflicted() || unsure_it_passes)
            && category != Category::Auth
            && !zero_quota;
        if unsure || unsure_of_credentials {
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
