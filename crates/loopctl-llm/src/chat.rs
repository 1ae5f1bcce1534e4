//! Chat with tools, for an agent loop: [`ChatModel`], messages and tool calls.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use loopctl_reflect_core::ToolSchema;
use serde_json::Value;

use crate::error::LlmError;

/// The boxed future a [`ChatModel`] returns.
pub type ChatFuture<'a> = Pin<Box<dyn Future<Output = Result<ChatResponse, LlmError>> + Send + 'a>>;

/// A tool call's arguments as the model sent them.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolArguments {
    /// Arguments that parsed as a JSON object.
    Parsed(Value),
    /// Arguments that did not parse; hand the error back to the model.
    Malformed {
        /// What the model sent.
        raw: String,
        /// Why it is not usable.
        error: String,
    },
}

impl ToolArguments {
    /// Parses a provider's JSON-string arguments; anything but an object is malformed.
    pub fn from_json_text(raw: &str) -> Self {
        match serde_json::from_str::<Value>(raw) {
            Ok(value @ Value::Object(_)) => Self::Parsed(value),
            Ok(other) => Self::Malformed {
                raw: raw.to_owned(),
                error: format!(
                    "arguments must be a JSON object, got {}",
                    loopctl_reflect_core::json_type_name(&other)
                ),
            },
            Err(error) => Self::Malformed {
                raw: raw.to_owned(),
                error: format!("arguments are not valid JSON: {error}"),
            },
        }
    }

    /// The arguments as JSON text, as OpenAI echoes them back.
    pub fn to_json_text(&self) -> String {
        match self {
            Self::Parsed(value) => value.to_string(),
            Self::Malformed { raw, .. } => raw.clone(),
        }
    }
}

/// One tool call requested by the model.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatToolCall {
    /// The provider's id for the call; the result must carry it back.
    pub id: String,
    /// The tool's name.
    pub name: String,
    /// The arguments.
    pub arguments: ToolArguments,
}

/// A message in a conversation.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ChatMessage {
    /// What the user (or the agent's task) says.
    User(String),
    /// What the model said: text, tool calls, or both.
    Assistant {
        /// Any text.
        text: Option<String>,
        /// Any tool calls.
        tool_calls: Vec<ChatToolCall>,
    },
    /// The result of one tool call.
    ToolResult {
        /// The id of the call this answers.
        tool_call_id: String,
        /// The result text.
        content: String,
        /// Whether the call failed.
        is_error: bool,
    },
}

/// One turn's request: system prompt, history, and the tools on offer.
#[derive(Debug, Clone, Copy)]
pub struct ChatRequest<'a> {
    /// Instructions for the model.
    pub system: Option<&'a str>,
    /// The conversation so far.
    pub messages: &'a [ChatMessage],
    /// Tools the model may call.
    pub tools: &'a [ToolSchema],
}

/// The model's turn.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ChatResponse {
    /// Any text.
    pub text: Option<String>,
    /// Any tool calls; empty means the model is done.
    pub tool_calls: Vec<ChatToolCall>,
    /// The provider's reason for stopping (`stop`, `tool_calls`, `end_turn`, ...).
    pub stop_reason: Option<String>,
}

impl ChatResponse {
    /// The response as an assistant message for the history.
    pub fn to_message(&self) -> ChatMessage {
        ChatMessage::Assistant {
            text: self.text.clone(),
            tool_calls: self.tool_calls.clone(),
        }
    }
}

/// A chat model that can call tools.
pub trait ChatModel: Send + Sync {
    /// Sends one turn.
    fn chat<'a>(&'a self, request: ChatRequest<'a>) -> ChatFuture<'a>;
}

impl<M: ChatModel + ?Sized> ChatModel for Arc<M> {
    fn chat<'a>(&'a self, request: ChatRequest<'a>) -> ChatFuture<'a> {
        (**self).chat(request)
    }
}
