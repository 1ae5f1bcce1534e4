//! Every rule and builder of the built-in strategies, with the exact default delays.

use std::sync::Arc;
use std::time::Duration;

use futures::executor::block_on;
use loopctl_backoff::{
    BUDGET_EXHAUSTED, BudgetedRecovery, ExponentialBackoffRecovery, FixedDelayRecovery, FnRecovery,
    Jitter, NeverRetry, RetryBudget, SeededRandom,
};
use loopctl_reflect_core::{
    AttemptOutcome, Correction, FailureAnalysis, FailureSeverity, RecoveryAction, RecoveryStrategy,
};
use serde_json::json;

const CEILING: u32 = 6;

fn transient() -> FailureAnalysis {
    FailureAnalysis::recoverable("read timed out", FailureSeverity::Low)
}

fn decide(
    strategy: &dyn RecoveryStrategy,
    analysis: &FailureAnalysis,
    attempt: u32,
) -> RecoveryAction {
    block_on(strategy.decide(analysis, attempt, CEILING))
}

#[test]
fn default_delays_are_100_200_400_ms() {
    let strategy = ExponentialBackoffRecovery::new(3);
    let delays: Vec<_> = (0..3)
        .map(|attempt| decide(&strategy, &transient(), attempt))
        .collect();
    assert_eq!(
        delays,
        [100, 200, 400].map(|ms| RecoveryAction::retry(Duration::from_millis(ms)))
    );
    assert_eq!(ExponentialBackoffRecovery::default().max_retries(), 3);
}

#[test]
fn rule_1_unrecoverable_fails_with_the_root_cause() {
    let strategy = ExponentialBackoffRecovery::new(3);
    let analysis = FailureAnalysis::unrecoverable("permission denied", FailureSeverity::Low)
        .with_correction(Correction::input_fix("x", json!({})));
    assert_eq!(
        decide(&strategy, &analysis, 0),
        RecoveryAction::Fail("permission denied".into())
    );
}

#[test]
fn rule_2_out_of_retries_fails() {
    let strategy = ExponentialBackoffRecovery::new(3);
    let action = decide(&strategy, &transient(), 3);
    assert_eq!(
        action,
        RecoveryAction::Fail("gave up after 3 retries: read timed out".into())
    );
    let one = ExponentialBackoffRecovery::new(1);
    assert_eq!(
        decide(&one, &transient(), 1),
        RecoveryAction::Fail("gave up after 1 retry: read timed out".into())
    );
    assert!(ExponentialBackoffRecovery::new(0).delay_for_attempt(0) > Duration::ZERO);
    assert!(decide(&ExponentialBackoffRecovery::new(0), &transient(), 0).is_fail());
}

#[test]
fn rule_2_never_pushes_into_the_drivers_ceiling() {
    let generous = ExponentialBackoffRecovery::new(100);
    assert!(block_on(generous.decide(&transient(), 4, CEILING)).is_retry());
    assert!(block_on(generous.decide(&transient(), 5, CEILING)).is_fail());
    assert!(block_on(generous.decide(&transient(), 0, 1)).is_fail());
    assert!(block_on(generous.decide(&transient(), 0, 0)).is_fail());
}

#[test]
fn rule_3_high_severity_with_a_correction_asks_the_user() {
    let strategy = ExponentialBackoffRecovery::new(3);
    for severity in [FailureSeverity::High, FailureSeverity::Critical] {
        let analysis =
            FailureAnalysis::recoverable("would delete 10k rows", severity).with_correction(
                Correction::input_fix("add a WHERE clause", json!({"where": "id=1"})),
            );
        let RecoveryAction::AskUser(prompt) = decide(&strategy, &analysis, 0) else {
            panic!("expected AskUser");
        };
        assert!(prompt.contains("would delete 10k rows"), "{prompt}");
        assert!(
            prompt.contains("add a WHERE clause") && prompt.contains("input_fix"),
            "{prompt}"
        );
    }
    let medium = FailureAnalysis::recoverable("typo", FailureSeverity::Medium)
        .with_correction(Correction::tool_change("typo", "read"));
    assert!(decide(&strategy, &medium, 0).is_retry());
    let high_without_fix = FailureAnalysis::recoverable("overloaded", FailureSeverity::High);
    assert!(decide(&strategy, &high_without_fix, 0).is_retry());
}

#[test]
fn builders_change_the_schedule() {
    let strategy = ExponentialBackoffRecovery::new(10)
        .with_base_delay(Duration::from_millis(10))
        .with_multiplier(3.0)
        .with_max_delay(Duration::from_millis(500));
    let delays: Vec<_> = (0..6)
        .map(|attempt| strategy.delay_for_attempt(attempt))
        .collect();
    assert_eq!(
        delays,
        [10, 30, 90, 270, 500, 500].map(Duration::from_millis)
    );
    let flat = ExponentialBackoffRecovery::new(3).with_multiplier(0.5);
    assert_eq!(flat.delay_for_attempt(5), Duration::from_millis(100));
    let nan = ExponentialBackoffRecovery::new(3).with_multiplier(f64::NAN);
    assert_eq!(nan.delay_for_attempt(2), Duration::from_millis(100));
}

#[test]
fn arithmetic_saturates_at_the_cap() {
    let hour = ExponentialBackoffRecovery::new(u32::MAX).with_base_delay(Duration::from_secs(3600));
    assert_eq!(hour.delay_for_attempt(0), Duration::from_secs(30));
    let steep = ExponentialBackoffRecovery::new(u32::MAX).with_multiplier(1e9);
    assert_eq!(steep.delay_for_attempt(1), Duration::from_secs(30));
    let infinite = ExponentialBackoffRecovery::new(u32::MAX).with_multiplier(f64::INFINITY);
    assert_eq!(infinite.delay_for_attempt(1), Duration::from_secs(30));
    let default = ExponentialBackoffRecovery::new(u32::MAX);
    for attempt in [1000, u32::MAX] {
        assert_eq!(default.delay_for_attempt(attempt), Duration::from_secs(30));
    }
    let huge_base = ExponentialBackoffRecovery::new(3)
        .with_base_delay(Duration::MAX)
        .with_max_delay(Duration::MAX);
    assert_eq!(huge_base.delay_for_attempt(1000), Duration::MAX);
}

#[test]
fn jitter_is_reproducible_with_a_seed() {
    let make = || {
        ExponentialBackoffRecovery::new(3)
            .with_jitter(Jitter::Full)
            .with_random_source(Arc::new(SeededRandom::new(42)))
    };
    let first: Vec<_> = (0..3)
        .map(|attempt| make().delay_for_attempt(attempt))
        .collect();
    let second: Vec<_> = (0..3)
        .map(|attempt| make().delay_for_attempt(attempt))
        .collect();
    assert_eq!(first, second);
    assert!(
        first
            .iter()
            .zip([100, 200, 400])
            .all(|(delay, cap)| *delay <= Duration::from_millis(cap))
    );
}

#[test]
fn decorrelated_jitter_spreads_capped_delays() {
    let strategy = ExponentialBackoffRecovery::new(100)
        .with_jitter(Jitter::Decorrelated)
        .with_random_source(Arc::new(SeededRandom::new(7)));
    let capped: Vec<_> = (0..200).map(|_| strategy.delay_for_attempt(50)).collect();
    let at_cap = capped
        .iter()
        .filter(|delay| **delay == Duration::from_secs(30))
        .count();
    assert!(at_cap < 5, "{at_cap} of 200 delays piled on the cap");
    assert!(
        capped
            .iter()
            .all(|delay| *delay >= Duration::from_millis(100))
    );
    let below_half = capped
        .iter()
        .filter(|delay| **delay < Duration::from_secs(15))
        .count();
    assert!(
        below_half > 50,
        "only {below_half} of 200 below half the cap"
    );
}

#[test]
fn server_hints_lengthen_the_wait() {
    let strategy = ExponentialBackoffRecovery::new(3);
    let analysis = FailureAnalysis::recoverable("HTTP 429 Too Many Requests", FailureSeverity::Low)
        .with_context("Retry-After: 2");
    assert_eq!(
        decide(&strategy, &analysis, 0),
        RecoveryAction::retry(Duration::from_secs(2))
    );
    let short_hint = transient().with_context("retry-after-ms: 10");
    assert_eq!(
        decide(&strategy, &short_hint, 1),
        RecoveryAction::retry(Duration::from_millis(200))
    );
    let in_cause = FailureAnalysis::recoverable("503, try again in 45s", FailureSeverity::Medium);
    assert_eq!(
        decide(&strategy, &in_cause, 0),
        RecoveryAction::retry(Duration::from_secs(45))
    );
}

#[test]
fn hints_over_the_limit_fail_with_the_asked_wait() {
    let strategy = ExponentialBackoffRecovery::new(3);
    let analysis = transient().with_context("Retry-After: 3600");
    let RecoveryAction::Fail(message) = decide(&strategy, &analysis, 0) else {
        panic!("expected Fail");
    };
    assert!(
        message.contains("3600.0s") && message.contains("60.0s limit"),
        "{message}"
    );
    let patient = strategy.with_retry_after_limit(Duration::from_secs(7200));
    assert_eq!(
        decide(&patient, &analysis, 0),
        RecoveryAction::retry(Duration::from_secs(3600))
    );
}

#[test]
fn fixed_delay_follows_the_same_rules() {
    let strategy = FixedDelayRecovery::new(2, Duration::from_millis(250));
    assert_eq!(
        decide(&strategy, &transient(), 0),
        RecoveryAction::retry(Duration::from_millis(250))
    );
    assert_eq!(
        decide(&strategy, &transient(), 1),
        RecoveryAction::retry(Duration::from_millis(250))
    );
    assert!(decide(&strategy, &transient(), 2).is_fail());
    let unrecoverable = FailureAnalysis::unrecoverable("gone", FailureSeverity::High);
    assert_eq!(
        decide(&strategy, &unrecoverable, 0),
        RecoveryAction::Fail("gone".into())
    );
    let hinted = transient().with_context("retry after 5s");
    assert_eq!(
        decide(&strategy, &hinted, 0),
        RecoveryAction::retry(Duration::from_secs(5))
    );
    let strict = strategy.with_retry_after_limit(Duration::from_secs(1));
    assert!(decide(&strict, &hinted, 0).is_fail());
}

#[test]
fn never_retry_fails_everything() {
    for attempt in 0..6 {
        assert_eq!(
            decide(&NeverRetry, &transient(), attempt),
            RecoveryAction::Fail("read timed out".into())
        );
    }
}

#[test]
fn closures_decide_inline() {
    let strategy = FnRecovery::new(|analysis: &FailureAnalysis, attempt, max_attempts| {
        if attempt + 1 < max_attempts && analysis.severity == FailureSeverity::Low {
            RecoveryAction::retry_now()
        } else {
            RecoveryAction::Skip(format!("skipped at {attempt}"))
        }
    });
    assert_eq!(
        decide(&strategy, &transient(), 0),
        RecoveryAction::retry_now()
    );
    assert_eq!(
        decide(&strategy, &transient(), 5),
        RecoveryAction::Skip("skipped at 5".into())
    );
}

#[test]
fn budget_vetoes_retries_once_drained_and_refills_on_success() {
    let budget = RetryBudget::new(2, 0.5);
    let strategy = BudgetedRecovery::new(ExponentialBackoffRecovery::new(3), budget.clone());
    assert!(decide(&strategy, &transient(), 0).is_retry());
    assert!(decide(&strategy, &transient(), 0).is_retry());
    assert_eq!(
        decide(&strategy, &transient(), 0),
        RecoveryAction::Fail(BUDGET_EXHAUSTED.into())
    );
    assert_eq!(budget.available(), 0.0);
    strategy.record_attempt("fetch", AttemptOutcome::Failure);
    assert_eq!(budget.available(), 0.0);
    strategy.record_attempt("fetch", AttemptOutcome::Success);
    assert!(
        decide(&strategy, &transient(), 0).is_fail(),
        "half a token is not a retry"
    );
    strategy.record_attempt("fetch", AttemptOutcome::Success);
    assert!(decide(&strategy, &transient(), 0).is_retry());
    for _ in 0..100 {
        strategy.record_attempt("fetch", AttemptOutcome::Success);
    }
    assert_eq!(budget.available(), 2.0, "refills stop at the capacity");
}

#[test]
fn budget_passes_non_retries_through_without_spending() {
    let budget = RetryBudget::new(1, 0.1);
    let strategy = BudgetedRecovery::new(ExponentialBackoffRecovery::new(3), budget.clone());
    let unrecoverable = FailureAnalysis::unrecoverable("denied", FailureSeverity::High);
    assert_eq!(
        decide(&strategy, &unrecoverable, 0),
        RecoveryAction::Fail("denied".into())
    );
    assert_eq!(budget.available(), 1.0);
    assert_eq!(strategy.budget().available(), 1.0);
}

#[test]
fn budget_is_shared_across_threads() {
    let budget = RetryBudget::new(100, 0.0);
    let strategy = Arc::new(BudgetedRecovery::new(
        FixedDelayRecovery::new(3, Duration::ZERO),
        budget,
    ));
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let strategy = Arc::clone(&strategy);
            std::thread::spawn(move || {
                (0..50)
                    .filter(|_| decide(&*strategy, &transient(), 0).is_retry())
                    .count()
            })
        })
        .collect();
    let granted: usize = handles
        .into_iter()
        .map(|handle| handle.join().unwrap())
        .sum();
    assert_eq!(granted, 100);
}

#[test]
fn fixes_that_change_the_call_can_be_retried_at_once() {
    let input_fix = transient().with_correction(Correction::input_fix(
        "limit is a number",
        json!({"limit": 20}),
    ));
    let tool_change =
        transient().with_correction(Correction::tool_change("call `read_file`", "read_file"));
    let advisory = transient().with_correction(Correction::new(
        loopctl_reflect_core::CorrectionType::ApproachChange,
        "wait for the index",
    ));
    let hinted = FailureAnalysis::recoverable("HTTP 429", FailureSeverity::Low)
        .with_context("retry-after-ms: 1500")
        .with_correction(Correction::input_fix("smaller page", json!({"limit": 5})));
    let at_once = ExponentialBackoffRecovery::new(3).with_fixes_retried_at_once();
    let fixed_at_once =
        FixedDelayRecovery::new(3, Duration::from_secs(1)).with_fixes_retried_at_once();
    for strategy in [&at_once as &dyn RecoveryStrategy, &fixed_at_once] {
        assert_eq!(decide(strategy, &input_fix, 1), RecoveryAction::retry_now());
        assert_eq!(
            decide(strategy, &tool_change, 1),
            RecoveryAction::retry_now()
        );
        assert_ne!(
            decide(strategy, &advisory, 1),
            RecoveryAction::retry_now(),
            "advice changes nothing mechanical, so the backoff stays"
        );
        assert_eq!(
            decide(strategy, &hinted, 0),
            RecoveryAction::retry(Duration::from_millis(1500)),
            "a server's hint is still honoured"
        );
    }
    // Off by default: the spec's delays.
    assert_eq!(
        decide(&ExponentialBackoffRecovery::new(3), &input_fix, 1),
        RecoveryAction::retry(Duration::from_millis(200))
    );
}

#[tokio::test(start_paused = true)]
async fn budget_floor_grants_a_few_retries_a_second_from_an_empty_bucket() {
    let budget = RetryBudget::new(1, 0.0).with_floor(2);
    let strategy = BudgetedRecovery::new(ExponentialBackoffRecovery::new(3), budget.clone());
    let granted = |strategy: &BudgetedRecovery<_>| decide(strategy, &transient(), 0).is_retry();
    assert!(granted(&strategy), "the bucket's one token");
    assert!(granted(&strategy), "the floor's first retry this second");
    assert!(granted(&strategy), "the floor's second retry this second");
    assert!(!granted(&strategy), "the floor is spent for this second");
    assert_eq!(budget.floor(), 2);
    tokio::time::advance(Duration::from_millis(1000)).await;
    assert!(granted(&strategy), "a new second, a new floor");
    assert!(granted(&strategy));
    assert!(!granted(&strategy));
    assert_eq!(budget.available(), 0.0, "the floor never fills the bucket");
}

#[test]
fn a_batch_of_successes_refills_at_once_up_to_the_capacity() {
    let budget = RetryBudget::new(10, 0.5);
    for _ in 0..10 {
        assert!(budget.try_withdraw());
    }
    budget.deposit_many(4);
    assert_eq!(budget.available(), 2.0);
    budget.deposit_many(u64::MAX);
    assert_eq!(budget.available(), 10.0, "never past the capacity");
}
