//! Validation across drafts, readable violations, bad schemas, remote refusals and shared caches.
#![cfg(all(feature = "validation", feature = "schemars"))]

use std::sync::Arc;

use loopctl_reflect_core::ToolSchema;
use loopctl_schema::{SchemaError, ToolValidator, ValidationFailure, ValidatorCache};
use serde_json::{Value, json};

fn body(draft_uri: Option<&str>) -> Value {
    let mut schema = json!({
        "type": "object",
        "properties": {
            "path": {"type": "string"},
            "count": {"type": "integer", "minimum": 1},
            "mode": {"enum": ["read", "write"]}
        },
        "required": ["path", "count"],
        "additionalProperties": false
    });
    if let Some(uri) = draft_uri {
        schema["$schema"] = json!(uri);
    }
    schema
}

#[test]
fn every_draft_accepts_valid_and_rejects_invalid_input() {
    let drafts = [
        None,
        Some("https://json-schema.org/draft/2020-12/schema"),
        Some("https://json-schema.org/draft/2019-09/schema"),
        Some("http://json-schema.org/draft-07/schema#"),
        Some("http://json-schema.org/draft-06/schema#"),
        Some("http://json-schema.org/draft-04/schema#"),
    ];
    for draft in drafts {
        let validator = ToolValidator::compile("files", &body(draft)).expect("compiles");
        assert!(
            validator
                .validate(&json!({"path": "a", "count": 2, "mode": "read"}))
                .is_ok()
        );
        let failure = validator
            .validate(&json!({"path": 3, "count": 0, "mode": "delete", "extra": true}))
            .unwrap_err();
        let keywords: Vec<&str> = failure
            .violations
            .iter()
            .map(|v| v.keyword.as_str())
            .collect();
        for expected in ["type", "minimum", "enum", "additionalProperties"] {
            assert!(keywords.contains(&expected), "{draft:?}: {keywords:?}");
        }
    }
}

#[test]
fn draft_specific_keywords_follow_the_declared_draft() {
    // In draft 4 exclusiveMinimum is a boolean; in 2020-12 a number.
    let draft4 = json!({
        "$schema": "http://json-schema.org/draft-04/schema#",
        "type": "object",
        "properties": {"n": {"type": "number", "minimum": 0, "exclusiveMinimum": true}}
    });
    let validator = ToolValidator::compile("n", &draft4).unwrap();
    assert!(!validator.is_valid(&json!({"n": 0})));
    assert!(validator.is_valid(&json!({"n": 0.5})));
    let modern = json!({"type": "object", "properties": {"n": {"exclusiveMinimum": 0}}});
    let validator = ToolValidator::compile("n", &modern).unwrap();
    assert!(!validator.is_valid(&json!({"n": 0})));
}

#[test]
fn violations_name_pointer_and_keyword_one_line_each() {
    let validator = ToolValidator::compile("files", &body(None)).unwrap();
    let failure = validator
        .validate(&json!({"path": ["x"], "count": "2"}))
        .unwrap_err();
    let text = failure.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].contains("tool `files`") && lines[0].contains("2 violations"),
        "{text}"
    );
    assert!(
        text.contains("at /path:") && text.contains("(type)"),
        "{text}"
    );
    assert!(text.contains("at /count:"), "{text}");
    let missing = validator.validate(&json!({})).unwrap_err();
    assert!(
        missing
            .violations
            .iter()
            .all(|v| v.keyword == "required" && v.pointer.is_empty())
    );
    assert!(missing.to_string().contains("at /:"), "{missing}");
}

#[test]
fn huge_inputs_list_a_bounded_number_of_violations() {
    let schema = json!({"type": "array", "items": {"type": "integer"}});
    let validator = ToolValidator::compile("numbers", &schema).unwrap();
    let input = Value::Array((0..1000).map(|i| json!(format!("{i}"))).collect());
    let failure = validator.validate(&input).unwrap_err();
    assert_eq!(failure.violations.len(), 65);
    assert!(
        failure.violations[64].message.contains("936 more"),
        "{:?}",
        failure.violations[64]
    );
}

#[test]
fn bad_schemas_are_clear_errors_naming_the_tool() {
    let broken = [
        json!({"type": "objekt"}),
        json!({"type": "object", "properties": {"a": {"minimum": "zero"}}}),
        json!({"type": "string", "pattern": "(unclosed"}),
        json!({"$ref": "#/$defs/missing"}),
    ];
    for schema in broken {
        let error = ToolValidator::compile("weather", &schema).unwrap_err();
        assert!(
            matches!(error, SchemaError::Invalid { ref tool, .. } if tool == "weather"),
            "{error:?}"
        );
        assert!(error.to_string().contains("`weather`"), "{error}");
    }
    let dialect =
        ToolValidator::compile("w", &json!({"$schema": "https://example.com/mine"})).unwrap_err();
    assert!(
        matches!(dialect, SchemaError::UnknownDraft { .. }),
        "{dialect:?}"
    );
}

#[test]
fn remote_references_are_refused_without_network() {
    for reference in [
        "https://example.com/schemas/user.json",
        "other.json#/defs/a",
        "http://127.0.0.1:9/x",
    ] {
        let schema = json!({"type": "object", "properties": {"user": {"$ref": reference}}});
        let error = ToolValidator::compile("users", &schema).unwrap_err();
        assert_eq!(
            error,
            SchemaError::RemoteReference {
                tool: "users".into(),
                reference: reference.into()
            }
        );
        assert!(error.to_string().contains("$defs"), "{error}");
    }
}

#[test]
fn local_and_embedded_references_resolve() {
    let schema = json!({
        "$id": "https://example.com/root.json",
        "type": "object",
        "properties": {"point": {"$ref": "#/$defs/point"}, "self": {"$ref": "root.json#/$defs/point"}},
        "$defs": {"point": {"type": "object", "properties": {"x": {"type": "number"}}, "required": ["x"]}}
    });
    let validator = ToolValidator::compile("geo", &schema).unwrap();
    assert!(validator.is_valid(&json!({"point": {"x": 1}, "self": {"x": 2}})));
    assert!(!validator.is_valid(&json!({"point": {}})));
}

#[test]
fn the_cache_compiles_once_and_recompiles_on_a_new_schema() {
    let cache = ValidatorCache::new();
    let first = ToolSchema::new("t", "", body(None));
    let a = cache.validator(&first).unwrap();
    let b = cache.validator(&first).unwrap();
    assert!(Arc::ptr_eq(&a, &b), "same schema, same compiled validator");
    let mut reordered = body(None);
    let properties = reordered["properties"].take();
    reordered["properties"] = properties;
    assert!(Arc::ptr_eq(
        &a,
        &cache
            .validator(&ToolSchema::new("t", "", reordered))
            .unwrap()
    ));
    let changed = ToolSchema::new("t", "", json!({"type": "object", "required": ["other"]}));
    let c = cache.validator(&changed).unwrap();
    assert!(!Arc::ptr_eq(&a, &c));
    assert!(c.is_valid(&json!({"other": 1})) && !c.is_valid(&json!({"path": "a", "count": 1})));
    assert_eq!(cache.len(), 1);
    cache.remove("t");
    assert!(cache.is_empty());
}

#[test]
fn the_cache_reports_both_kinds_of_failure() {
    let cache = ValidatorCache::new();
    let broken = ToolSchema::new("b", "", json!({"type": 12}));
    assert!(matches!(
        cache.validate(&broken, &json!({})),
        Err(ValidationFailure::Schema(_))
    ));
    assert!(matches!(
        cache.validate(&broken, &json!({})),
        Err(ValidationFailure::Schema(_))
    ));
    let good = ToolSchema::new("g", "", body(None));
    assert!(matches!(
        cache.validate(&good, &json!({})),
        Err(ValidationFailure::Input(_))
    ));
}

#[test]
fn many_threads_share_one_cache() {
    let cache = ValidatorCache::new();
    let schemas: Vec<ToolSchema> = (0..4)
        .map(|i| ToolSchema::new(format!("tool{i}"), "", body(None)))
        .collect();
    std::thread::scope(|scope| {
        for thread in 0..8 {
            let cache = cache.clone();
            let schemas = &schemas;
            scope.spawn(move || {
                for round in 0..200 {
                    let schema = &schemas[(thread + round) % schemas.len()];
                    let count = (round % 3) as i64;
                    let result = cache.validate(schema, &json!({"path": "p", "count": count}));
                    assert_eq!(result.is_ok(), count >= 1);
                }
            });
        }
    });
    assert_eq!(cache.len(), 4);
}

#[test]
fn formats_are_checked() {
    let schema = json!({"type": "object", "properties": {"when": {"type": "string", "format": "date-time"}}});
    let validator = ToolValidator::compile("cal", &schema).unwrap();
    assert!(validator.is_valid(&json!({"when": "2026-11-29T10:00:00Z"})));
    assert!(!validator.is_valid(&json!({"when": "next tuesday"})));
}
