//! An LLM-backed reflector for loopctl: one structured request per failed tool call.
//!
//! [`LlmReflector`] sends the analyst model a fixed user message (see
//! [`render_user_message`]) under a system prompt that pins the answer's
//! shape, and asks for JSON of the strict `failure_analysis` schema (see
//! [`failure_analysis_schema`]). Any provider implementing
//! [`loopctl_llm::StructuredClient`] works: the OpenAI-compatible one serves
//! OpenAI, Ollama, vLLM and others; the Anthropic one forces a tool call.
//!
//! ```no_run
//! use std::sync::Arc;
//! use loopctl_llm::OpenAiClient;
//! use loopctl_reflect_llm::LlmReflector;
//!
//! let client = OpenAiClient::from_env().expect("OPENAI_BASE_URL is a URL");
//! let reflector = LlmReflector::new(Arc::new(client))
//!     .with_system_prompt("You analyse failures for a coding agent. ...");
//! # let _ = reflector;
//! ```
//!
//! With the `schema_validation` feature, a proposed `InputFix` that does not
//! fit the tool's schema is rejected as [`ReflectionError::Internal`](loopctl_reflect_core::ReflectionError)
//! before any retry; with no schema (an unregistered tool) the check is skipped.

mod parse;
mod prompt;
mod reflector;
mod schema;

pub use parse::parse_analysis;
pub use prompt::{DEFAULT_SYSTEM_PROMPT, render_redacted, render_user_message, truncate_middle};
pub use reflector::LlmReflector;
pub use schema::{FAILURE_ANALYSIS_SCHEMA_NAME, InputCarrier, failure_analysis_schema};
