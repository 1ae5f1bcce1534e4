//! An OpenAI-compatible Chat Completions provider, which also serves Ollama, vLLM, llama.cpp and LM Studio.

use std::fmt;

use serde_json::{Value, json};

use crate::chat::{
    ChatFuture, ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatToolCall, ToolArguments,
};
use crate::error::LlmError;
use crate::http::{
    ApiKey, HttpLimits, ProviderSettings, parse_json, provider_builder_methods, send,
};
use crate::structured::{
    StructuredClient, StructuredFuture, StructuredRequest, check_answer_shape,
};

/// The base URL used when none is configured.
pub const DEFAULT_OPENAI_BASE_URL: &str = "https://api.openai.com/v1";
/// The model used when none is configured.
pub const DEFAULT_OPENAI_MODEL: &str = "gpt-4o-mini";

/// A Chat Completions client with one pooled connection set.
///
/// Structured output goes through `response_format` with a strict
/// `json_schema`; tools through `tools` / `tool_calls`.
///
/// ```no_run
/// use loopctl_llm::OpenAiClient;
///
/// // A local Ollama: no key needed.
/// let client = OpenAiClient::builder()
///     .base_url("http://localhost:11434/v1")
///     .model("llama3.1")
///     .build()
///     .unwrap();
/// # let _ = client;
/// ```
#[derive(Clone)]
pub struct OpenAiClient {
    base_url: String,
    model: String,
    key: ApiKey,
    limits: HttpLimits,
    client: reqwest::Client,
}

/// Configures an [`OpenAiClient`].
#[derive(Debug, Clone, Default)]
pub struct OpenAiClientBuilder {
    settings: ProviderSettings,
}

impl OpenAiClientBuilder {
    provider_builder_methods!();

    /// Fills what is still unset from `OPENAI_BASE_URL`, `OPENAI_API_KEY` and `OPENAI_MODEL`.
    #[must_use]
    pub fn from_env(mut self) -> Self {
        self.settings.fill_from_env("OPENAI");
        self
    }

    /// Builds the client; the defaults fill anything unset, and no key is needed.
    pub fn build(self) -> Result<OpenAiClient, LlmError> {
        let resolved = self
            .settings
            .resolve(DEFAULT_OPENAI_BASE_URL, DEFAULT_OPENAI_MODEL)?;
        Ok(OpenAiClient {
            base_url: resolved.base_url,
            model: resolved.model,
            key: resolved.key,
            limits: resolved.limits,
            client: resolved.client,
        })
    }
}

impl OpenAiClient {
    /// A builder with nothing set.
    pub fn builder() -> OpenAiClientBuilder {
        OpenAiClientBuilder::default()
    }

    /// A client configured from `OPENAI_BASE_URL`, `OPENAI_API_KEY` and `OPENAI_MODEL`.
    pub fn from_env() -> Result<Self, LlmError> {
        Self::builder().from_env().build()
    }

    /// The model requests go to.
    pub fn model(&self) -> &str {
        &self.model
    }

    /// Reads a Chat Completions response body as the answer to `request`:
    /// what [`StructuredClient::complete_structured`] does once the body has
    /// arrived. Useful with a transport of your own, and for fuzzing: any
    /// bytes give an answer or an [`LlmError`], never a panic.
    pub fn parse_structured_response(
        body: &[u8],
        request: &StructuredRequest<'_>,
    ) -> Result<Value, LlmError> {
        parse_structured(&parse_json(body)?, request)
    }

    async fn post(&self, body: &Value) -> Result<Value, LlmError> {
        let url = format!("{}/chat/completions", self.base_url);
        let mut request = self
            .client
            .post(&url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_string());
        if !self.key.is_empty() {
            request = request.bearer_auth(self.key.expose());
        }
        tracing::debug!(model = %self.model, "sending a chat completion request");
        let hint = if self.base_url.ends_with("/v1") {
            "check the base URL and that the server serves the Chat Completions API".to_owned()
        } else {
            format!(
                "OpenAI-compatible servers answer under /v1: try the base URL `{}/v1` (for a local Ollama: http://localhost:11434/v1)",
                self.base_url
            )
        };
        parse_json(&send(request, &url, &hint, &self.limits, &self.key).await?)
    }

    /// The Chat Completions request body this client sends for `request`,
    /// byte for byte once serialised; it holds no key (that travels in a header).
    pub fn structured_request_body(&self, request: &StructuredRequest<'_>) -> Value {
        json!({
            "model": self.model,
            "messages": [
                {"role": "system", "content": request.system},
                {"role": "user", "content": request.user},
            ],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": request.schema_name, "strict": true, "schema": request.schema},
            },
        })
    }

    fn chat_body(&self, request: &ChatRequest<'_>) -> Value {
        let mut messages = Vec::with_capacity(request.messages.len() + 1);
        if let Some(system) = request.system {
            messages.push(json!({"role": "system", "content": system}));
        }
        messages.extend(request.messages.iter().map(message_json));
        let mut body = json!({"model": self.model, "messages": messages});
        if !request.tools.is_empty() {
            let tools: Vec<Value> = request
                .tools
                .iter()
                .map(|tool| json!({"type": "function", "function": {
                    "name": tool.name, "description": tool.description, "parameters": tool.input_schema,
                }}))
                .collect();
            body["tools"] = Value::Array(tools);
        }
        body
    }
}

fn message_json(message: &ChatMessage) -> Value {
    match message {
        ChatMessage::User(text) => json!({"role": "user", "content": text}),
        ChatMessage::Assistant { text, tool_calls } => {
            let mut value = json!({"role": "assistant", "content": text});
            if !tool_calls.is_empty() {
                value["tool_calls"] = tool_calls
                    .iter()
                    .map(|call| {
                        json!({"id": call.id, "type": "function", "function": {
                            "name": call.name, "arguments": call.arguments.to_json_text(),
                        }})
                    })
                    .collect();
            }
            value
        }
        ChatMessage::ToolResult {
            tool_call_id,
            content,
            ..
        } => {
            json!({"role": "tool", "tool_call_id": tool_call_id, "content": content})
        }
    }
}

/// The first choice's message, after the checks every response needs.
fn first_message(response: &Value) -> Result<(&Value, Option<&str>), LlmError> {
    let choice = response
        .pointer("/choices/0")
        .ok_or_else(|| LlmError::MalformedResponse("the response has no choices".to_owned()))?;
    let message = choice
        .get("message")
        .filter(|message| message.is_object())
        .ok_or_else(|| LlmError::MalformedResponse("the first choice has no message".to_owned()))?;
    if let Some(refusal) = message.get("refusal").and_then(Value::as_str) {
        return Err(LlmError::Refusal(refusal.to_owned()));
    }
    Ok((message, choice.get("finish_reason").and_then(Value::as_str)))
}

fn parse_structured(response: &Value, request: &StructuredRequest<'_>) -> Result<Value, LlmError> {
    let (message, finish_reason) = first_message(response)?;
    if finish_reason == Some("length") {
        return Err(LlmError::MalformedResponse(
            "the answer was cut off at the token limit".to_owned(),
        ));
    }
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .ok_or_else(|| LlmError::MalformedResponse("the message has no text content".to_owned()))?;
    let answer: Value =
        serde_json::from_str(content).map_err(|error| LlmError::SchemaMismatch {
            schema: request.schema_name.to_owned(),
            reason: format!("the answer is not JSON ({error})"),
        })?;
    check_answer_shape(request.schema_name, request.schema, &answer)?;
    Ok(answer)
}

fn parse_chat(response: &Value) -> Result<ChatResponse, LlmError> {
    let (message, finish_reason) = first_message(response)?;
    let text = message
        .get("content")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let mut tool_calls = Vec::new();
    for call in message
        .get("tool_calls")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let id = call.get("id").and_then(Value::as_str);
        let name = call.pointer("/function/name").and_then(Value::as_str);
        let (Some(id), Some(name)) = (id, name) else {
            return Err(LlmError::MalformedResponse(format!(
                "a tool call lacks an id or a name: {call}"
            )));
        };
        let arguments = match call.pointer("/function/arguments") {
            Some(Value::String(raw)) => ToolArguments::from_json_text(raw),
            // Some compatible servers send the object itself.
            Some(value @ Value::Object(_)) => ToolArguments::Parsed(value.clone()),
            other => ToolArguments::Malformed {
                raw: other.map(Value::to_string).unwrap_or_default(),
                error: "arguments must be a JSON-encoded object".to_owned(),
            },
        };
        tool_calls.push(ChatToolCall {
            id: id.to_owned(),
            name: name.to_owned(),
            arguments,
        });
    }
    Ok(ChatResponse {
        text,
        tool_calls,
        stop_reason: finish_reason.map(str::to_owned),
    })
}

impl StructuredClient for OpenAiClient {
    fn complete_structured<'a>(&'a self, request: StructuredRequest<'a>) -> StructuredFuture<'a> {
        Box::pin(async move {
            let response = self.post(&self.structured_request_body(&request)).await?;
            parse_structured(&response, &request)
        })
    }
}

impl ChatModel for OpenAiClient {
    fn chat<'a>(&'a self, request: ChatRequest<'a>) -> ChatFuture<'a> {
        Box::pin(async move { parse_chat(&self.post(&self.chat_body(&request)).await?) })
    }
}

impl fmt::Debug for OpenAiClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpenAiClient")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &self.key)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}
