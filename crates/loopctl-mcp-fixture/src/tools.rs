//! The fixture's static tools, declared with rmcp's `#[tool_router]` / `#[tool]` macros.

use std::{io::Write, sync::Arc};

use rmcp::{
    ErrorData, RoleServer,
    handler::server::{
        tool::InputResponses, tool_name_validation::validate_and_warn_tool_name,
        wrapper::Parameters,
    },
    model::{
        CallToolResponse, CallToolResult, ContentBlock, ElicitRequest, ElicitRequestParams,
        ElicitationSchema, ErrorCode, InputRequest, InputRequests, InputRequiredResult, JsonObject,
        Tool,
    },
    service::RequestContext,
    tool, tool_router,
};
use serde_json::{Value, json};

use crate::params::{
    AddToolParams, AppendParams, CrashOnceParams, EchoParams, FlakyParams, HoldParams,
    ReadDocParams, RpcErrorParams, SetCountParams, SetModeParams,
};
use crate::server::Fixture;

/// A 1x1 PNG, base64-encoded, for the `mixed` tool.
const TINY_PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/// The elicitation message `needs_input` asks with.
const ACCOUNT_QUESTION: &str = "Which account should be charged?";

/// The key of `needs_input`'s one input request.
const ACCOUNT_KEY: &str = "account";

/// A successful result holding one text block.
fn text_ok(text: impl Into<String>) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// A tool-level error (`isError: true`) holding one text block.
fn text_err(text: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text)])
}

/// A successful or error result with the given content and structured content.
fn structured(content: Vec<ContentBlock>, value: Value, is_error: bool) -> CallToolResult {
    let mut result = if is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    result.structured_content = Some(value);
    result
}

/// The account named by an accepted elicitation response, if any.
fn accepted_account(response: &Value) -> Option<&str> {
    let accepted = response.get("action").and_then(Value::as_str) == Some("accept");
    accepted.then(|| response.get("content")?.get("account")?.as_str())?
}

#[tool_router(vis = "pub(crate)")]
impl Fixture {
    #[tool(
        description = "Fails the first `failures` calls per key with a 503-style tool error, then succeeds.",
        annotations(idempotent_hint = true, destructive_hint = false)
    )]
    fn flaky(&self, Parameters(p): Parameters<FlakyParams>) -> CallToolResult {
        if self.state.flaky_attempt(&p.key) < p.failures {
            text_err("Service Unavailable (503): upstream is restarting, try again")
        } else {
            text_ok(format!("ok: {} after {} failures", p.key, p.failures))
        }
    }

    #[tool(
        description = "Sets a typed integer count.",
        annotations(idempotent_hint = true, destructive_hint = false)
    )]
    fn set_count(&self, Parameters(p): Parameters<SetCountParams>) -> CallToolResult {
        text_ok(format!("count set to {}", p.count))
    }

    #[tool(
        description = "Sets the mode to \"fast\" or \"safe\".",
        annotations(idempotent_hint = true, destructive_hint = false)
    )]
    fn set_mode(&self, Parameters(p): Parameters<SetModeParams>) -> CallToolResult {
        match p.mode.as_str() {
            "fast" | "safe" => text_ok(format!("mode is {}", p.mode)),
            other => text_err(format!(
                "invalid value \"{other}\" for \"mode\": expected one of \"fast\", \"safe\""
            )),
        }
    }

    #[tool(description = "Answers with a JSON-RPC error carrying the given code.")]
    fn rpc_error(
        &self,
        Parameters(p): Parameters<RpcErrorParams>,
    ) -> Result<CallToolResult, ErrorData> {
        let message = match p.code {
            -32601 => "Method not found".to_string(),
            -32602 => "Invalid params: missing field `path`".to_string(),
            -32603 => "Internal error: connection to database reset by peer".to_string(),
            other => format!("error {other}"),
        };
        Err(ErrorData::new(ErrorCode(p.code), message, None))
    }

    #[tool(
        description = "Never answers; records the cancellation when the client cancels it.",
        annotations(read_only_hint = true)
    )]
    async fn hang(&self, context: RequestContext<RoleServer>) -> CallToolResult {
        context.ct.cancelled().await;
        if crate::stdio::input_closed() {
            eprintln!(
                "loopctl-mcp-fixture: hang {} ended by transport shutdown",
                context.id
            );
        } else {
            eprintln!("loopctl-mcp-fixture: hang {} cancelled", context.id);
            self.state.record_cancelled_hang();
        }
        text_err("cancelled")
    }

    #[tool(
        description = "Stops reading requests and never answers (a hung server) unless the marker file already exists.",
        annotations(idempotent_hint = true, destructive_hint = false)
    )]
    fn freeze_once(&self, Parameters(p): Parameters<CrashOnceParams>) -> CallToolResult {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p.marker)
        {
            Ok(_) => {
                eprintln!("loopctl-mcp-fixture: created marker {}, freezing", p.marker);
                crate::stdio::freeze();
                // This request is never answered either.
                loop {
                    std::thread::sleep(std::time::Duration::from_secs(3600));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                text_ok("not frozen: marker present")
            }
            Err(e) => text_err(format!("cannot create marker {}: {e}", p.marker)),
        }
    }

    #[tool(
        description = "Exits the process (without answering) unless the marker file already exists.",
        annotations(idempotent_hint = true, destructive_hint = false)
    )]
    fn crash_once(&self, Parameters(p): Parameters<CrashOnceParams>) -> CallToolResult {
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&p.marker)
        {
            Ok(_) => {
                eprintln!("loopctl-mcp-fixture: created marker {}, exiting", p.marker);
                std::process::exit(1);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                text_ok("survived: marker present")
            }
            Err(e) => text_err(format!("cannot create marker {}: {e}", p.marker)),
        }
    }

    #[tool(
        description = "Creates `started`, then answers once `release` exists: a call a test holds in flight (with `fail`, a failure it holds).",
        annotations(read_only_hint = true)
    )]
    async fn hold(&self, Parameters(p): Parameters<HoldParams>) -> CallToolResult {
        if let Err(e) = std::fs::write(&p.started, b"") {
            return text_err(format!("cannot create {}: {e}", p.started));
        }
        while !std::path::Path::new(&p.release).exists() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        match p.fail {
            Some(error) => text_err(error),
            None => text_ok("released"),
        }
    }

    #[tool(description = "Appends a line to a file, optionally exiting right after.")]
    fn append(&self, Parameters(p): Parameters<AppendParams>) -> CallToolResult {
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&p.path)
            .and_then(|mut file| {
                file.write_all(format!("{}\n", p.line).as_bytes())?;
                file.flush()
            });
        if let Err(e) = written {
            return text_err(format!("cannot append to {}: {e}", p.path));
        }
        if p.crash {
            eprintln!("loopctl-mcp-fixture: appended to {}, exiting", p.path);
            std::process::exit(1);
        }
        text_ok("appended")
    }

    #[tool(
        description = "Reports tools/call counts by tool, cancelled hangs and the pid, as JSON text.",
        annotations(read_only_hint = true)
    )]
    fn stats(&self) -> CallToolResult {
        text_ok(self.state.stats().to_string())
    }

    #[tool(description = "Asks which account to charge via an MRTR elicitation, then charges it.")]
    fn needs_input(
        &self,
        InputResponses(responses): InputResponses,
    ) -> Result<CallToolResponse, ErrorData> {
        let responses = responses.filter(|r| !r.is_empty());
        let Some(responses) = responses else {
            let schema = ElicitationSchema::builder()
                .required_string(ACCOUNT_KEY)
                .build()
                .map_err(|e| ErrorData::internal_error(e, None))?;
            let request = ElicitRequest::new(ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: ACCOUNT_QUESTION.to_string(),
                requested_schema: schema,
            });
            let mut requests = InputRequests::new();
            requests.insert(ACCOUNT_KEY.to_string(), InputRequest::Elicitation(request));
            return Ok(InputRequiredResult::from_input_requests(requests).into());
        };
        let account = responses
            .get(ACCOUNT_KEY)
            .and_then(accepted_account)
            .or_else(|| responses.values().find_map(accepted_account));
        Ok(match account {
            Some(account) => text_ok(format!("charged {account}")),
            None => text_err("no accepted response with an \"account\" was given"),
        }
        .into())
    }

    #[tool(
        description = "Adds a tool that echoes its arguments, then notifies tools/list_changed."
    )]
    async fn add_tool(
        &self,
        Parameters(p): Parameters<AddToolParams>,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        if p.name.is_empty() || !validate_and_warn_tool_name(&p.name) {
            return text_err(format!("invalid tool name {:?}", p.name));
        }
        if self.router.has_route(&p.name) {
            return text_err(format!("tool {:?} already exists", p.name));
        }
        let mut schema = JsonObject::new();
        schema.insert("type".into(), json!("object"));
        schema.insert("additionalProperties".into(), json!(true));
        let tool = Tool::new(
            p.name.clone(),
            "Echoes its arguments back as JSON text.",
            Arc::new(schema),
        );
        if let Err(message) = self.state.add_dynamic(tool, p.fail) {
            return text_err(message);
        }
        for _ in 0..p.notify.unwrap_or(1) {
            if let Err(e) = context.peer.notify_tool_list_changed().await {
                eprintln!("loopctl-mcp-fixture: cannot send tools/list_changed: {e}");
                break;
            }
        }
        text_ok(format!("added tool {}", p.name))
    }

    #[tool(
        description = "Answers text plus an image, with structured content.",
        annotations(read_only_hint = true)
    )]
    fn mixed(&self) -> CallToolResult {
        structured(
            vec![
                ContentBlock::text("summary: 2 rows"),
                ContentBlock::image(TINY_PNG, "image/png"),
            ],
            json!({"rows": 2}),
            false,
        )
    }

    #[tool(description = "Answers structured content only, no content blocks.")]
    fn structured_only(&self) -> CallToolResult {
        structured(Vec::new(), json!({"rows": 3}), false)
    }

    #[tool(description = "Answers a tool error with structured content only.")]
    fn error_structured(&self) -> CallToolResult {
        structured(
            Vec::new(),
            json!({"error": "quota exceeded", "retry_after_s": 5}),
            true,
        )
    }

    #[tool(
        description = "Answers the given text.",
        annotations(read_only_hint = true)
    )]
    async fn echo(&self, Parameters(p): Parameters<EchoParams>) -> CallToolResult {
        if p.wait_ms > 0 {
            tokio::time::sleep(std::time::Duration::from_millis(p.wait_ms.min(60_000))).await;
        }
        text_ok(p.text)
    }

    #[tool(
        description = "Reads a document; one whose text starts with `ERROR:` is answered as a tool error carrying that text.",
        annotations(read_only_hint = true)
    )]
    fn read_doc(&self, Parameters(p): Parameters<ReadDocParams>) -> CallToolResult {
        match std::fs::read_to_string(&p.path) {
            Ok(text) if text.starts_with("ERROR:") => text_err(text),
            Ok(text) => text_ok(text),
            Err(error) => text_err(format!("could not read {}: {error}", p.path)),
        }
    }
}
