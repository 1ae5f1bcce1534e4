//! Tools as the driver sees them: the [`Tool`] trait, calls, outputs, results, and closures as tools.

use std::borrow::Cow;
use std::fmt;
use std::future::Future;
use std::pin::Pin;

use loopctl_reflect_core::{RecoveryAction, ToolSchema};
use serde_json::Value;

use crate::history::AttemptRecord;
use crate::risk::ToolRisk;

/// The boxed future a [`Tool`] returns.
pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = ToolOutput> + Send + 'a>>;

/// Something an agent can call.
///
/// Failures are data: return [`ToolOutput::error`] rather than panicking.
/// (A panic is caught and turned into an error output all the same.)
pub trait Tool: Send + Sync {
    /// The tool's name, description and input schema.
    fn schema(&self) -> &ToolSchema;

    /// Runs the tool once on `input`.
    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a>;

    /// What running this tool can do; [`ToolRisk::Unknown`] (treated as
    /// destructive) unless the tool says otherwise. A declaration made on
    /// the registry ([`ToolRegistry::declare_risk`](crate::ToolRegistry::declare_risk))
    /// takes precedence.
    fn risk(&self) -> ToolRisk {
        ToolRisk::Unknown
    }

    /// Whether a call whose outcome is unknown may run again: when the
    /// driver's tool time-out stops a call, the tool may already have done
    /// its work. `true` unless the tool is declared
    /// [`Destructive`](ToolRisk::Destructive); a tool that is not, the
    /// driver settles such a call as `Fail` instead of reflecting on it.
    fn may_run_twice(&self) -> bool {
        self.risk() != ToolRisk::Destructive
    }
}

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
}

impl ToolOutput {
    /// A successful output.
    pub fn success(content: impl Into<String>) -> Self {
        Self {
            content: content.into(),
            is_error: false,
            settled: None,
            reflector_note: None,
        }
    }

    /// A failed output; `content` is the error text a reflector reads.
    pub fn error(content: impl Into<String>) -> Self {
        Self {
            content: content.into(),
            is_error: true,
            settled: None,
            reflector_note: None,
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

/// A model's request to run a tool.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCall {
    /// The id the model gave the call; the result carries it back.
    pub id: String,
    /// The registry name of the tool.
    pub name: String,
    /// The input, normally a JSON object.
    pub input: Value,
}

impl ToolCall {
    /// A call of tool `name` with `input`.
    pub fn new(id: impl Into<String>, name: impl Into<String>, input: Value) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            input,
        }
    }
}

/// How a call ended after recovery, as the caller and the model see it.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ToolResult {
    /// The id of the call this answers.
    pub tool_call_id: String,
    /// The last execution's output text. For a soft failure this is the
    /// tool's own last error text, unchanged.
    pub content: String,
    /// `true` when the call failed in the end.
    pub is_error: bool,
    /// The tool that ran last (differs from the request after a `ToolChange`).
    pub tool: String,
    /// How many executions ran (1 when the first succeeded).
    pub attempts: u32,
    /// The strategy's last decision; `None` when the call succeeded without
    /// needing one. For a soft failure it is `Skip`, `AskUser` or `Fail`.
    pub final_action: Option<RecoveryAction>,
    /// Every failed attempt, in order, when the driver keeps a history
    /// ([`Dispatcher::with_attempt_history`](crate::Dispatcher::with_attempt_history));
    /// empty otherwise.
    pub history: Vec<AttemptRecord>,
    /// For a soft failure, what the analysis says the model should change,
    /// when the driver hands it over
    /// ([`Dispatcher::with_guidance_for_model`](crate::Dispatcher::with_guidance_for_model)).
    pub guidance: Option<String>,
}

impl ToolResult {
    /// The result of a call whose last execution (0-based `attempt`) gave `output`.
    pub(crate) fn finished(
        tool_call_id: String,
        output: ToolOutput,
        tool: String,
        attempt: u32,
        final_action: Option<RecoveryAction>,
    ) -> Self {
        Self {
            tool_call_id,
            content: output.content,
            is_error: output.is_error,
            tool,
            attempts: attempt + 1,
            final_action,
            history: Vec::new(),
            guidance: None,
        }
    }

    /// The text to hand the model: the content, plus, for `AskUser`, a note
    /// that a person must decide, with the strategy's prompt, and the
    /// analysis's [`guidance`](Self::guidance) when the driver hands it over.
    /// Borrowed when there is nothing to add.
    pub fn content_for_model(&self) -> Cow<'_, str> {
        text_for_model(
            &self.content,
            self.final_action.as_ref(),
            self.guidance.as_deref(),
        )
    }
}

/// The model-visible text of a result: `content`, with the `AskUser` prompt
/// and the guidance appended when there are any; borrowed otherwise.
pub(crate) fn text_for_model<'a>(
    content: &'a str,
    final_action: Option<&RecoveryAction>,
    guidance: Option<&str>,
) -> Cow<'a, str> {
    let ask = match final_action {
        Some(RecoveryAction::AskUser(prompt)) => Some(prompt),
        _ => None,
    };
    if ask.is_none() && guidance.is_none() {
        return Cow::Borrowed(content);
    }
    let mut text = content.to_owned();
    if let Some(prompt) = ask {
        text.push_str("\n\n[A human decision is needed before this is retried: ");
        text.push_str(prompt);
        text.push(']');
    }
    if let Some(guidance) = guidance {
        text.push_str("\n\n[");
        text.push_str(guidance);
        text.push(']');
    }
    Cow::Owned(text)
}

/// A tool made from a closure: `Fn(&Value) -> impl Future<Output = ToolOutput>`.
///
/// The returned future must own what it uses: read or clone the parts of the
/// input you need before the `async move` block.
///
/// ```
/// use loopctl_driver::{FnTool, ToolOutput};
/// use loopctl_reflect_core::ToolSchema;
/// use serde_json::json;
///
/// let echo = FnTool::new(
///     ToolSchema::new("echo", "Echoes `text`", json!({"type": "object"})),
///     |input| {
///         let text = input["text"].as_str().map(str::to_owned);
///         async move {
///             match text {
///                 Some(text) => ToolOutput::success(text),
///                 None => ToolOutput::error("missing field `text`"),
///             }
///         }
///     },
/// );
/// # let _ = echo;
/// ```
pub struct FnTool<F> {
    schema: ToolSchema,
    function: F,
    risk: ToolRisk,
}

impl<F, Fut> FnTool<F>
where
    F: Fn(&Value) -> Fut + Send + Sync,
    Fut: Future<Output = ToolOutput> + Send + 'static,
{
    /// A tool with `schema` that runs `function`.
    pub fn new(schema: ToolSchema, function: F) -> Self {
        Self {
            schema,
            function,
            risk: ToolRisk::Unknown,
        }
    }

    /// Declares what running the tool can do (see [`ToolRisk`]).
    #[must_use]
    pub fn with_risk(mut self, risk: ToolRisk) -> Self {
        self.risk = risk;
        self
    }
}

impl<F> fmt::Debug for FnTool<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FnTool")
            .field("name", &self.schema.name)
            .field("risk", &self.risk)
            .finish_non_exhaustive()
    }
}

impl<F, Fut> Tool for FnTool<F>
where
    F: Fn(&Value) -> Fut + Send + Sync,
    Fut: Future<Output = ToolOutput> + Send + 'static,
{
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        Box::pin((self.function)(input))
    }

    fn risk(&self) -> ToolRisk {
        self.risk
    }
}
