//! Property tests: a proposed repair always passes the schema, every text gets a well-formed answer or a skip, and credentials are never recoverable.

use loopctl_reflect_core::{CorrectionType, ReflectionError, ToolSchema};
use loopctl_reflect_rules::{RepairOutcome, RuleReflector, repair_input};
use loopctl_schema::ToolValidator;
use proptest::prelude::*;
use serde_json::{Map, Value, json};

fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "limit": {"type": "integer", "default": 10},
            "ratio": {"type": "number"},
            "recursive": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}},
            "mode": {"type": "string", "enum": ["fast", "safe"]},
            "owner": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"], "additionalProperties": false}
        },
        "required": ["path", "limit"],
        "additionalProperties": false
    })
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i32>().prop_map(Value::from),
        (-1.0e6f64..1.0e6).prop_map(Value::from),
        "[a-zA-Z0-9 ._-]{0,8}".prop_map(Value::String),
        prop_oneof![
            Just("42"),
            Just("true"),
            Just("False"),
            Just("FAST"),
            Just("1.5"),
            Just(" 7 ")
        ]
        .prop_map(|s| Value::String(s.to_owned())),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..4)
                .prop_map(|map| Value::Object(map.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("path"),
        Just("pth"),
        Just("Path"),
        Just("limit"),
        Just("limt"),
        Just("ratio"),
        Just("recursive"),
        Just("tags"),
        Just("tag"),
        Just("mode"),
        Just("owner"),
        Just("id"),
        Just("extra"),
        Just("verbose"),
    ]
    .prop_map(str::to_owned)
}

fn input() -> impl Strategy<Value = Value> {
    prop::collection::btree_map(key(), value(), 0..6)
        .prop_map(|map| Value::Object(map.into_iter().collect::<Map<_, _>>()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn repairs_always_pass_the_schema(input in input()) {
        let schema = schema();
        let validator = ToolValidator::compile("t", &schema).unwrap();
        if let RepairOutcome::Repaired { input: repaired, changes } = repair_input(&input, &schema) {
            prop_assert!(!changes.is_empty());
            prop_assert!(validator.is_valid(&repaired), "{input} became {repaired}");
        }
        let tool = ToolSchema::new("t", "", schema);
        let analysis = RuleReflector::new().classify("validation error: invalid input", "t", &input, Some(&tool)).unwrap();
        if let Some(correction) = analysis.correction.filter(|c| c.correction_type == CorrectionType::InputFix) {
            prop_assert!(validator.is_valid(correction.modified_input.as_ref().unwrap()));
        }
    }

    #[test]
    fn any_text_gets_an_answer_or_a_skip(error in ".{0,300}", tool in "[a-z_]{0,12}", input in value()) {
        match RuleReflector::new().with_known_tools(["read_file", "write_file"]).classify(&error, &tool, &input, None) {
            Ok(analysis) => {
                prop_assert!(!analysis.root_cause.is_empty());
                if let Some(correction) = &analysis.correction {
                    match correction.correction_type {
                        CorrectionType::ToolChange => {
                            let alternative = correction.alternative_tool.as_deref().unwrap_or("");
                            prop_assert!(["read_file", "write_file"].contains(&alternative) || error.contains(alternative), "{alternative}");
                            prop_assert_ne!(alternative, tool.as_str(), "never the failing tool itself");
                            prop_assert!(analysis.is_recoverable);
                        }
                        // No schema was given, so no input can be repaired.
                        CorrectionType::InputFix => prop_assert!(false, "an input fix without a schema: {:?}", correction),
                        _ => prop_assert!(correction.modified_input.is_none()),
                    }
                }
            }
            Err(ReflectionError::Skipped(reason)) => prop_assert!(reason.starts_with("no rule matches")),
            Err(other) => prop_assert!(false, "the rules never fail internally: {}", other),
        }
    }

    #[test]
    fn credentials_are_never_recoverable_whatever_surrounds_them(
        before in "[a-zA-Z0-9 .:,()-]{0,40}",
        after in "[a-zA-Z0-9 .:,()-]{0,40}",
        auth in prop::sample::select(&["401 Unauthorized", "permission denied", "Invalid API key", "EACCES", "403 Forbidden", "AccessDenied"][..]),
        blip in prop::sample::select(&["", "timed out", "please try again", "503 Service Unavailable", "ECONNRESET", "rate limit"][..]),
    ) {
        let error = format!("{before}{blip} {auth}{after}");
        if let Ok(analysis) = RuleReflector::new().classify(&error, "t", &Value::Null, None) {
            prop_assert!(!analysis.is_recoverable, "{error}: {analysis:?}");
        }
    }
}
