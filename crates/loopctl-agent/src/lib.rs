//! [`Agent`]: the model-tools loop, with every tool call run through the loopctl driver.
//!
//! The driver recovers each call; the agent carries the model's turns: it
//! sends the conversation, runs the turn's tool calls through
//! [`Dispatcher::dispatch_borrowed`], and hands every result back, soft
//! failures included, so the model can change its plan. It lives in its own
//! crate so that a `Dispatcher` user compiles no LLM client.
//!
//! ```
//! use std::sync::Arc;
//!
//! use loopctl_agent::{Agent, AgentStop};
//! use loopctl_driver::ToolRegistry;
//! use loopctl_llm::{ChatFuture, ChatModel, ChatRequest, ChatResponse};
//!
//! /// A model that answers at once.
//! struct Answers;
//!
//! impl ChatModel for Answers {
//!     fn chat<'a>(&'a self, _request: ChatRequest<'a>) -> ChatFuture<'a> {
//!         Box::pin(async {
//!             Ok(ChatResponse { text: Some("42".into()), ..ChatResponse::default() })
//!         })
//!     }
//! }
//!
//! # tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap().block_on(async {
//! let agent = Agent::new(Arc::new(Answers), ToolRegistry::new());
//! let run = agent.run("What is six times seven?").await.unwrap();
//! assert_eq!(run.answer.as_deref(), Some("42"));
//! assert_eq!(run.stop, AgentStop::FinalAnswer);
//! # });
//! ```

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use loopctl_driver::{CallRef, Dispatcher, Finished, Guarded, LoopError, ToolRegistry, guard};
use loopctl_llm::{
    ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatToolCall, LlmError, ToolArguments,
};
use loopctl_reflect_core::{RecoveryStrategy, Reflector, ToolSchema};

/// Why a run stopped without a hard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum AgentStop {
    /// The model answered without calling tools.
    FinalAnswer,
    /// The turn limit was reached first.
    TurnLimit,
}

/// The outcome of [`Agent::run`].
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AgentRun {
    /// The model's last text, if any.
    pub answer: Option<String>,
    /// How many model turns ran.
    pub turns: u32,
    /// Why the run stopped.
    pub stop: AgentStop,
    /// The whole conversation, task first.
    pub messages: Vec<ChatMessage>,
}

/// A run that ended without an answer.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AgentError {
    /// A hard error of the driver: cancel, recovery exhausted, loop detected.
    #[error(transparent)]
    Loop(#[from] LoopError),
    /// The chat model could not be reached or answered nonsense.
    #[error("the chat model failed: {0}")]
    Model(#[source] LlmError),
    /// The chat model's client panicked.
    #[error("the chat model client panicked: {0}")]
    ModelPanicked(String),
}

/// Runs turns of model, then tool calls, then results, until the model
/// answers, the turn limit is reached, or a hard error ends the run.
///
/// Each turn's tool calls go through [`Dispatcher::dispatch_batch_for_task`]
/// with the agent's task, so the reflector sees it in
/// [`ReflectionContext::task`](loopctl_reflect_core::ReflectionContext).
/// Soft failures go back to the model, which can change its plan; arguments
/// the model garbled go back as an error result without running anything.
pub struct Agent {
    model: Arc<dyn ChatModel>,
    dispatcher: Dispatcher,
    tools: Vec<ToolSchema>,
    system_prompt: Option<String>,
    max_turns: u32,
}

impl Agent {
    /// The default turn limit: 16.
    pub const DEFAULT_MAX_TURNS: u32 = 16;

    /// An agent over `model` and `registry` with the driver's defaults.
    pub fn new(model: Arc<dyn ChatModel>, registry: ToolRegistry) -> Self {
        Self::with_dispatcher(model, Dispatcher::new(registry))
    }

    /// An agent that runs its tool calls through `dispatcher`.
    pub fn with_dispatcher(model: Arc<dyn ChatModel>, dispatcher: Dispatcher) -> Self {
        let tools = dispatcher
            .registry()
            .schemas()
            .into_iter()
            .cloned()
            .collect();
        Self {
            model,
            dispatcher,
            tools,
            system_prompt: None,
            max_turns: Self::DEFAULT_MAX_TURNS,
        }
    }

    /// Replaces the reflector.
    pub fn set_reflector(&mut self, reflector: Arc<dyn Reflector>) {
        self.dispatcher.set_reflector(reflector);
    }

    /// Replaces the recovery strategy.
    pub fn set_recovery_strategy(&mut self, strategy: Arc<dyn RecoveryStrategy>) {
        self.dispatcher.set_recovery_strategy(strategy);
    }

    /// Instructions sent with every turn.
    #[must_use]
    pub fn with_system_prompt(mut self, system_prompt: impl Into<String>) -> Self {
        self.system_prompt = Some(system_prompt.into());
        self
    }

    /// The most model turns one run may take (at least 1).
    #[must_use]
    pub fn with_max_turns(mut self, max_turns: u32) -> Self {
        self.max_turns = max_turns.max(1);
        self
    }

    /// The driver the agent runs tool calls through.
    pub fn dispatcher(&self) -> &Dispatcher {
        &self.dispatcher
    }

    /// Runs `task` to an answer, the turn limit, or a hard error.
    pub async fn run(&self, task: &str) -> Result<AgentRun, AgentError> {
        let mut messages = vec![ChatMessage::User(task.to_owned())];
        let mut answer = None;
        for turn in 1..=self.max_turns {
            let request = ChatRequest {
                system: self.system_prompt.as_deref(),
                messages: &messages,
                tools: &self.tools,
            };
            let response = match guard(
                self.model.chat(request),
                None,
                self.dispatcher.cancel_signal(),
            )
            .await
            {
                Guarded::Done(Ok(response)) => response,
                Guarded::Done(Err(error)) => return Err(AgentError::Model(error)),
                Guarded::Panicked(message) => return Err(AgentError::ModelPanicked(message)),
                Guarded::TimedOut(_) | Guarded::Cancelled => {
                    return Err(LoopError::Cancelled.into());
                }
            };
            // The model's calls move into the history; the driver runs them
            // from there, borrowed, so nothing of a call is copied but its id
            // for the result message.
            let ChatResponse {
                text, tool_calls, ..
            } = response;
            answer.clone_from(&text);
            if tool_calls.is_empty() {
                messages.push(ChatMessage::Assistant { text, tool_calls });
                return Ok(AgentRun {
                    answer,
                    turns: turn,
                    stop: AgentStop::FinalAnswer,
                    messages,
                });
            }
            // The calls are run borrowed from the assistant message, which
            // joins the history after them so the results can go straight in.
            let ended = self.run_tool_calls(&tool_calls, task).await?;
            messages.reserve(tool_calls.len() + 1);
            messages.push(ChatMessage::Assistant {
                text,
                tool_calls: Vec::new(),
            });
            let assistant = messages.len() - 1;
            push_results(&mut messages, &tool_calls, ended);
            if let Some(ChatMessage::Assistant {
                tool_calls: slot, ..
            }) = messages.get_mut(assistant)
            {
                *slot = tool_calls;
            }
        }
        Ok(AgentRun {
            answer,
            turns: self.max_turns,
            stop: AgentStop::TurnLimit,
            messages,
        })
    }
}

impl Agent {
    /// One turn's well-formed tool calls, through the driver, in call order.
    async fn run_tool_calls<'a>(
        &'a self,
        calls: &'a [ChatToolCall],
        task: &'a str,
    ) -> Result<Vec<Finished<'a>>, LoopError> {
        let runnable: Vec<CallRef<'a>> = calls
            .iter()
            .filter_map(|call| match &call.arguments {
                ToolArguments::Parsed(input) => Some(CallRef {
                    id: call.id.as_str(),
                    name: call.name.as_str(),
                    input,
                    idempotency_key: None,
                }),
                ToolArguments::Malformed { .. } => None,
            })
            .collect();
        self.dispatcher.dispatch_borrowed(&runnable, task).await
    }
}

/// One result message per call, in call order: the driver's outcomes for the
/// well-formed calls, an explanation for the garbled ones.
fn push_results(messages: &mut Vec<ChatMessage>, calls: &[ChatToolCall], ended: Vec<Finished<'_>>) {
    let mut ended = ended.into_iter();
    for call in calls {
        let message = match &call.arguments {
            ToolArguments::Malformed { error, .. } => ChatMessage::ToolResult {
                tool_call_id: call.id.clone(),
                content: format!(
                    "the arguments of this call to `{}` could not be used: {error}; send a JSON object that matches the tool's schema",
                    call.name
                ),
                is_error: true,
            },
            ToolArguments::Parsed(_) => {
                let Some(ended) = ended.next() else {
                    continue;
                };
                // The model-visible text is the content itself unless an
                // AskUser prompt or guidance is appended: then it is built once.
                let appended = match ended.content_for_model() {
                    Cow::Borrowed(_) => None,
                    Cow::Owned(text) => Some(text),
                };
                ChatMessage::ToolResult {
                    tool_call_id: call.id.clone(),
                    content: appended.unwrap_or(ended.output.content),
                    is_error: ended.output.is_error,
                }
            }
        };
        messages.push(message);
    }
}

impl fmt::Debug for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Agent")
            .field("dispatcher", &self.dispatcher)
            .field("max_turns", &self.max_turns)
            .finish_non_exhaustive()
    }
}
