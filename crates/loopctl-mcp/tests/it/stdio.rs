//! `McpToolSet` against the fixture server as a child process: listing, recovery, corrections, reconnects and the unknown-outcome rule.

use crate::support;

use loopctl_driver::{Effect, Repeatability, SafetyPolicy, Tool};
use loopctl_mcp::McpToolSet;
use loopctl_reflect_core::RecoveryAction;
use loopctl_testkit::{GENEROUS, eventually};
use serde_json::json;
use support::{call, dispatcher, fixture, stats, tempdir};

#[tokio::test]
async fn every_tool_is_listed_across_pages_exactly_as_the_server_gives_it() {
    let set = McpToolSet::connect(fixture(&[("LOOPCTL_FIXTURE_PAGE_SIZE", "3")]))
        .await
        .unwrap();
    let listed = set.listed();
    assert_eq!(listed.len(), 17, "all six pages were followed");
    let tools = set.tools();
    assert_eq!(tools.len(), listed.len());
    for (tool, original) in tools.iter().zip(listed.iter()) {
        let schema = tool.schema();
        assert_eq!(schema.name, original.name);
        assert_eq!(
            Some(schema.description.as_str()),
            original.description.as_deref()
        );
        assert_eq!(
            schema.input_schema,
            serde_json::Value::Object((*original.input_schema).clone())
        );
    }
    let mut registry = loopctl_driver::ToolRegistry::new();
    assert_eq!(set.register_into(&mut registry), 17);
    assert!(registry.contains("flaky") && registry.contains("needs_input"));
}

#[tokio::test]
async fn a_flaky_tool_succeeds_on_the_third_attempt() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 3);
    let result = call(&driver, "flaky", json!({"key": "a", "failures": 2})).await;
    assert!(!result.is_error, "{}", result.content);
    assert_eq!(result.attempts, 3);
    assert_eq!(result.content, "ok: a after 2 failures");
    assert!(
        result.history[0]
            .error
            .contains("Service Unavailable (503)")
    );
    assert_eq!(stats(&set).await["calls"]["flaky"], 3);
}

#[tokio::test]
async fn an_argument_of_the_wrong_type_is_repaired_from_the_schema() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 3);
    // rmcp rejects the string itself, as an isError result naming serde's error.
    let result = call(&driver, "set_count", json!({"count": "3"})).await;
    assert_eq!(
        (result.is_error, result.attempts),
        (false, 2),
        "{}",
        result.content
    );
    assert_eq!(result.content, "count set to 3");
    assert!(
        result.history[0]
            .error
            .contains("invalid type: string \"3\", expected i64")
    );

    let result = call(&driver, "set_mode", json!({"mode": "Fast"})).await;
    assert_eq!(
        (result.is_error, result.attempts),
        (false, 2),
        "{}",
        result.content
    );
    assert_eq!(result.content, "mode is fast");
}

#[tokio::test]
async fn json_rpc_errors_are_classified_by_their_code() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 2);
    let internal = call(&driver, "rpc_error", json!({"code": -32603})).await;
    assert_eq!(
        internal.attempts, 3,
        "an internal error is transient: retried twice"
    );
    assert!(
        internal
            .content
            .starts_with("MCP error -32603 (internal error) from tool `rpc_error`")
    );

    let missing = call(&driver, "rpc_error", json!({"code": -32601})).await;
    assert_eq!(missing.attempts, 1, "method not found is not retried");
    assert!(missing.content.contains("(method not found)"));
    assert!(
        missing.content.contains("available tools: "),
        "{}",
        missing.content
    );
    assert!(matches!(
        missing.final_action,
        Some(RecoveryAction::Fail(_))
    ));

    let params = call(&driver, "rpc_error", json!({"code": -32602})).await;
    assert!(params.content.contains("(invalid params)"));
    assert!(params.content.contains("missing field `path`"));
}

#[tokio::test]
async fn a_server_that_dies_mid_call_is_respawned_and_an_idempotent_call_repeated() {
    let dir = tempdir();
    let marker = dir.join("crashed-once");
    // The fixture's hints say `crash_once` is idempotent; trusted here.
    let set = McpToolSet::builder(fixture(&[]))
        .trust_annotations(true)
        .connect()
        .await
        .unwrap();
    let driver = dispatcher(&set, 3);
    let result = call(&driver, "crash_once", json!({"marker": marker})).await;
    assert!(!result.is_error, "{}", result.content);
    assert_eq!(result.attempts, 2);
    assert_eq!(result.content, "survived: marker present");
    assert!(
        result.history[0].error.contains("connection closed"),
        "{}",
        result.history[0].error
    );
    assert_eq!(set.connections(), 2, "the child was spawned again");
}

#[tokio::test]
async fn a_tool_not_marked_idempotent_is_not_repeated_after_an_unknown_outcome() {
    let dir = tempdir();
    let log = dir.join("appended.txt");
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 3);
    let input = json!({"path": log, "line": "charge 10 EUR", "crash": true});
    let result = call(&driver, "append", input.clone()).await;
    assert!(result.is_error);
    assert_eq!(result.attempts, 1, "sent once");
    assert!(
        result
            .content
            .contains("the outcome of this call to `append` is unknown")
    );
    assert!(result.content.contains("check whether it took effect"));
    assert!(
        matches!(&result.final_action, Some(RecoveryAction::Fail(reason)) if reason.contains("outcome unknown"))
    );
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 1);

    // The user may say otherwise for one tool: then it is repeated.
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 1).with_safety_policy(
        SafetyPolicy::new().declare_repeatability("append", Repeatability::Idempotent),
    );
    let result = call(&driver, "append", input).await;
    assert_eq!(result.attempts, 2);
    assert_eq!(std::fs::read_to_string(&log).unwrap().lines().count(), 3);
}

#[tokio::test]
async fn hints_are_ignored_for_a_server_that_is_not_trusted() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let untrusted = set.tool("crash_once").unwrap();
    assert_eq!(
        (untrusted.effect(), untrusted.repeatability()),
        (Effect::Unknown, Repeatability::Unknown),
        "hints are not the tool's word by default"
    );
    let trusted = McpToolSet::builder(fixture(&[]))
        .trust_annotations(true)
        .connect()
        .await
        .unwrap();
    assert!(
        trusted
            .tool("crash_once")
            .unwrap()
            .repeatability()
            .is_idempotent()
    );
    assert!(
        !trusted
            .tool("append")
            .unwrap()
            .repeatability()
            .is_idempotent()
    );
}

#[tokio::test]
async fn a_call_that_times_out_is_cancelled_on_the_server() {
    let set = McpToolSet::builder(fixture(&[]))
        .call_timeout(std::time::Duration::from_millis(300))
        .connect()
        .await
        .unwrap();
    let driver = dispatcher(&set, 0);
    let result = call(&driver, "hang", json!({})).await;
    assert!(result.is_error);
    assert!(result.content.contains("timed out"), "{}", result.content);
    assert_eq!(wait_for_cancelled(&set, 1).await, 1);
}

#[tokio::test]
async fn a_driver_cancel_cancels_the_request_on_the_server() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 3);
    let cancel = driver.cancel_signal().clone();
    let running = driver.dispatch(loopctl_driver::ToolCall::new("c", "hang", json!({})));
    let cancelling = async {
        // Cancel once the server has the request.
        while stats(&set).await["calls"]["hang"] != 1 {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        cancel.cancel();
    };
    let (ended, ()) = tokio::join!(running, cancelling);
    assert!(matches!(ended, Err(loopctl_driver::LoopError::Cancelled)));
    assert_eq!(wait_for_cancelled(&set, 1).await, 1);
}

#[tokio::test]
async fn input_the_server_needs_from_a_person_becomes_ask_user() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 3);
    let result = call(&driver, "needs_input", json!({})).await;
    assert_eq!(result.attempts, 1);
    match &result.final_action {
        Some(RecoveryAction::AskUser(prompt)) => {
            assert!(
                prompt.contains("Which account should be charged?"),
                "{prompt}"
            );
        }
        other => panic!("expected AskUser, got {other:?}"),
    }
    assert!(
        result
            .content_for_model()
            .contains("A human decision is needed")
    );
}

#[tokio::test]
async fn the_set_refreshes_when_the_server_says_its_tools_changed() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let mut changes = set.changes();
    changes.mark_unchanged();
    assert!(set.tool("late_tool").is_none());
    let add = set.tool("add_tool").unwrap();
    let output = add.call(&json!({"name": "late_tool"})).await;
    assert!(!output.is_error, "{}", output.content);
    tokio::time::timeout(GENEROUS, changes.changed())
        .await
        .expect("the list was read again after list_changed")
        .unwrap();
    let late = set.tool("late_tool").expect("the new tool is listed");
    let echoed = late.call(&json!({"x": 1})).await;
    assert!(
        !echoed.is_error && echoed.content.contains("\"x\""),
        "{}",
        echoed.content
    );
}

#[tokio::test]
async fn results_keep_every_block_and_structured_content() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let empty = json!({});
    let mixed = set.tool("mixed").unwrap().call(&empty).await;
    assert!(!mixed.is_error);
    assert!(
        mixed
            .content
            .starts_with("summary: 2 rows\n[image: image/png, "),
        "{}",
        mixed.content
    );
    assert!(
        mixed.content.ends_with("[structured content] {\"rows\":2}"),
        "{}",
        mixed.content
    );
    let only = set.tool("structured_only").unwrap().call(&empty).await;
    assert_eq!(only.content, "{\"rows\":3}");
    let error = set.tool("error_structured").unwrap().call(&empty).await;
    assert!(error.is_error);
    assert_eq!(
        error.content,
        "{\"error\":\"quota exceeded\",\"retry_after_s\":5}"
    );

    let (output, raw) = loopctl_mcp::with_raw_result(set.tool("mixed").unwrap().call(&empty)).await;
    assert!(!output.is_error);
    assert_eq!(raw.expect("the raw result is kept").content.len(), 2);
}

/// Waits until the fixture has seen `expected` cancellations (the
/// notification travels after the call ends), and returns what it saw.
async fn wait_for_cancelled(set: &McpToolSet, expected: u64) -> u64 {
    eventually("the server to see the cancellation", || async {
        stats(set).await["cancelled"].as_u64().unwrap_or(0) >= expected
    })
    .await;
    stats(set).await["cancelled"].as_u64().unwrap_or(0)
}

#[tokio::test]
async fn a_server_that_died_between_calls_is_respawned_before_the_next_one() {
    let dir = tempdir();
    let ledger = dir.join("ledger.txt");
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let pid = stats(&set).await["pid"].as_u64().unwrap().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-9", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    // Wait until the process is gone, so the call cannot race the death.
    while std::path::Path::new(&format!("/proc/{pid}")).exists()
        && !std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .unwrap_or_default()
            .contains(") Z")
    {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // The client's reader meets the end of the pipe first: a request
    // already in flight when it does is an unknown outcome, as it should be.
    eventually("the client to see the server's pipe close", || async {
        !set.is_connected().await
    })
    .await;
    let driver = dispatcher(&set, 3);
    let result = call(&driver, "append", json!({"path": ledger, "line": "once"})).await;
    assert_eq!(
        (result.is_error, result.attempts),
        (false, 1),
        "{:?}",
        result.history
    );
    assert_eq!(std::fs::read_to_string(&ledger).unwrap(), "once\n");
    assert_eq!(set.connections(), 2);
}

#[tokio::test]
async fn a_hung_server_is_retired_after_a_time_out_and_replaced() {
    let dir = tempdir();
    let set = McpToolSet::builder(fixture(&[]))
        .call_timeout(std::time::Duration::from_millis(500))
        .trust_annotations(true)
        .connect()
        .await
        .unwrap();
    let driver = dispatcher(&set, 3);
    let result = call(
        &driver,
        "freeze_once",
        json!({"marker": dir.join("frozen")}),
    )
    .await;
    assert_eq!(
        (result.is_error, result.attempts),
        (false, 2),
        "{}",
        result.content
    );
    assert_eq!(result.content, "not frozen: marker present");
    assert!(result.history[0].error.contains("timed out"));
    assert_eq!(set.connections(), 2, "the stopped process was replaced");
}

#[tokio::test]
async fn a_driver_time_out_shorter_than_the_sets_never_repeats_a_non_idempotent_call() {
    let set = McpToolSet::builder(fixture(&[]))
        .trust_annotations(false)
        .connect()
        .await
        .unwrap();
    let driver = dispatcher(&set, 3).with_tool_timeout(std::time::Duration::from_millis(300));
    let result = call(&driver, "hang", json!({})).await;
    assert_eq!(result.attempts, 1, "{}", result.content);
    assert!(
        matches!(&result.final_action, Some(RecoveryAction::Fail(reason)) if reason.contains("outcome unknown"))
    );
    assert_eq!(stats(&set).await["calls"]["hang"], 1);
}

#[tokio::test]
async fn a_server_that_never_lists_its_tools_is_an_error_not_a_hang() {
    let started = std::time::Instant::now();
    let connected = McpToolSet::builder(fixture(&[("LOOPCTL_FIXTURE_HANG_LIST", "1")]))
        .connect_timeout(std::time::Duration::from_millis(500))
        .connect()
        .await;
    let error = connected.expect_err("the listing times out").to_string();
    assert!(
        error.contains("did not list its tools") && error.contains("no answer within 500 ms"),
        "{error}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
}

#[tokio::test]
async fn every_attempt_of_a_call_carries_the_same_idempotency_key_and_calls_differ() {
    let set = McpToolSet::connect(fixture(&[])).await.unwrap();
    let driver = dispatcher(&set, 3);
    let first = call(&driver, "flaky", json!({"key": "k1", "failures": 2})).await;
    assert_eq!(first.attempts, 3);
    let given = driver
        .dispatch(
            loopctl_driver::ToolCall::new("c2", "echo", json!({"text": "x"}))
                .with_idempotency_key("order-7"),
        )
        .await
        .unwrap();
    assert!(!given.is_error);
    let keys: Vec<Option<String>> =
        serde_json::from_value(stats(&set).await["idempotency_keys"].clone()).unwrap();
    assert_eq!(keys.len(), 4, "{keys:?}");
    let made = keys[0]
        .clone()
        .unwrap_or_else(|| panic!("the driver made no key: {keys:?}"));
    assert_eq!(made.len(), 36, "a UUID: {made}");
    assert_eq!(
        keys[..3],
        [Some(made.clone()), Some(made.clone()), Some(made)],
        "the same on every attempt"
    );
    assert_eq!(
        keys[3].as_deref(),
        Some("order-7"),
        "a key the caller gives is used as it is"
    );
}
