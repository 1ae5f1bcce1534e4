//! The strict transform on nested objects, arrays, enums and optional fields; schemas from Rust types; correction checks.
#![cfg(all(feature = "validation", feature = "schemars"))]

use loopctl_reflect_core::{
    Correction, CorrectionType, FailureAnalysis, FailureSeverity, ReflectionError, ToolSchema,
};
use loopctl_schema::schemars::{self, JsonSchema};
use loopctl_schema::{
    StrictSchemaError, ToolSchemaFromType, ToolValidator, ValidatorCache, check_correction,
    check_correction_for_reflection, strip_optional_nulls, to_strict,
};
use serde_json::{Value, json};

/// Sorts every `required` list, since property order depends on serde_json's map features.
fn normalized(mut schema: Value) -> Value {
    fn walk(value: &mut Value) {
        match value {
            Value::Object(map) => {
                if let Some(Value::Array(names)) = map.get_mut("required") {
                    names.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
                }
                map.values_mut().for_each(walk);
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut schema);
    schema
}

#[test]
fn nested_objects_arrays_and_enums_become_strict() {
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "description": "An order",
        "properties": {
            "id": {"type": "string", "format": "uuid"},
            "status": {"type": "string", "enum": ["open", "closed"]},
            "priority": {"enum": ["low", "high"], "type": "string"},
            "lines": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "properties": {"sku": {"type": "string"}, "qty": {"type": "integer", "default": 1, "format": "uint32"}},
                    "required": ["sku"]
                }
            },
            "customer": {"$ref": "#/$defs/customer"}
        },
        "required": ["id", "lines"],
        "$defs": {
            "customer": {"type": "object", "properties": {"email": {"type": "string", "format": "email"}}}
        }
    });
    let strict = to_strict(&schema).unwrap();
    assert_eq!(
        normalized(strict.clone()),
        normalized(json!({
            "type": "object",
            "description": "An order",
            "properties": {
                "id": {"type": "string", "format": "uuid"},
                "status": {"type": ["string", "null"], "enum": ["open", "closed", null]},
                "priority": {"enum": ["low", "high", null], "type": ["string", "null"]},
                "lines": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                        "type": "object",
                        "properties": {"sku": {"type": "string"}, "qty": {"type": ["integer", "null"]}},
                        "required": ["sku", "qty"],
                        "additionalProperties": false
                    }
                },
                "customer": {"anyOf": [{"$ref": "#/$defs/customer"}, {"type": "null"}]}
            },
            "required": ["id", "status", "priority", "lines", "customer"],
            "additionalProperties": false,
            "$defs": {
                "customer": {
                    "type": "object",
                    "properties": {"email": {"type": ["string", "null"], "format": "email"}},
                    "required": ["email"],
                    "additionalProperties": false
                }
            }
        }))
    );
    // The strict schema still compiles, and a strict answer validates against it.
    let validator = ToolValidator::compile("orders", &strict).unwrap();
    let mut answer = json!({
        "id": "6f1c1c1e-1b9e-4c55-9d1f-0f3c2b1a4d5e", "status": null, "priority": "low",
        "lines": [{"sku": "A", "qty": null}], "customer": null
    });
    assert!(validator.is_valid(&answer));
    strip_optional_nulls(&schema, &mut answer);
    assert_eq!(
        answer,
        json!({"id": "6f1c1c1e-1b9e-4c55-9d1f-0f3c2b1a4d5e", "priority": "low", "lines": [{"sku": "A"}]})
    );
    assert!(
        ToolValidator::compile("orders", &schema)
            .unwrap()
            .is_valid(&answer)
    );
}

#[test]
fn one_of_becomes_any_of_and_nullable_unions_stay() {
    let schema = json!({
        "type": "object",
        "properties": {
            "target": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
            "note": {"type": ["string", "null"]}
        },
        "required": []
    });
    let strict = to_strict(&schema).unwrap();
    assert_eq!(
        strict["properties"]["target"],
        json!({"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]})
    );
    assert_eq!(
        strict["properties"]["note"],
        json!({"type": ["string", "null"]})
    );
}

#[test]
fn inexpressible_constructs_are_clear_errors() {
    let cases = [
        (json!({"type": "string"}), StrictSchemaError::RootNotObject),
        (
            json!({"type": "object"}),
            StrictSchemaError::OpenObject {
                pointer: "/".into(),
            },
        ),
        (
            json!({"type": "object", "properties": {"meta": {"type": "object", "additionalProperties": {"type": "string"}, "properties": {}}}}),
            StrictSchemaError::OpenObject {
                pointer: "/properties/meta".into(),
            },
        ),
        (
            json!({"type": "object", "properties": {"a": {"allOf": [{"type": "string"}]}}}),
            StrictSchemaError::UnsupportedKeyword {
                pointer: "/properties/a".into(),
                keyword: "allOf".into(),
            },
        ),
        (
            json!({"type": "object", "properties": {"a": {"type": "string", "not": {"const": ""}}}}),
            StrictSchemaError::UnsupportedKeyword {
                pointer: "/properties/a".into(),
                keyword: "not".into(),
            },
        ),
        (
            json!({"type": "object", "properties": {"a": true}}),
            StrictSchemaError::NotASchemaObject {
                pointer: "/properties/a".into(),
                found: "true".into(),
            },
        ),
        (
            json!({"type": "object", "properties": {"t": {"type": "array", "items": [{"type": "string"}]}}}),
            StrictSchemaError::UnsupportedKeyword {
                pointer: "/properties/t/items".into(),
                keyword: "items (tuple form)".into(),
            },
        ),
    ];
    for (schema, expected) in cases {
        assert_eq!(to_strict(&schema), Err(expected));
    }
    let message = to_strict(&json!({"type": "object"}))
        .unwrap_err()
        .to_string();
    assert!(message.contains("list its properties"), "{message}");
}

#[derive(JsonSchema)]
#[allow(dead_code, reason = "only the schema is used")]
enum Unit {
    Celsius,
    Fahrenheit,
}

#[derive(JsonSchema)]
#[allow(dead_code, reason = "only the schema is used")]
struct Forecast {
    /// City name.
    city: String,
    days: u8,
    unit: Option<Unit>,
    stations: Vec<String>,
}

#[test]
fn schemas_from_types_validate_and_convert_to_strict() {
    let tool = ToolSchema::for_input::<Forecast>("forecast", "Weather forecast");
    assert_eq!(tool.name, "forecast");
    assert!(tool.input_schema.get("$schema").is_none());
    assert!(tool.input_schema.get("title").is_none());
    let validator = ToolValidator::compile("forecast", &tool.input_schema).unwrap();
    assert!(validator.is_valid(&json!({"city": "Oslo", "days": 3, "stations": []})));
    assert!(
        validator
            .is_valid(&json!({"city": "Oslo", "days": 3, "unit": "Celsius", "stations": ["a"]}))
    );
    assert!(!validator.is_valid(&json!({"city": "Oslo", "days": 300, "stations": []})));
    assert!(
        !validator.is_valid(&json!({"city": "Oslo", "days": 3, "unit": "Kelvin", "stations": []}))
    );
    let strict = to_strict(&tool.input_schema).unwrap();
    assert_eq!(strict["additionalProperties"], json!(false));
    assert_eq!(
        normalized(json!({"required": strict["required"]})),
        json!({"required": ["city", "days", "stations", "unit"]})
    );
    ToolValidator::compile("forecast", &strict).unwrap();
}

fn sleep_schema() -> ToolSchema {
    ToolSchema::new(
        "sleep",
        "",
        json!({
            "type": "object", "properties": {"ms": {"type": "integer"}}, "required": ["ms"]
        }),
    )
}

#[test]
fn input_fixes_are_checked_against_the_real_schema() {
    let cache = ValidatorCache::new();
    let schema = sleep_schema();
    let good = FailureAnalysis::recoverable("ms was a string", FailureSeverity::Low)
        .with_correction(Correction::input_fix("number", json!({"ms": 10})));
    assert!(check_correction(&good, Some(&schema), &cache).is_ok());
    let bad = FailureAnalysis::recoverable("x", FailureSeverity::Low)
        .with_correction(Correction::input_fix("guess", json!({"milliseconds": 10})));
    let error = check_correction_for_reflection(&bad, Some(&schema), &cache).unwrap_err();
    let ReflectionError::Internal(message) = error else {
        panic!("expected Internal")
    };
    assert!(
        message.contains("input_fix was rejected") && message.contains("ms"),
        "{message}"
    );
    assert!(
        check_correction(&bad, None, &cache).is_ok(),
        "no schema, no check"
    );
}

#[test]
fn other_corrections_have_nothing_to_check() {
    let cache = ValidatorCache::new();
    let schema = sleep_schema();
    for kind in CorrectionType::ALL {
        if kind == CorrectionType::InputFix {
            continue;
        }
        let analysis = FailureAnalysis::recoverable("x", FailureSeverity::Low)
            .with_correction(Correction::new(kind, "d").with_modified_input(json!({"bad": true})));
        assert!(
            check_correction(&analysis, Some(&schema), &cache).is_ok(),
            "{kind}"
        );
    }
    let not_object = FailureAnalysis::recoverable("x", FailureSeverity::Low)
        .with_correction(Correction::input_fix("d", json!([1])));
    assert!(
        check_correction(&not_object, Some(&schema), &cache).is_ok(),
        "left for the driver to drop"
    );
    let none = FailureAnalysis::recoverable("x", FailureSeverity::Low);
    assert!(check_correction(&none, Some(&schema), &cache).is_ok());
    let _ = schemars::Schema::default();
}
