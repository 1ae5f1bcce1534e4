//! A server that floods the client: hundreds of `tools/list_changed` notifications in a row are read as a few lists, not hundreds.

use crate::support;

use loopctl_driver::Tool as _;
use loopctl_mcp::McpToolSet;
use loopctl_testkit::eventually;
use serde_json::json;
use support::{fixture, stats};

#[tokio::test]
async fn a_flood_of_list_changes_is_read_as_a_few_lists() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let before = stats(&set).await["lists"].as_u64().unwrap();
    let add = set.tool("add_tool").unwrap();
    let output = add.call(&json!({"name": "late_tool", "notify": 500})).await;
    assert!(!output.is_error, "{}", output.content);
    eventually("the new tool is listed", || async {
        set.tool("late_tool").is_some()
    })
    .await;
    let lists = stats(&set).await["lists"].as_u64().unwrap() - before;
    // One read at once, and at most one more a second later for the
    // notifications that came in meanwhile.
    assert!(
        (1..=2).contains(&lists),
        "500 notifications made {lists} list reads"
    );
}
