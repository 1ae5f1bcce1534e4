//! [`ToolOutput`]: what one execution of a tool produced, and the facts a tool may add to a failure (its own ending, a note for the reflector, an outcome it cannot vouch for).

use std::borrow::Cow;
use std::fmt;

use loopctl_reflect_core::RecoveryAction;

/// What one execution of a tool produced.
///
/// Built with [`success`](Self::success) or [`error`](Self::error); a tool
/// that knows better than any reflector how its failure must end (an MCP
/// call whose outcome is unknown, a server asking a person for input) says
/// so with [`settled`](Self::settled).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolOutput {
    /// The text that goes back to the model.
    pub content: String,
    /// `true` when the tool failed; the driver then reflects and recovers.
    pub is_error: bool,
    /// The tool's own ending for this failure; see [`settled`](Self::settled).
    settled: Option<RecoveryAction>,
    /// What only the reflector reads; see [`with_reflector_note`](Self::with_reflector_note).
    reflector_note: Option<String>,
    /// The call may have taken effect; see [`outcome_unknown`](Self::outcome_unknown).
    outcome_unknown: bool,
}

impl ToolOutput {
    /// A successful output.
    pub fn success(content: impl Into<String>) -> Self {
        Self {
            content: content.into(),
            is_error: false,
            settled: None,
            reflector_note: None,
            outcome_unknown: false,
        }
    }

    /// A failed output; `content` is the error text a reflector reads.
    pub fn error(content: impl Into<String>) -> Self {
        Self {
            content: content.into(),
            is_error: true,
            settled: None,
            reflector_note: None,
            outcome_unknown: false,
        }
    }

    /// Ends this failure with `action` instead of asking the reflector and
    /// the strategy: `Fail` or `Skip` when running the call again could do
    /// harm, `AskUser` when only a person can supply what is missing.
    ///
    /// Only a tool's own facts belong here, never a guess: the driver
    /// applies the action as it is, records it like any other decision, and
    /// returns the call softly. A `Retry` is ignored (the driver then
    /// reflects as usual), so a tool can end its retries but never force
    /// one; a successful output ignores it too.
    ///
    /// ```
    /// use loopctl_driver::ToolOutput;
    /// use loopctl_reflect_core::RecoveryAction;
    ///
    /// let output = ToolOutput::error("payment outcome unknown: the connection closed")
    ///     .settled(RecoveryAction::Fail("check the ledger before charging again".into()));
    /// assert!(output.settled_action().is_some());
    /// ```
    #[must_use]
    pub fn settled(mut self, action: RecoveryAction) -> Self {
        self.settled = match action {
            RecoveryAction::Retry { .. } => None,
            ending => Some(ending),
        };
        self
    }

    /// Adds `note` to what the reflector reads of this failure, and to
    /// nothing else: not the model's text, the result, the history or the
    /// observers. For details an operator wants judged but the model must
    /// not see, such as an error's internal message. An LLM reflector sends
    /// what it reads to its own model.
    #[must_use]
    pub fn with_reflector_note(mut self, note: impl Into<String>) -> Self {
        self.reflector_note = Some(note.into());
        self
    }

    /// Says that this failed call may nevertheless have taken effect: the
    /// request reached the tool (a server, a service) and its answer was
    /// lost to a time-out or a dropped connection.
    ///
    /// The tool states the fact; the driver's safety policy decides what it
    /// means: a tool declared idempotent, or one that honours idempotency
    /// keys, may run again; one with an outcome check is asked whether the
    /// call happened; any other call ends here and is never repeated on a
    /// guess.
    #[must_use]
    pub fn outcome_unknown(mut self) -> Self {
        self.outcome_unknown = self.is_error;
        self
    }

    /// Whether this failed output says its call may have taken effect.
    pub fn is_outcome_unknown(&self) -> bool {
        self.is_error && self.outcome_unknown
    }

    /// The note added by [`with_reflector_note`](Self::with_reflector_note).
    pub fn reflector_note(&self) -> Option<&str> {
        self.reflector_note.as_deref()
    }

    /// The text the reflector is given: the content, then the note.
    pub(crate) fn text_for_reflector(&self) -> Cow<'_, str> {
        match &self.reflector_note {
            None => Cow::Borrowed(&self.content),
            Some(note) => Cow::Owned(format!("{}\n{note}", self.content)),
        }
    }

    /// The ending the tool chose with [`settled`](Self::settled), for a failed output.
    pub fn settled_action(&self) -> Option<&RecoveryAction> {
        if self.is_error {
            self.settled.as_ref()
        } else {
            None
        }
    }
}

/// A string is a successful output.
impl From<String> for ToolOutput {
    fn from(content: String) -> Self {
        Self::success(content)
    }
}

/// A string is a successful output.
impl From<&'static str> for ToolOutput {
    fn from(content: &'static str) -> Self {
        Self::success(content)
    }
}

impl<T: Into<String>, E: fmt::Display> From<Result<T, E>> for ToolOutput {
    fn from(result: Result<T, E>) -> Self {
        match result {
            Ok(content) => Self::success(content),
            Err(error) => Self::error(error.to_string()),
        }
    }
}
