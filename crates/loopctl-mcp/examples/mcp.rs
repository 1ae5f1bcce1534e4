//! An MCP server's tools through loopctl's recovery loop: `cargo run --example mcp`.
//!
//! With no arguments it starts the workspace's fixture server (tools that
//! fail on purpose) and makes four calls; with a command after `--` it
//! connects to that server instead and lists its tools:
//! `cargo run --example mcp -- npx -y @modelcontextprotocol/server-filesystem /tmp`.
#![allow(
    clippy::print_stdout,
    reason = "an example talks to its user on stdout"
)]

use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{Dispatcher, ToolCall, ToolRegistry};
use loopctl_mcp::{McpServer, McpToolSet};
use loopctl_reflect_rules::RuleReflector;
use serde_json::json;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args_os().skip(1);
    if let Some(program) = args.next() {
        let set = McpToolSet::connect(McpServer::stdio(program).args(args)).await?;
        println!("{} tools from {}:", set.listed().len(), set.server());
        for tool in set.tools() {
            let hints = tool.annotations().map_or("no hints".to_owned(), |hints| {
                format!(
                    "read-only {:?}, idempotent {:?}, destructive {:?}",
                    hints.read_only_hint, hints.idempotent_hint, hints.destructive_hint
                )
            });
            println!("  {} ({hints})", loopctl_driver::Tool::schema(&tool).name);
        }
        return Ok(());
    }

    let scratch = std::env::temp_dir().join(format!("loopctl-mcp-example-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let set = McpToolSet::connect(McpServer::stdio(loopctl_testkit::mcp_fixture_binary())).await?;
    println!("connected to the fixture: {} tools", set.listed().len());
    let mut registry = ToolRegistry::new();
    set.register_into(&mut registry);
    let driver = Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(50)),
        ))
        .with_attempt_history();

    let calls = [
        ("flaky", json!({"key": "demo", "failures": 2})),
        ("set_count", json!({"count": "3"})),
        (
            "append",
            json!({"path": scratch.join("ledger.txt"), "line": "pay 10 EUR", "crash": true}),
        ),
        ("needs_input", json!({})),
    ];
    for (n, (tool, input)) in calls.into_iter().enumerate() {
        println!("\n{tool} {input}");
        let result = driver
            .dispatch(ToolCall::new(format!("call-{n}"), tool, input))
            .await?;
        for record in &result.history {
            let fix = record
                .corrected_input
                .as_ref()
                .map(|input| format!(" (ran with {input})"))
                .unwrap_or_default();
            println!("  attempt {}{fix}: {}", record.attempt + 1, record.error);
            println!(
                "    -> {} after {} ms",
                record.action.kind(),
                record.delay.as_millis()
            );
        }
        let verdict = if result.is_error { "error" } else { "ok" };
        println!(
            "  result after {} attempt(s), {verdict}: {}",
            result.attempts,
            result.content_for_model()
        );
    }
    println!("\nconnections made: {}", set.connections());
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(())
}
