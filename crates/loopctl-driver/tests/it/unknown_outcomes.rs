//! Calls whose outcome is unknown: never repeated on a guess; repeated for an idempotent tool or one that honours idempotency keys; checked first when the user names an outcome check.

use crate::support;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_driver::{
    CheckFuture, Dispatcher, Effect, FnTool, Outcome, OutcomeCheck, Repeatability, SafetyPolicy,
    ToolCall, ToolCheck, ToolOutput, ToolRegistry, Unsure, idempotency_key,
};
use loopctl_reflect_core::{RecoveryAction, ToolSchema};
use serde_json::{Value, json};
use support::{FixedAction, ScriptedReflector};

/// A payment that charges, then hangs past the driver's time-out on its
/// first run: the charge happened, the answer was lost. It records the
/// idempotency key of every run.
fn payment(charges: Arc<AtomicU32>, keys: Arc<Mutex<Vec<String>>>) -> impl loopctl_driver::Tool {
    FnTool::new(
        ToolSchema::new("charge", "", json!({"type": "object"})),
        move |_: &Value| {
            let run = charges.fetch_add(1, Ordering::SeqCst);
            keys.lock()
                .unwrap()
                .push(idempotency_key().unwrap_or_default());
            async move {
                if run == 0 {
                    tokio::time::sleep(Duration::from_secs(60)).await;
                }
                ToolOutput::success("charged 12.00 EUR")
            }
        },
    )
    .with_effect(Effect::Destructive)
}

fn driver(registry: ToolRegistry, policy: SafetyPolicy) -> Dispatcher {
    Dispatcher::new(registry)
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
        .with_tool_timeout(Duration::from_secs(5))
        .with_safety_policy(policy)
}

fn call() -> ToolCall {
    ToolCall::new("c", "charge", json!({"amount": 12}))
}

#[tokio::test(start_paused = true)]
async fn a_payment_whose_answer_was_lost_is_not_charged_twice() {
    let charges = Arc::new(AtomicU32::new(0));
    let keys = Arc::default();
    let registry = ToolRegistry::new().with(payment(charges.clone(), keys));
    let result = driver(registry, SafetyPolicy::new())
        .dispatch(call())
        .await
        .unwrap();
    assert_eq!((result.is_error, result.attempts), (true, 1));
    assert_eq!(charges.load(Ordering::SeqCst), 1, "charged once");
    assert!(
        result.content.contains("check whether it took effect"),
        "{}",
        result.content
    );
    assert!(
        matches!(&result.final_action, Some(RecoveryAction::Fail(reason)) if reason.contains("outcome unknown"))
    );
}

#[tokio::test(start_paused = true)]
async fn the_users_word_decides_even_over_the_tools() {
    // The tool says nothing of repeats; the user declares it idempotent
    // (say, the payment API deduplicates by order): it runs again.
    let charges = Arc::new(AtomicU32::new(0));
    let registry = ToolRegistry::new().with(payment(charges.clone(), Arc::default()));
    let policy = SafetyPolicy::new().declare_repeatability("charge", Repeatability::Idempotent);
    let result = driver(registry, policy).dispatch(call()).await.unwrap();
    assert_eq!((result.is_error, result.attempts), (false, 2));
    assert_eq!(charges.load(Ordering::SeqCst), 2);

    // A tool that calls itself idempotent, declared otherwise by the user: not repeated.
    let charges = Arc::new(AtomicU32::new(0));
    let tool = FnTool::new(ToolSchema::new("charge", "", json!({"type": "object"})), {
        let charges = charges.clone();
        move |_: &Value| {
            let run = charges.fetch_add(1, Ordering::SeqCst);
            async move {
                if run == 0 {
                    tokio::time::sleep(Duration::from_secs(60)).await;
                }
                ToolOutput::success("charged")
            }
        }
    })
    .with_repeatability(Repeatability::Idempotent);
    let policy = SafetyPolicy::new().declare_repeatability("charge", Repeatability::NotIdempotent);
    let result = driver(ToolRegistry::new().with(tool), policy)
        .dispatch(call())
        .await
        .unwrap();
    assert_eq!((result.attempts, charges.load(Ordering::SeqCst)), (1, 1));
}

#[tokio::test(start_paused = true)]
async fn a_tool_that_honours_idempotency_keys_is_repeated_under_the_same_key() {
    let charges = Arc::new(AtomicU32::new(0));
    let keys = Arc::new(Mutex::new(Vec::new()));
    let registry = ToolRegistry::new().with(payment(charges.clone(), keys.clone()));
    let policy = SafetyPolicy::new().honour_idempotency_keys("charge");
    let driver = driver(registry, policy);
    let result = driver.dispatch(call()).await.unwrap();
    assert_eq!((result.is_error, result.attempts), (false, 2));
    let keys = keys.lock().unwrap().clone();
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0], keys[1], "one key for every attempt of the call");
    assert_eq!(keys[0].len(), 36, "{}", keys[0]);
}

/// A check with a fixed answer, counting how often it was asked.
#[derive(Debug)]
struct Fixed(Outcome, AtomicU32);

impl OutcomeCheck for Fixed {
    fn check<'a>(&'a self, call: Unsure<'a>) -> CheckFuture<'a> {
        assert_eq!(call.tool, "charge");
        assert_eq!(call.idempotency_key.len(), 36);
        self.1.fetch_add(1, Ordering::SeqCst);
        let outcome = self.0.clone();
        Box::pin(async move { outcome })
    }
}

#[tokio::test(start_paused = true)]
async fn an_outcome_check_decides_between_success_a_repeat_and_a_clear_failure() {
    for (outcome, charged, is_error, content) in [
        (
            Outcome::Happened("charged 12.00 EUR (found in the ledger)".into()),
            1,
            false,
            "found in the ledger",
        ),
        (Outcome::DidNotHappen, 2, false, "charged 12.00 EUR"),
        (
            Outcome::CannotTell("the ledger is down".into()),
            1,
            true,
            "could not tell (the ledger is down)",
        ),
    ] {
        let charges = Arc::new(AtomicU32::new(0));
        let registry = ToolRegistry::new().with(payment(charges.clone(), Arc::default()));
        let check = Arc::new(Fixed(outcome, AtomicU32::new(0)));
        let policy = SafetyPolicy::new().outcome_check("charge", check.clone());
        let result = driver(registry, policy).dispatch(call()).await.unwrap();
        assert_eq!(check.1.load(Ordering::SeqCst), 1);
        assert_eq!(
            charges.load(Ordering::SeqCst),
            charged,
            "{}",
            result.content
        );
        assert_eq!(result.is_error, is_error, "{}", result.content);
        assert!(result.content.contains(content), "{}", result.content);
    }
}

#[tokio::test(start_paused = true)]
async fn a_registered_read_only_tool_can_be_the_outcome_check() {
    let charges = Arc::new(AtomicU32::new(0));
    let asked = Arc::new(Mutex::new(Vec::new()));
    let ledger = FnTool::new(
        ToolSchema::new("find_charge", "", json!({"type": "object"})),
        {
            let asked = asked.clone();
            move |question: &Value| {
                asked.lock().unwrap().push(question.clone());
                async {
                    ToolOutput::success(r#"{"happened": true, "result": "charge ch_1 found"}"#)
                }
            }
        },
    )
    .read_only();
    let registry = ToolRegistry::new()
        .with(payment(charges.clone(), Arc::default()))
        .with(ledger);
    let policy =
        SafetyPolicy::new().outcome_check("charge", Arc::new(ToolCheck::new("find_charge")));
    let result = driver(registry, policy).dispatch(call()).await.unwrap();
    assert_eq!(
        (result.is_error, result.content.as_str()),
        (false, "charge ch_1 found")
    );
    assert_eq!(charges.load(Ordering::SeqCst), 1);
    let question = asked.lock().unwrap()[0].clone();
    assert_eq!(question["tool"], "charge");
    assert_eq!(question["input"], json!({"amount": 12}));
    assert_eq!(question["idempotency_key"].as_str().map(str::len), Some(36));
}
