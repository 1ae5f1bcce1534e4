//! [`AttemptObserver`]: hears the start and end of every attempt and every recovery decision.

use std::time::Duration;

use loopctl_reflect_core::{FailureAnalysis, RecoveryAction};
use serde_json::Value;

/// An attempt is about to run.
#[derive(Debug, Clone, Copy)]
pub struct AttemptStarted<'a> {
    /// The tool about to run (after any correction).
    pub tool: &'a str,
    /// The model's id for the call.
    pub call_id: &'a str,
    /// 0 for the original call.
    pub attempt: u32,
}

/// An attempt finished (or was blocked before running).
#[derive(Debug, Clone, Copy)]
pub struct AttemptFinished<'a> {
    /// The tool that ran.
    pub tool: &'a str,
    /// The model's id for the call.
    pub call_id: &'a str,
    /// 0 for the original call.
    pub attempt: u32,
    /// How long the attempt took.
    pub duration: Duration,
    /// Whether it ended in an error result.
    pub is_error: bool,
    /// Whether it ran at all (`false` when a hook or an open circuit stopped it).
    pub executed: bool,
}

/// A failed attempt was analysed and the strategy decided.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct RecoveryDecided<'a> {
    /// The tool that failed.
    pub tool: &'a str,
    /// The model's id for the call.
    pub call_id: &'a str,
    /// 0 for the original call.
    pub attempt: u32,
    /// The input the failed attempt ran with.
    pub input: &'a Value,
    /// The failed attempt's error text.
    pub error: &'a str,
    /// The analysis, or `None` when reflection failed. It is present when
    /// the analysis came back but its correction was rejected.
    pub analysis: Option<&'a FailureAnalysis>,
    /// Why the analysis's correction was rejected, when it was: with
    /// `schema_validation`, an `InputFix` that breaks the tool's schema (the
    /// call then fails softly: `action` is `Fail`); or a correction the
    /// [`SafetyPolicy`](crate::SafetyPolicy) refuses because it would
    /// escalate the call (`action` stays `Retry`, and the retry runs uncorrected).
    pub rejected_correction: Option<&'a str>,
    /// The decision.
    pub action: &'a RecoveryAction,
}

/// Hears about every attempt. Methods are called inline on the driver's
/// task, so keep them quick; all have empty defaults.
///
/// Start and end events are always paired per attempt, except when a cancel
/// interrupts the attempt: then the start has no end.
pub trait AttemptObserver: Send + Sync {
    /// An attempt is about to run.
    fn attempt_started(&self, event: &AttemptStarted<'_>) {
        let _ = event;
    }

    /// An attempt finished.
    fn attempt_finished(&self, event: &AttemptFinished<'_>) {
        let _ = event;
    }

    /// The strategy decided what to do about a failed attempt.
    fn recovery_decided(&self, event: &RecoveryDecided<'_>) {
        let _ = event;
    }
}
