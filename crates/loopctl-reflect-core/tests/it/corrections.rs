//! The correction-application table: every correction type with valid and invalid inputs.

use loopctl_reflect_core::{
    Correction, CorrectionOutcome, CorrectionRejection, CorrectionType, apply_correction,
};
use serde_json::{Value, json};

fn applied(tool: &str, input: Value, correction: &Correction) -> (String, Value, bool) {
    let mut tool = tool.to_owned();
    let mut input = input;
    let changed = apply_correction(&tool, correction).apply(&mut tool, &mut input);
    (tool, input, changed)
}

#[test]
fn input_fix_with_an_object_replaces_the_input() {
    let fix = Correction::input_fix("typed", json!({"count": 3}));
    assert_eq!(
        apply_correction("list", &fix),
        CorrectionOutcome::InputReplaced(&json!({"count": 3}))
    );
    assert_eq!(
        applied("list", json!({"count": "3"}), &fix),
        ("list".into(), json!({"count": 3}), true)
    );
}

#[test]
fn input_fix_with_an_empty_object_still_applies() {
    let fix = Correction::input_fix("no arguments", json!({}));
    assert_eq!(
        applied("ping", json!({"x": 1}), &fix),
        ("ping".into(), json!({}), true)
    );
}

#[test]
fn input_fix_without_an_object_is_rejected() {
    let cases = [
        (json!([1, 2]), "array"),
        (json!("{\"count\": 3}"), "string"),
        (json!(3), "number"),
        (json!(true), "boolean"),
        (Value::Null, "null"),
    ];
    for (value, found) in cases {
        let fix = Correction::input_fix("bad", value);
        assert_eq!(
            apply_correction("list", &fix),
            CorrectionOutcome::Rejected(CorrectionRejection::ModifiedInputNotObject { found })
        );
        let original = json!({"count": "3"});
        assert_eq!(
            applied("list", original.clone(), &fix),
            ("list".into(), original, false)
        );
    }
    let missing = Correction::new(CorrectionType::InputFix, "nothing");
    let outcome = apply_correction("list", &missing);
    assert_eq!(
        outcome,
        CorrectionOutcome::Rejected(CorrectionRejection::MissingModifiedInput)
    );
    assert!(!outcome.is_applied());
}

#[test]
fn tool_change_swaps_the_tool_and_keeps_the_input() {
    let change = Correction::tool_change("typo", "read_file");
    assert_eq!(
        apply_correction("reed_file", &change),
        CorrectionOutcome::ToolSwapped("read_file")
    );
    let input = json!({"path": "a"});
    assert_eq!(
        applied("reed_file", input.clone(), &change),
        ("read_file".into(), input, true)
    );
}

#[test]
fn tool_change_trims_surrounding_space() {
    let change = Correction::tool_change("typo", "  read_file\n");
    assert_eq!(
        apply_correction("x", &change),
        CorrectionOutcome::ToolSwapped("read_file")
    );
}

#[test]
fn tool_change_without_a_usable_name_is_rejected() {
    for name in [None, Some(""), Some("   ")] {
        let mut change = Correction::new(CorrectionType::ToolChange, "?");
        change.alternative_tool = name.map(str::to_owned);
        assert_eq!(
            apply_correction("search", &change),
            CorrectionOutcome::Rejected(CorrectionRejection::MissingAlternativeTool)
        );
    }
    let same = Correction::tool_change("same", "search");
    assert_eq!(
        apply_correction("search", &same),
        CorrectionOutcome::Rejected(CorrectionRejection::SameTool)
    );
}

#[test]
fn advisory_types_change_nothing_even_with_other_fields_set() {
    for kind in [
        CorrectionType::PrerequisiteFix,
        CorrectionType::ApproachChange,
        CorrectionType::Escalate,
    ] {
        let correction = Correction::new(kind, "advice")
            .with_guidance("create the directory first")
            .with_modified_input(json!({"x": 1}))
            .with_alternative_tool("other");
        assert_eq!(
            apply_correction("write", &correction),
            CorrectionOutcome::Advisory(Some("create the directory first"))
        );
        let input = json!({"path": "/a/b"});
        assert_eq!(
            applied("write", input.clone(), &correction),
            ("write".into(), input, false)
        );
    }
    assert_eq!(
        apply_correction("w", &Correction::new(CorrectionType::Escalate, "ask")),
        CorrectionOutcome::Advisory(None)
    );
}

#[test]
fn rejection_messages_say_what_happens_next() {
    let message = CorrectionRejection::ModifiedInputNotObject { found: "array" }.to_string();
    assert!(
        message.contains("array") && message.contains("original input"),
        "{message}"
    );
}
