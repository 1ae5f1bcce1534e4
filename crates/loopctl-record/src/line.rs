//! The recorded line, format version 1: what one failed attempt or one call's outcome looks like in the log.

use loopctl_reflect_core::{FailureAnalysis, RecoveryAction};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The format version this crate writes; readers refuse lines of a newer one.
pub const FORMAT_VERSION: u32 = 1;

/// What a line records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// A failed attempt, its analysis and the decision.
    Attempt,
    /// How a call ended: its last attempt's tool and the outcome.
    Outcome,
}

/// How a call ended, in an `outcome` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The last attempt succeeded.
    Ok,
    /// The call failed softly: skip, ask the user or fail.
    SoftFailure,
}

/// The decision of a recorded attempt, as the strategy (or the driver) made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// `retry`, `skip`, `ask_user` or `fail`.
    pub kind: String,
    /// For `retry`, the delay in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<u64>,
    /// For the others, the reason or prompt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl From<&RecoveryAction> for RecordedAction {
    fn from(action: &RecoveryAction) -> Self {
        let delay_ms = match action {
            RecoveryAction::Retry { delay } => Some(loopctl_reflect_core::millis(*delay)),
            _ => None,
        };
        Self {
            kind: action.kind().to_owned(),
            delay_ms,
            message: action.message().map(str::to_owned),
        }
    }
}

/// One line of the log. Fields not relevant to a kind are absent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedLine {
    /// The format version, [`FORMAT_VERSION`] when written by this crate.
    pub v: u32,
    /// Milliseconds since the Unix epoch.
    pub ts_ms: u64,
    /// `attempt` or `outcome`.
    pub kind: LineKind,
    /// The model's id for the call.
    pub call_id: String,
    /// The tool that ran.
    pub tool: String,
    /// 0 for the original call.
    pub attempt: u32,
    /// The input the attempt ran with, redacted (attempt lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Value>,
    /// The tool's error text (attempt lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The analysis; `null` when reflection failed (attempt lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<FailureAnalysis>,
    /// Why a proposed correction was rejected (attempt lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejected_correction: Option<String>,
    /// The decision (attempt lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<RecordedAction>,
    /// How the call ended (outcome lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// Why a line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LineError {
    /// The line is not JSON, or not of this format.
    #[error("not a recorded line: {0}")]
    Malformed(String),
    /// The line was written by a newer recorder.
    #[error(
        "format version {found} is newer than {FORMAT_VERSION}, the newest this build reads; upgrade loopctl"
    )]
    NewerVersion {
        /// The line's version.
        found: u32,
    },
}

impl RecordedLine {
    /// Parses one line of a log.
    ///
    /// # Errors
    ///
    /// [`LineError`] when the text is not a line of a version this build reads.
    pub fn parse(text: &str) -> Result<Self, LineError> {
        #[derive(Deserialize)]
        struct Version {
            v: u32,
        }
        let version: Version =
            serde_json::from_str(text).map_err(|error| LineError::Malformed(error.to_string()))?;
        if version.v > FORMAT_VERSION {
            return Err(LineError::NewerVersion { found: version.v });
        }
        serde_json::from_str(text).map_err(|error| LineError::Malformed(error.to_string()))
    }
}
