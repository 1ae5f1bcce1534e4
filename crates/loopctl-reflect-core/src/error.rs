//! Why a reflector produced no analysis: [`ReflectionError`].

use serde::{Deserialize, Serialize};

/// A reflector's failure to produce a [`FailureAnalysis`](crate::FailureAnalysis).
///
/// The driver treats any of these as "not recoverable" and fails the call
/// softly: it never guesses on top of a reflector that could not answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ReflectionError {
    /// The reflector itself broke: a model request failed, an answer did not
    /// parse, a proposed fix did not fit the tool's schema.
    #[error("reflector failed: {0}")]
    Internal(String),
    /// The reflector chose not to answer (it has no rule for this failure),
    /// so a fallback reflector in a chain may try instead.
    #[error("reflector skipped this failure: {0}")]
    Skipped(String),
}

impl ReflectionError {
    /// `true` for [`Skipped`](Self::Skipped).
    pub const fn is_skipped(&self) -> bool {
        matches!(self, Self::Skipped(_))
    }

    /// The explanation carried by either variant.
    pub fn message(&self) -> &str {
        match self {
            Self::Internal(text) | Self::Skipped(text) => text,
        }
    }
}
