//! Provider-neutral LLM traits for loopctl, with HTTP providers behind features.
//!
//! * [`StructuredClient`]: a system prompt, a user message and a named JSON
//!   Schema in; JSON of that schema out. The LLM reflector uses it.
//! * [`ChatModel`]: messages and tool definitions in; text and tool calls
//!   out. The driver's agent loop uses it.
//!
//! | feature | provider |
//! |---|---|
//! | `openai` | [`OpenAiClient`]: OpenAI Chat Completions and compatible servers (Ollama, vLLM, llama.cpp, LM Studio) |
//! | `anthropic` | [`AnthropicClient`]: the Anthropic Messages API |
//!
//! Without either feature the crate has no HTTP dependency. With them, TLS is
//! rustls, so no system OpenSSL is needed. API keys never appear in `Debug`
//! output, logs or error messages; a server body that echoes the key is
//! redacted before it is kept in an error.

#[cfg(feature = "anthropic")]
mod anthropic;
mod chat;
mod error;
#[cfg(any(feature = "openai", feature = "anthropic"))]
mod http;
#[cfg(feature = "openai")]
mod openai;
mod structured;

#[cfg(feature = "anthropic")]
pub use anthropic::{
    ANTHROPIC_VERSION, AnthropicClient, AnthropicClientBuilder, DEFAULT_ANTHROPIC_BASE_URL,
    DEFAULT_ANTHROPIC_MODEL,
};
pub use chat::{
    ChatFuture, ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatToolCall, ToolArguments,
};
pub use error::LlmError;
#[cfg(any(feature = "openai", feature = "anthropic"))]
pub use http::{ApiKey, HttpLimits};
#[cfg(feature = "openai")]
pub use openai::{
    DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL, OpenAiClient, OpenAiClientBuilder,
};
pub use structured::{StructuredClient, StructuredFuture, StructuredRequest, check_answer_shape};
