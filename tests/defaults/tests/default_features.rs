//! The facade as a plain `loopctl = "0.1"` dependency gives it: backoff, driver and rules, without schema validation or LLM crates.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl::prelude::*;
use serde_json::{Value, json};

/// Set by `cargo xtask ci` for its default-feature step, where this package
/// is built alone; a workspace-wide build unifies features and turns on
/// `schema_validation` here too.
fn expect_defaults() -> bool {
    std::env::var_os("LOOPCTL_EXPECT_DEFAULT_FEATURES").is_some()
}

#[test]
fn the_build_has_exactly_the_default_features() {
    if !expect_defaults() {
        eprintln!(
            "notice: features {:?}; the default-feature check runs in `cargo xtask ci` (LOOPCTL_EXPECT_DEFAULT_FEATURES=1 cargo nextest run -p loopctl-defaults)",
            loopctl::FEATURES
        );
        return;
    }
    assert_eq!(
        loopctl::FEATURES,
        ["backoff", "driver", "redact", "rules", "typed"]
    );
}

#[tokio::test(start_paused = true)]
async fn rules_and_backoff_recover_a_flaky_tool() {
    let calls = Arc::new(AtomicU32::new(0));
    let seen = Arc::clone(&calls);
    let flaky = FnTool::new(
        ToolSchema::new("fetch", "", json!({"type": "object"})),
        move |_: &Value| {
            let n = seen.fetch_add(1, Ordering::Relaxed);
            async move {
                if n < 2 {
                    ToolOutput::error("HTTP 503 Service Unavailable")
                } else {
                    ToolOutput::success("ok")
                }
            }
        },
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(flaky))
        .with_reflector(Arc::new(RuleReflector::new()));
    let started = tokio::time::Instant::now();
    let result = driver
        .dispatch(ToolCall::new("c", "fetch", json!({})))
        .await
        .unwrap();
    assert!(!result.is_error && result.attempts == 3, "{result:?}");
    assert_eq!(
        started.elapsed(),
        Duration::from_millis(300),
        "100 + 200 ms"
    );
}

#[tokio::test(start_paused = true)]
async fn without_schema_validation_an_input_fix_is_applied_unchecked() {
    // The documented difference: only with `schema_validation` is a fix
    // checked against the tool's schema. Here a fix that breaks the schema
    // (a limit above its maximum) reaches the tool. The safety policy lets
    // the model rewrite `limit` here; without that it refuses any rewrite of a
    // value that is not a locator, and a fix that widened the path would be
    // dropped in every build.
    let seen = Arc::new(Mutex::new(Vec::new()));
    let recorder = Arc::clone(&seen);
    let read = FnTool::new(
        ToolSchema::new(
            "read_file",
            "",
            json!({"type": "object", "properties": {"path": {"type": "string"}, "limit": {"type": "integer", "maximum": 10}}, "required": ["path"]}),
        ),
        move |input: &Value| {
            recorder.lock().unwrap().push(input.clone());
            async { ToolOutput::error("EIO: i/o error") }
        },
    );
    let fix = Rule::when_contains(["EIO"], |_| {
        FailureAnalysis::recoverable("read more at once", FailureSeverity::Low).with_correction(
            Correction::input_fix("raise the limit", json!({"path": "/srv/a", "limit": 1000})),
        )
    });
    let driver = Dispatcher::new(ToolRegistry::new().with(read))
        .with_safety_policy(
            SafetyPolicy::new()
                .declare_read_only("read_file")
                .allow_free_text("read_file", "limit"),
        )
        .with_reflector(Arc::new(RuleReflector::new().with_rule(fix)))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(1).with_base_delay(Duration::ZERO),
        ));
    let result = driver
        .dispatch(ToolCall::new(
            "c",
            "read_file",
            json!({"path": "/srv/a", "limit": 5}),
        ))
        .await
        .unwrap();
    if loopctl::FEATURES.contains(&"schema_validation") {
        // A unified build: the fix is checked and rejected, and never runs.
        assert!(!expect_defaults(), "built with {:?}", loopctl::FEATURES);
        assert_eq!(
            *seen.lock().unwrap(),
            [json!({"path": "/srv/a", "limit": 5})]
        );
        assert_eq!(result.attempts, 1);
        return;
    }
    assert_eq!(
        *seen.lock().unwrap(),
        [
            json!({"path": "/srv/a", "limit": 5}),
            json!({"path": "/srv/a", "limit": 1000})
        ]
    );
    assert_eq!(result.attempts, 2);
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct Forecast {
    city: String,
    days: u8,
}

#[tokio::test(start_paused = true)]
async fn a_typed_tools_bad_input_is_repaired_by_the_rules() {
    let runs = Arc::new(AtomicU32::new(0));
    let counter = Arc::clone(&runs);
    let forecast = TypedTool::new("forecast", "The weather", move |input: Forecast| {
        counter.fetch_add(1, Ordering::Relaxed);
        async move { format!("{}: rain for {} days", input.city, input.days) }
    });
    let driver = Dispatcher::new(ToolRegistry::new().with(forecast))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_attempt_history();
    let result = driver
        .dispatch(ToolCall::new(
            "c",
            "forecast",
            json!({"city": "Oslo", "days": "3"}),
        ))
        .await
        .unwrap();
    assert_eq!(result.content, "Oslo: rain for 3 days");
    assert_eq!(result.attempts, 2);
    assert_eq!(
        runs.load(Ordering::Relaxed),
        1,
        "the bad input never reached the function"
    );
    assert_eq!(
        result.history[0].error,
        "invalid type: string \"3\", expected u8"
    );
}
