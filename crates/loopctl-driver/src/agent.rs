//! [`Agent`]: the model-tools loop, with every tool call run through the driver.

use std::fmt;
use std::sync::Arc;

use loopctl_llm::{ChatMessage, ChatModel, ChatRequest, LlmError, ToolArguments};
use loopctl_reflect_core::{RecoveryStrategy, Reflector, ToolSchema};

use crate::dispatcher::Dispatcher;
use crate::error::LoopError;
use crate::guard::{Guarded, guard};
use crate::registry::ToolRegistry;
use crate::tool::ToolCall;

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
            messages.push(response.to_message());
            answer = response.text.clone();
            if response.tool_calls.is_empty() {
                return Ok(AgentRun {
                    answer,
                    turns: turn,
                    stop: AgentStop::FinalAnswer,
                    messages,
                });
            }
            let mut runnable = Vec::with_capacity(response.tool_calls.len());
            let mut refused = Vec::new();
            for (position, call) in response.tool_calls.iter().enumerate() {
                match &call.arguments {
                    ToolArguments::Parsed(input) => {
                        runnable.push(ToolCall::new(call.id.clone(), call.name.clone(), input.clone()));
                    }
                    ToolArguments::Malformed { error, .. } => refused.push((
                        position,
                        ChatMessage::ToolResult {
                            tool_call_id: call.id.clone(),
                            content: format!("the arguments of this call to `{}` could not be used: {error}; send a JSON object that matches the tool's schema", call.name),
                            is_error: true,
                        },
                    )),
                }
            }
            let results = self
                .dispatcher
                .dispatch_batch_for_task(runnable, task)
                .await?;
            let mut results = results.into_iter();
            let mut refused = refused.into_iter().peekable();
            for position in 0..response.tool_calls.len() {
                if refused.peek().is_some_and(|(at, _)| *at == position) {
                    if let Some((_, message)) = refused.next() {
                        messages.push(message);
                    }
                } else if let Some(result) = results.next() {
                    messages.push(ChatMessage::ToolResult {
                        content: result.content_for_model().into_owned(),
                        tool_call_id: result.tool_call_id,
                        is_error: result.is_error,
                    });
                }
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

impl fmt::Debug for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Agent")
            .field("dispatcher", &self.dispatcher)
            .field("max_turns", &self.max_turns)
            .finish_non_exhaustive()
    }
}
