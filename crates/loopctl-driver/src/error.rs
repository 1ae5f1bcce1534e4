//! The hard errors that end a run: [`LoopError`].

/// Why `dispatch` returned no result at all. Everything else stays soft: a
/// failed call comes back as a [`ToolResult`](crate::ToolResult) with
/// `is_error: true`, so the model can change its plan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LoopError {
    /// The strategy asked for a retry past the hard ceiling.
    ///
    /// `attempts` counts total executions, so `attempts - 1` retries ran.
    #[error(
        "tool `{tool}` was run {attempts} times (1 call + {} retries) and the strategy still asked for another; that is the recovery ceiling, so the run stops here. Make the reflector mark this failure unrecoverable or let the strategy give up sooner",
        attempts.saturating_sub(1)
    )]
    ToolRecoveryExhausted {
        /// The tool name the model originally asked for.
        tool: String,
        /// Total executions, the original call included.
        attempts: u32,
    },
    /// The loop detector saw the same attempt too often in its window.
    #[error(
        "tool `{tool}` was called {repetitions} times with the same primary parameter and got the same result; the agent is looping, so the run stops. Change the plan, or mark expected repeats recoverable in the ToolSignature"
    )]
    LoopDetected {
        /// The tool being repeated.
        tool: String,
        /// How many identical attempts were in the window.
        repetitions: u32,
    },
    /// The cancel signal fired.
    #[error("the run was cancelled")]
    Cancelled,
}
