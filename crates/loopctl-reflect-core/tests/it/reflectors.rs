//! The default reflector's answer and the object safety of both traits.

use std::sync::Arc;

use futures::executor::block_on;
use loopctl_reflect_core::{
    DecisionFuture, FailureAnalysis, FailureSeverity, MAX_RECOVERY_ATTEMPTS, MAX_TOTAL_ATTEMPTS,
    NoopReflector, RecoveryAction, RecoveryStrategy, ReflectionContext, Reflector, ToolSchema,
};
use serde_json::json;

#[test]
fn noop_reflector_marks_everything_unrecoverable_at_medium() {
    let reflector: Arc<dyn Reflector> = Arc::new(NoopReflector);
    let schema = ToolSchema::new("fetch", "", json!({"type": "object"}));
    for (error, schema) in [("connection refused", Some(&schema)), ("", None)] {
        let ctx = ReflectionContext::new("task", 3, 6);
        let analysis =
            block_on(reflector.analyze(error, "fetch", &json!({}), schema, &ctx)).unwrap();
        assert_eq!(
            analysis,
            FailureAnalysis {
                is_recoverable: false,
                root_cause: error.to_owned(),
                severity: FailureSeverity::Medium,
                correction: None,
                context: String::new(),
            }
        );
    }
}

#[test]
fn the_ceiling_is_five_retries_six_calls() {
    assert_eq!(MAX_RECOVERY_ATTEMPTS, 5);
    assert_eq!(MAX_TOTAL_ATTEMPTS, 6);
}

struct AlwaysRetry;

impl RecoveryStrategy for AlwaysRetry {
    fn decide(&self, _: &FailureAnalysis, _: u32, _: u32) -> DecisionFuture<'_> {
        Box::pin(async { RecoveryAction::retry_now() })
    }
}

#[test]
fn strategies_work_through_arc_box_and_reference() {
    let analysis = NoopReflector::analysis_for("boom");
    let by_arc: Arc<dyn RecoveryStrategy> = Arc::new(AlwaysRetry);
    let by_box: Box<dyn RecoveryStrategy> = Box::new(AlwaysRetry);
    let by_ref: &dyn RecoveryStrategy = &AlwaysRetry;
    for strategy in [&by_arc as &dyn RecoveryStrategy, &by_box, &by_ref] {
        assert!(block_on(strategy.decide(&analysis, 0, 6)).is_retry());
        strategy.record_attempt("tool", loopctl_reflect_core::AttemptOutcome::Success);
    }
}
