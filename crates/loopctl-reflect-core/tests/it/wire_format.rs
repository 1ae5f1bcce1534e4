//! The serde wire format of every core type: names, order, round trips and strict enums.

use std::time::Duration;

use loopctl_reflect_core::{
    Correction, CorrectionType, FailureAnalysis, FailureSeverity, RecoveryAction,
    ReflectionContext, ReflectionError, ToolSchema,
};
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Value, json};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> Value {
    let encoded = serde_json::to_value(value).expect("serializes");
    let decoded: T = serde_json::from_value(encoded.clone()).expect("deserializes");
    assert_eq!(&decoded, value);
    encoded
}

#[test]
fn severity_is_ordered_low_to_critical() {
    use FailureSeverity::*;
    assert!(Low < Medium && Medium < High && High < Critical);
    let mut shuffled = vec![Critical, Low, High, Medium];
    shuffled.sort();
    assert_eq!(shuffled, FailureSeverity::ALL.to_vec());
}

#[test]
fn severity_displays_lower_case() {
    let shown: Vec<String> = FailureSeverity::ALL
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(shown, ["low", "medium", "high", "critical"]);
}

#[test]
fn severities_serialize_snake_case() {
    for (severity, name) in FailureSeverity::ALL
        .into_iter()
        .zip(["low", "medium", "high", "critical"])
    {
        assert_eq!(round_trip(&severity), json!(name));
    }
}

#[test]
fn correction_types_serialize_snake_case() {
    let names = [
        "input_fix",
        "tool_change",
        "prerequisite_fix",
        "approach_change",
        "escalate",
    ];
    for (kind, name) in CorrectionType::ALL.into_iter().zip(names) {
        assert_eq!(round_trip(&kind), json!(name));
        assert_eq!(kind.to_string(), name);
    }
}

#[test]
fn unknown_enum_strings_are_errors_not_defaults() {
    assert!(serde_json::from_value::<FailureSeverity>(json!("severe")).is_err());
    assert!(serde_json::from_value::<FailureSeverity>(json!("High")).is_err());
    assert!(serde_json::from_value::<CorrectionType>(json!("input-fix")).is_err());
    assert!(serde_json::from_value::<CorrectionType>(json!("retry")).is_err());
    let analysis = json!({
        "is_recoverable": true, "root_cause": "x", "severity": "urgent",
        "correction": null, "context": ""
    });
    assert!(serde_json::from_value::<FailureAnalysis>(analysis).is_err());
}

#[test]
fn analysis_fields_keep_the_spec_order() {
    let analysis = FailureAnalysis::recoverable("timeout", FailureSeverity::Low);
    let text = serde_json::to_string(&analysis).unwrap();
    assert_eq!(
        text,
        r#"{"is_recoverable":true,"root_cause":"timeout","severity":"low","correction":null,"context":""}"#
    );
}

#[test]
fn null_correction_reads_as_none() {
    let analysis: FailureAnalysis = serde_json::from_value(json!({
        "is_recoverable": false, "root_cause": "denied", "severity": "high",
        "correction": null, "context": "ctx"
    }))
    .unwrap();
    assert_eq!(analysis.correction, None);
    assert_eq!(analysis.severity, FailureSeverity::High);
}

#[test]
fn every_correction_type_round_trips_inside_an_analysis() {
    for kind in CorrectionType::ALL {
        let correction = Correction {
            correction_type: kind,
            description: format!("{kind} fix"),
            modified_input: Some(json!({"path": "/tmp/a"})),
            alternative_tool: Some("read_file".into()),
            guidance: Some("look first".into()),
        };
        for severity in FailureSeverity::ALL {
            let analysis = FailureAnalysis::unrecoverable("cause", severity)
                .with_correction(correction.clone())
                .with_context("more");
            let encoded = round_trip(&analysis);
            assert_eq!(
                encoded["correction"]["correction_type"],
                json!(kind.as_str())
            );
        }
    }
}

#[test]
fn correction_nulls_read_as_none() {
    let correction: Correction = serde_json::from_value(json!({
        "correction_type": "escalate", "description": "ask",
        "modified_input": null, "alternative_tool": null, "guidance": null
    }))
    .unwrap();
    assert_eq!(correction, Correction::new(CorrectionType::Escalate, "ask"));
}

#[test]
fn every_recovery_action_round_trips() {
    let actions = [
        RecoveryAction::retry(Duration::from_millis(100)),
        RecoveryAction::retry_now(),
        RecoveryAction::Skip("not needed".into()),
        RecoveryAction::AskUser("confirm deletion".into()),
        RecoveryAction::Fail("permission denied".into()),
    ];
    for action in &actions {
        round_trip(action);
    }
    assert_eq!(
        serde_json::to_value(&actions[0]).unwrap(),
        json!({"retry": {"delay": {"secs": 0, "nanos": 100_000_000}}})
    );
    assert_eq!(
        serde_json::to_value(&actions[3]).unwrap(),
        json!({"ask_user": "confirm deletion"})
    );
}

#[test]
fn recovery_action_accessors() {
    let retry = RecoveryAction::retry(Duration::from_secs(2));
    assert!(retry.is_retry() && !retry.is_fail());
    assert_eq!(retry.delay(), Some(Duration::from_secs(2)));
    assert_eq!(retry.message(), None);
    assert_eq!(retry.kind(), "retry");
    let ask = RecoveryAction::AskUser("sure?".into());
    assert!(ask.is_ask_user() && !ask.is_retry());
    assert_eq!(ask.delay(), None);
    assert_eq!(ask.message(), Some("sure?"));
    assert!(RecoveryAction::Skip(String::new()).is_skip());
    assert_eq!(RecoveryAction::Fail("no".into()).kind(), "fail");
}

#[test]
fn context_schema_and_error_round_trip() {
    let ctx = ReflectionContext::new("book a flight", 2, 6);
    assert_eq!(
        round_trip(&ctx),
        json!({"task": "book a flight", "attempt": 2, "max_attempts": 6})
    );
    assert_eq!(ctx.display_attempt(), 3);
    round_trip(&ToolSchema::new(
        "read",
        "Reads a file",
        json!({"type": "object"}),
    ));
    let internal = ReflectionError::Internal("model said prose".into());
    assert_eq!(
        round_trip(&internal),
        json!({"internal": "model said prose"})
    );
    assert_eq!(
        round_trip(&ReflectionError::Skipped("no rule".into())),
        json!({"skipped": "no rule"})
    );
    assert!(ReflectionError::Skipped("x".into()).is_skipped());
    assert_eq!(internal.message(), "model said prose");
    assert_eq!(internal.to_string(), "reflector failed: model said prose");
}
