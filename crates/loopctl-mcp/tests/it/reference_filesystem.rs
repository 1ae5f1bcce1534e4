//! A server nobody here wrote: the reference filesystem server from npm, through `McpToolSet` and the rules.
//!
//! Skipped, with a notice, where `node` or the package is missing; `.ci/run`
//! installs the package wherever npm is present.

use crate::support;

use loopctl_mcp::{McpServer, McpToolSet};
use loopctl_reflect_core::RecoveryAction;
use serde_json::json;
use support::{call, dispatcher};

/// The server over a fresh root holding `notes.txt`, and the root.
async fn filesystem() -> Option<(McpToolSet, std::path::PathBuf)> {
    let script = loopctl_testkit::reference_filesystem_server()?;
    let root = support::tempdir();
    // The server reports real paths, so the root is named as it resolves.
    let root = root.canonicalize().unwrap();
    std::fs::write(root.join("notes.txt"), "one\ntwo\nthree\nfour\n").unwrap();
    let server = McpServer::stdio("node").arg(script).arg(&root);
    Some((McpToolSet::connect(server).await.unwrap(), root))
}

#[tokio::test]
async fn a_missing_file_is_a_tool_error_and_not_retried() {
    let Some((set, root)) = filesystem().await else {
        return;
    };
    let driver = dispatcher(&set, 3);
    let result = call(
        &driver,
        "read_text_file",
        json!({"path": root.join("missing.txt")}),
    )
    .await;
    assert!(result.is_error);
    assert_eq!(result.attempts, 1, "{}", result.content);
    assert!(result.content.contains("ENOENT"), "{}", result.content);
    assert!(matches!(result.final_action, Some(RecoveryAction::Fail(_))));
}

#[tokio::test]
async fn a_path_outside_the_allowed_root_is_refused_and_not_retried() {
    let Some((set, _root)) = filesystem().await else {
        return;
    };
    let driver = dispatcher(&set, 3);
    let result = call(&driver, "read_text_file", json!({"path": "/etc/hostname"})).await;
    assert!(result.is_error);
    assert_eq!(result.attempts, 1, "{}", result.content);
    assert!(
        result.content.contains("Access denied"),
        "{}",
        result.content
    );
}

#[tokio::test]
async fn a_read_succeeds_after_a_correction() {
    let Some((set, root)) = filesystem().await else {
        return;
    };
    assert!(set.tool("read_text_file").is_some());
    let driver = dispatcher(&set, 3);
    // A number sent as a string, as models do: the server's validation
    // rejects it and the rules coerce it from the tool's own schema.
    let result = call(
        &driver,
        "read_text_file",
        json!({"path": root.join("notes.txt"), "head": "2"}),
    )
    .await;
    assert!(!result.is_error, "{}", result.content);
    assert_eq!(result.attempts, 2, "{:?}", result.history);
    assert_eq!(result.content, "one\ntwo");
    assert_eq!(result.history[0].corrected_input, None);
}
