//! The arguments of the fixture's static tools, with the JSON Schemas rmcp derives from them.

use schemars::JsonSchema;
use serde::Deserialize;

/// Arguments of `flaky`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct FlakyParams {
    /// Counter key; each key fails independently.
    pub key: String,
    /// How many calls with this key fail before one succeeds.
    pub failures: u64,
}

/// Arguments of `hold`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct HoldParams {
    /// Created when the call starts.
    pub started: String,
    /// The call answers once this file exists.
    pub release: String,
    /// Answered as a tool error, instead of success, once released.
    pub fail: Option<String>,
}

/// Arguments of `set_count`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct SetCountParams {
    /// The new count.
    pub count: i64,
}

/// Arguments of `set_mode`; `mode` is validated by hand, not by serde.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct SetModeParams {
    /// The new mode.
    #[schemars(extend("enum" = ["fast", "safe"]))]
    pub mode: String,
}

/// Arguments of `rpc_error`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct RpcErrorParams {
    /// The JSON-RPC error code to answer with.
    pub code: i32,
}

/// Arguments of `crash_once`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct CrashOnceParams {
    /// Marker file path; the process dies on the call that creates it.
    pub marker: String,
}

/// Arguments of `append`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct AppendParams {
    /// File to append to.
    pub path: String,
    /// Line to append (a newline is added).
    pub line: String,
    /// Exit the process right after appending, without answering.
    #[serde(default)]
    pub crash: bool,
}

/// Arguments of `add_tool`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct AddToolParams {
    /// Name of the tool to add.
    pub name: String,
    /// How many `tools/list_changed` notifications to send (1 when absent):
    /// a flood, for the client's coalescing.
    pub notify: Option<u32>,
    /// When given, every call of the added tool answers this text as a
    /// tool error instead of echoing its arguments.
    pub fail: Option<String>,
}

/// Arguments of `echo`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct EchoParams {
    /// Text to answer with.
    pub text: String,
    /// Milliseconds to wait first (none by default), as a networked tool does.
    #[serde(default)]
    pub wait_ms: u64,
}

/// Arguments of `read_doc`.
#[derive(Debug, Deserialize, JsonSchema)]
pub(crate) struct ReadDocParams {
    /// The document's path.
    pub path: String,
}
