//! Every tool of an MCP server as a loopctl tool, so that its failures go
//! through reflection and recovery like any other.
//!
//! [`McpToolSet`] connects to one server (a child process with the `stdio`
//! feature, a streamable HTTP endpoint with `http`), lists all its tools and
//! registers one [`McpTool`] per tool into a `ToolRegistry`. Each attempt
//! the driver makes is one `tools/call`:
//!
//! | What the server does | What the driver sees |
//! |---|---|
//! | a result with `isError: true` | an error output: its text blocks, or its structured content as JSON |
//! | a result | a success: text blocks, a note for each other block, structured content when no text carries it ([`result_text`]) |
//! | JSON-RPC `-32601` or "unknown tool" | an error naming the code and the other tools, which the rule reflector reads as an unknown tool (or a misspelled one) |
//! | JSON-RPC `-32602` | an error naming invalid params and the server's message, repaired against the tool's schema |
//! | JSON-RPC `-32603` | an error naming an internal error: transient |
//! | no answer in time, a closed connection, a dead child | unknown outcome: transient for a read-only or idempotent tool, otherwise settled as `Fail` (never sent twice by accident) |
//! | `input_required` (the server asks the user) | settled as `AskUser` with the server's question |
//!
//! A lost connection is re-made before the next attempt. See
//! `docs/mcp.md` for the whole contract, and `loopctl mcp-proxy` for the
//! same recovery in front of any MCP client without code.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![cfg_attr(
    not(any(feature = "stdio", feature = "http")),
    expect(
        dead_code,
        reason = "without a transport there is no tool to map outcomes for"
    )
)]

mod error;
mod inject;
mod outcome;
mod raw;

#[cfg(feature = "stdio")]
mod child;
#[cfg(any(feature = "stdio", feature = "http"))]
mod connection;
#[cfg(any(feature = "stdio", feature = "http"))]
mod extras;
#[cfg(feature = "http")]
mod http_tap;
#[cfg(any(feature = "stdio", feature = "http"))]
mod server;
#[cfg(any(feature = "stdio", feature = "http"))]
mod set;
#[cfg(any(feature = "stdio", feature = "http"))]
mod tool;

pub use error::McpError;
#[cfg(any(feature = "stdio", feature = "http"))]
pub use extras::ExtraFields;
pub use inject::{BadRate, Decision, FaultKind, FaultPlan, FaultRule};
pub use outcome::result_text;
pub use raw::with_raw_result;
#[cfg(any(feature = "stdio", feature = "http"))]
pub use server::McpServer;
#[cfg(any(feature = "stdio", feature = "http"))]
pub use set::{McpToolSet, McpToolSetBuilder};
#[cfg(any(feature = "stdio", feature = "http"))]
pub use tool::{IDEMPOTENCY_META_KEY, McpTool};

/// The MCP SDK this crate is built on, for its model types.
pub use rmcp;
