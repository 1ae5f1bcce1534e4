//! End to end through the core crate: the stock reflector's verdict feeds a correction-free retry decision.

use futures::executor::block_on;
use loopctl_reflect_core::{
    FailureAnalysis, MAX_TOTAL_ATTEMPTS, NoopReflector, ReflectionContext, Reflector,
    apply_correction,
};
use serde_json::json;

#[test]
fn noop_analysis_survives_the_wire_and_offers_nothing_to_apply() {
    let ctx = ReflectionContext::new("", 0, MAX_TOTAL_ATTEMPTS);
    let analysis =
        block_on(NoopReflector.analyze("EACCES", "write", &json!({}), None, &ctx)).unwrap();
    let wire = serde_json::to_string(&analysis).unwrap();
    let back: FailureAnalysis = serde_json::from_str(&wire).unwrap();
    assert_eq!(back, analysis);
    assert!(!back.is_recoverable);
    assert!(
        back.correction
            .as_ref()
            .map(|c| apply_correction("write", c))
            .is_none()
    );
}
