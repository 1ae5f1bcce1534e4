//! Every tool of the reference filesystem MCP server through loopctl: a call with a wrong argument type is repaired against the server's own schema and runs again.
//!
//! Needs Node.js: `npx` fetches the server on first use.
#![allow(
    clippy::print_stdout,
    reason = "a program for the docs prints its results"
)]
use std::sync::Arc;

use loopctl::mcp::{McpServer, McpToolSet};
use loopctl::prelude::*;
use serde_json::json;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A folder for the server to serve, with one file in it.
    let folder = std::env::temp_dir().join(format!("loopctl-first-mcp-{}", std::process::id()));
    std::fs::create_dir_all(&folder)?;
    let notes = folder.join("notes.txt");
    std::fs::write(&notes, "one\ntwo\nthree\n")?;

    let server = McpServer::stdio("npx").args([
        "-y".into(),
        "@modelcontextprotocol/server-filesystem@2026.8.31".into(),
        folder.display().to_string(),
    ]);
    let set = McpToolSet::connect(server).await?;
    let mut registry = ToolRegistry::new();
    set.register_into(&mut registry);
    println!(
        "{} tools, among them read_text_file: {}",
        registry.names().len(),
        registry.contains("read_text_file")
    );

    let driver = Dispatcher::new(registry).with_reflector(Arc::new(RuleReflector::new()));
    // A model's mistake: `head` as a string where the schema wants a number.
    let call = ToolCall::new(
        "call-1",
        "read_text_file",
        json!({"path": notes, "head": "2"}),
    );
    let result = driver.dispatch(call).await?;
    println!("after {} attempts: {:?}", result.attempts, result.content);
    std::fs::remove_dir_all(&folder)?;
    Ok(())
}
