//! An Anthropic Messages provider: structured output through a forced tool call.

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
pub const DEFAULT_ANTHROPIC_BASE_URL: &str = "https://api.anthropic.com";
/// The model used when none is configured.
pub const DEFAULT_ANTHROPIC_MODEL: &str = "claude-sonnet-4-5";
/// The API version header sent with every request.
pub const ANTHROPIC_VERSION: &str = "2023-06-01";

/// A Messages API client.
///
/// Structured output forces a call of a tool whose `input_schema` is the
/// requested schema; the tool call's input is the answer.
#[derive(Clone)]
pub struct AnthropicClient {
    base_url: String,
    model: String,
    key: ApiKey,
    max_tokens: u32,
    limits: HttpLimits,
    client: reqwest::Client,
}

/// Configures an [`AnthropicClient`].
#[derive(Debug, Clone, Default)]
pub struct AnthropicClientBuilder {
    settings: ProviderSettings,
    max_tokens: Option<u32>,
}

impl AnthropicClientBuilder {
    provider_builder_methods!();

    /// The most tokens one answer may use (4096 unless set).
    #[must_use]
    pub fn max_tokens(mut self, max_tokens: u32) -> Self {
        self.max_tokens = Some(max_tokens);
        self
    }

    /// Fills what is still unset from `ANTHROPIC_BASE_URL`, `ANTHROPIC_API_KEY` and `ANTHROPIC_MODEL`.
    #[must_use]
    pub fn from_env(mut self) -> Self {
        self.settings.fill_from_env("ANTHROPIC");
        self
    }

    /// Builds the client. A key is required.
    pub fn build(self) -> Result<AnthropicClient, LlmError> {
        if self.settings.key.as_ref().is_none_or(ApiKey::is_empty) {
            return Err(LlmError::Configuration(
                "an Anthropic API key is required; set ANTHROPIC_API_KEY or call api_key"
                    .to_owned(),
            ));
        }
        let resolved = self
            .settings
            .resolve(DEFAULT_ANTHROPIC_BASE_URL, DEFAULT_ANTHROPIC_MODEL)?;
        Ok(AnthropicClient {
            base_url: resolved.base_url,
            model: resolved.model,
            key: resolved.key,
            max_tokens: self.max_tokens.unwrap_or(4096),
            limits: resolved.limits,
            client: resolved.client,
        })
    }
}

impl AnthropicClient {
    /// A builder with nothing set.
    pub fn builder() -> AnthropicClientBuilder {
        AnthropicClientBuilder::default()
    }

    /// A client configured from `ANTHROPIC_BASE_URL`, `ANTHROPIC_API_KEY` and `ANTHROPIC_MODEL`.
    pub fn from_env() -> Result<Self, LlmError> {
        Self::builder().from_env().build()
    }

    async fn post(&self, body: &Value) -> Result<Value, LlmError> {
        let url = format!("{}/v1/messages", self.base_url);
        let request = self
            .client
            .post(&url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header("x-api-key", self.key.expose())
            .header("anthropic-version", ANTHROPIC_VERSION)
            .body(body.to_string());
        tracing::debug!(model = %self.model, "sending a messages request");
        let hint = if self.base_url.ends_with("/v1") {
            "the Anthropic client adds /v1 itself: drop it from the base URL"
        } else {
            "check the base URL (the Anthropic client adds /v1/messages to it)"
        };
        let response = parse_json(&send(request, &url, hint, &self.limits, &self.key).await?)?;
        if response.get("stop_reason").and_then(Value::as_str) == Some("refusal") {
            return Err(LlmError::Refusal(
                "the model stopped with stop_reason `refusal`".to_owned(),
            ));
        }
        Ok(response)
    }
}

fn content_blocks(response: &Value) -> Result<&Vec<Value>, LlmError> {
    response
        .get("content")
        .and_then(Value::as_array)
        .ok_or_else(|| LlmError::MalformedResponse("the response has no content blocks".to_owned()))
}

fn messages_json(messages: &[ChatMessage]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(messages.len());
    for message in messages {
        match message {
            ChatMessage::User(text) => out.push(json!({"role": "user", "content": text})),
            ChatMessage::Assistant { text, tool_calls } => {
                let mut blocks = Vec::new();
                if let Some(text) = text.as_deref().filter(|text| !text.is_empty()) {
                    blocks.push(json!({"type": "text", "text": text}));
                }
                for call in tool_calls {
                    let input = match &call.arguments {
                        ToolArguments::Parsed(value) => value.clone(),
                        ToolArguments::Malformed { .. } => json!({}),
                    };
                    blocks.push(json!({"type": "tool_use", "id": call.id, "name": call.name, "input": input}));
                }
                out.push(json!({"role": "assistant", "content": blocks}));
            }
            ChatMessage::ToolResult {
                tool_call_id,
                content,
                is_error,
            } => {
                let block = json!({"type": "tool_result", "tool_use_id": tool_call_id, "content": content, "is_error": is_error});
                // Results of one turn's calls travel together in one user message.
                match out.last_mut() {
                    Some(last) if last["role"] == "user" && last["content"].is_array() => {
                        if let Some(blocks) = last["content"].as_array_mut() {
                            blocks.push(block);
                        }
                    }
                    _ => out.push(json!({"role": "user", "content": [block]})),
                }
            }
        }
    }
    out
}

impl AnthropicClient {
    /// The Messages request body this client sends for `request`, byte for
    /// byte once serialised; it holds no key (that travels in a header).
    pub fn structured_request_body(&self, request: &StructuredRequest<'_>) -> Value {
        json!({
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": request.system,
            "messages": [{"role": "user", "content": request.user}],
            "tools": [{
                "name": request.schema_name,
                "description": "Report your answer by calling this tool with input of exactly this shape.",
                "input_schema": request.schema,
            }],
            "tool_choice": {"type": "tool", "name": request.schema_name},
        })
    }
}

impl StructuredClient for AnthropicClient {
    fn complete_structured<'a>(&'a self, request: StructuredRequest<'a>) -> StructuredFuture<'a> {
        Box::pin(async move {
            let response = self.post(&self.structured_request_body(&request)).await?;
            let input = content_blocks(&response)?
                .iter()
                .find(|block| block["type"] == "tool_use" && block["name"] == request.schema_name)
                .map(|block| block["input"].clone())
                .ok_or_else(|| {
                    LlmError::MalformedResponse(format!(
                        "the response has no `{}` tool call",
                        request.schema_name
                    ))
                })?;
            check_answer_shape(request.schema_name, request.schema, &input)?;
            Ok(input)
        })
    }
}

impl ChatModel for AnthropicClient {
    fn chat<'a>(&'a self, request: ChatRequest<'a>) -> ChatFuture<'a> {
        Box::pin(async move {
            let mut body = json!({
                "model": self.model,
                "max_tokens": self.max_tokens,
                "messages": messages_json(request.messages),
            });
            if let Some(system) = request.system {
                body["system"] = json!(system);
            }
            if !request.tools.is_empty() {
                body["tools"] = request
                    .tools
                    .iter()
                    .map(|tool| json!({"name": tool.name, "description": tool.description, "input_schema": tool.input_schema}))
                    .collect();
            }
            let response = self.post(&body).await?;
            let mut text = String::new();
            let mut tool_calls = Vec::new();
            for block in content_blocks(&response)? {
                match block["type"].as_str() {
                    Some("text") => text.push_str(block["text"].as_str().unwrap_or_default()),
                    Some("tool_use") => {
                        let (Some(id), Some(name)) = (block["id"].as_str(), block["name"].as_str())
                        else {
                            return Err(LlmError::MalformedResponse(format!(
                                "a tool_use block lacks an id or a name: {block}"
                            )));
                        };
                        let arguments = match &block["input"] {
                            value @ Value::Object(_) => ToolArguments::Parsed(value.clone()),
                            other => ToolArguments::Malformed {
                                raw: other.to_string(),
                                error: "tool input must be a JSON object".to_owned(),
                            },
                        };
                        tool_calls.push(ChatToolCall {
                            id: id.to_owned(),
                            name: name.to_owned(),
                            arguments,
                        });
                    }
                    _ => {}
                }
            }
            Ok(ChatResponse {
                text: (!text.is_empty()).then_some(text),
                tool_calls,
                stop_reason: response["stop_reason"].as_str().map(str::to_owned),
            })
        })
    }
}

impl fmt::Debug for AnthropicClient {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnthropicClient")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &self.key)
            .field("max_tokens", &self.max_tokens)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}
