//! Property tests: delays are monotone and capped, jitter stays in bounds, the rule order always holds.

use std::sync::Arc;
use std::time::Duration;

use futures::executor::block_on;
use loopctl_backoff::{
    ExponentialBackoffRecovery, FixedDelayRecovery, Jitter, RandomSource, SeededRandom,
};
use loopctl_reflect_core::{
    Correction, FailureAnalysis, FailureSeverity, RecoveryAction, RecoveryStrategy,
};
use proptest::prelude::*;
use serde_json::json;

fn severity() -> impl Strategy<Value = FailureSeverity> {
    prop::sample::select(FailureSeverity::ALL.to_vec())
}

fn millis(max: u64) -> impl Strategy<Value = Duration> {
    (0..=max).prop_map(Duration::from_millis)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn delays_never_decrease_and_never_exceed_the_cap(
        base in millis(10_000),
        cap in millis(120_000),
        multiplier in 1.0f64..10.0,
        attempts in 1u32..200,
    ) {
        let strategy = ExponentialBackoffRecovery::new(u32::MAX)
            .with_base_delay(base).with_max_delay(cap).with_multiplier(multiplier);
        let mut previous = Duration::ZERO;
        for attempt in 0..attempts {
            let delay = strategy.delay_for_attempt(attempt);
            prop_assert!(delay <= cap);
            prop_assert!(delay >= previous, "attempt {attempt}: {delay:?} < {previous:?}");
            previous = delay;
        }
    }

    #[test]
    fn jitter_stays_within_its_bounds(
        base in millis(5_000),
        cap in millis(60_000),
        attempt in 0u32..64,
        seed in any::<u64>(),
    ) {
        let random: Arc<dyn RandomSource> = Arc::new(SeededRandom::new(seed));
        let plain = ExponentialBackoffRecovery::new(u32::MAX).with_base_delay(base).with_max_delay(cap);
        let nominal = plain.delay_for_attempt(attempt);
        let with = |jitter| plain.clone().with_jitter(jitter).with_random_source(Arc::clone(&random));
        for _ in 0..8 {
            let full = with(Jitter::Full).delay_for_attempt(attempt);
            prop_assert!(full <= nominal);
            let equal = with(Jitter::Equal).delay_for_attempt(attempt);
            prop_assert!(equal >= nominal / 2 && equal <= nominal);
            let decorrelated = with(Jitter::Decorrelated).delay_for_attempt(attempt);
            prop_assert!(decorrelated >= base.min(cap) && decorrelated <= cap);
            prop_assert_eq!(with(Jitter::None).delay_for_attempt(attempt), nominal);
        }
    }

    #[test]
    fn no_retry_at_or_past_the_ceiling(
        max_retries in 0u32..20,
        attempt in 0u32..20,
        max_attempts in 0u32..10,
        recoverable in any::<bool>(),
        severity in severity(),
        fixed in any::<bool>(),
    ) {
        let analysis = FailureAnalysis { is_recoverable: recoverable, ..FailureAnalysis::recoverable("x", severity) };
        let action = if fixed {
            block_on(FixedDelayRecovery::new(max_retries, Duration::ZERO).decide(&analysis, attempt, max_attempts))
        } else {
            block_on(ExponentialBackoffRecovery::new(max_retries).decide(&analysis, attempt, max_attempts))
        };
        if attempt + 1 >= max_attempts || attempt >= max_retries {
            prop_assert!(!action.is_retry(), "{action:?}");
        }
    }

    #[test]
    fn the_rule_order_holds(
        recoverable in any::<bool>(),
        severity in severity(),
        with_correction in any::<bool>(),
        attempt in 0u32..8,
        max_retries in 0u32..8,
    ) {
        let mut analysis = FailureAnalysis::recoverable("boom", severity);
        analysis.is_recoverable = recoverable;
        if with_correction {
            analysis.correction = Some(Correction::input_fix("fix", json!({"a": 1})));
        }
        let strategy = ExponentialBackoffRecovery::new(max_retries);
        let action = block_on(strategy.decide(&analysis, attempt, 6));
        let out_of_retries = attempt >= max_retries || attempt + 1 >= 6;
        let expected_kind = if !recoverable || out_of_retries {
            "fail"
        } else if severity >= FailureSeverity::High && with_correction {
            "ask_user"
        } else {
            "retry"
        };
        prop_assert_eq!(action.kind(), expected_kind);
        if !recoverable {
            prop_assert_eq!(action, RecoveryAction::Fail("boom".into()));
        } else if expected_kind == "retry" {
            prop_assert_eq!(action.delay(), Some(strategy.delay_for_attempt(attempt)));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Any text gives a hint or none without panicking, and the canonical form reads back exactly.
    #[test]
    fn retry_after_parsing_never_panics(text in ".{0,200}", millis in prop_oneof![0u64..10_000_000, any::<u64>()]) {
        let now = std::time::SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let _ = loopctl_backoff::parse_retry_after(&text, now);
        let hint = Duration::from_millis(millis);
        prop_assert_eq!(loopctl_backoff::parse_retry_after(&loopctl_backoff::format_hint(hint), now), Some(hint));
        let mixed = format!("{text} Retry-After: {}", millis / 1000);
        prop_assert!(loopctl_backoff::parse_retry_after(&mixed, now) >= Some(Duration::from_secs(millis / 1000)));
    }
}
