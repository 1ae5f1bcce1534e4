//! What a recovery strategy tells the driver to do next: [`RecoveryAction`].

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A recovery strategy's decision for one failed attempt.
///
/// Only [`Retry`](Self::Retry) runs the call again. The other three end the
/// call *softly*: the original error result goes back to the model, which can
/// change its plan. Only a cancel or the hard ceiling end a run.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecoveryAction {
    /// Wait `delay` (racing the cancel signal), apply the correction, run again.
    Retry {
        /// How long to wait before the next attempt; zero means at once.
        delay: Duration,
    },
    /// Give up on this call and move on; the text says why.
    Skip(String),
    /// Hand the failure back with a prompt saying a person must decide.
    AskUser(String),
    /// Stop retrying; the text says why.
    Fail(String),
}

impl RecoveryAction {
    /// A retry after `delay`.
    pub const fn retry(delay: Duration) -> Self {
        Self::Retry { delay }
    }

    /// A retry with no wait.
    pub const fn retry_now() -> Self {
        Self::Retry {
            delay: Duration::ZERO,
        }
    }

    /// `true` for [`Retry`](Self::Retry).
    pub const fn is_retry(&self) -> bool {
        matches!(self, Self::Retry { .. })
    }

    /// `true` for [`Skip`](Self::Skip).
    pub const fn is_skip(&self) -> bool {
        matches!(self, Self::Skip(_))
    }

    /// `true` for [`AskUser`](Self::AskUser).
    pub const fn is_ask_user(&self) -> bool {
        matches!(self, Self::AskUser(_))
    }

    /// `true` for [`Fail`](Self::Fail).
    pub const fn is_fail(&self) -> bool {
        matches!(self, Self::Fail(_))
    }

    /// The wait before the next attempt, for a retry.
    pub const fn delay(&self) -> Option<Duration> {
        match self {
            Self::Retry { delay } => Some(*delay),
            _ => None,
        }
    }

    /// The reason or prompt carried by `Skip`, `AskUser` and `Fail`.
    pub fn message(&self) -> Option<&str> {
        match self {
            Self::Retry { .. } => None,
            Self::Skip(text) | Self::AskUser(text) | Self::Fail(text) => Some(text),
        }
    }

    /// A lower-case name for logs and events: `retry`, `skip`, `ask_user` or `fail`.
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Retry { .. } => "retry",
            Self::Skip(_) => "skip",
            Self::AskUser(_) => "ask_user",
            Self::Fail(_) => "fail",
        }
    }
}
