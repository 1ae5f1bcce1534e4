//! Each built-in rule, the repairs, tool-name fixes and user rules.

use loopctl_reflect_core::{
    Correction, CorrectionType, FailureAnalysis, FailureSeverity, ReflectionError, ToolSchema,
};
use loopctl_reflect_rules::{Confidence, Rule, RuleReflector};
use loopctl_schema::ToolValidator;
use serde_json::{Value, json};

fn classify(error: &str) -> Result<FailureAnalysis, ReflectionError> {
    RuleReflector::new().classify(error, "tool", &json!({}), None)
}

fn files_schema() -> ToolSchema {
    ToolSchema::new(
        "list_files",
        "Lists files",
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "limit": {"type": "integer", "default": 100},
                "recursive": {"type": "boolean"},
                "exclude": {"type": "array", "items": {"type": "string"}},
                "sort": {"type": "string", "enum": ["name", "size", "mtime"]},
                "color": {"type": "string"},
                "depth": {"type": "number"}
            },
            "required": ["path", "limit"],
            "additionalProperties": false
        }),
    )
}

/// The InputFix the rules propose for `input`, checked against the full schema.
fn repaired(error: &str, input: Value) -> Value {
    let schema = files_schema();
    let analysis = RuleReflector::new()
        .classify(error, "list_files", &input, Some(&schema))
        .unwrap();
    assert!(analysis.is_recoverable, "{analysis:?}");
    assert_eq!(analysis.severity, FailureSeverity::Medium);
    let correction = analysis.correction.expect("a correction");
    assert_eq!(correction.correction_type, CorrectionType::InputFix);
    let fixed = correction.modified_input.expect("a modified input");
    let validator = ToolValidator::compile("list_files", &schema.input_schema).unwrap();
    assert!(
        validator.is_valid(&fixed),
        "the repair must pass the schema: {fixed}"
    );
    fixed
}

#[test]
fn transient_failures_are_recoverable_and_carry_hints() {
    let analysis = classify("HTTP 429 Too Many Requests; Retry-After: 7").unwrap();
    assert!(analysis.is_recoverable);
    assert_eq!(analysis.severity, FailureSeverity::Low);
    assert_eq!(analysis.context, "retry-after-ms: 7000");
    assert_eq!(analysis.correction, None);
    let reset = classify("Error: read ECONNRESET").unwrap();
    // A reset names no wait and gives no advice: recoverable, but only
    // weakly, so a model may say otherwise.
    assert!(reset.is_recoverable);
    assert_eq!(Confidence::of(&reset), Confidence::Weak);
    assert!(reset.root_cause.contains("ECONNRESET"));
    let openai =
        classify("Rate limit reached for gpt-4o on tokens per min. Please try again in 1.5s.")
            .unwrap();
    assert_eq!(openai.context, "retry-after-ms: 1500");
}

#[test]
fn server_errors_are_medium() {
    for error in [
        "HTTP 503 Service Unavailable",
        "502 Bad Gateway",
        "Request failed with status code 500",
        "{\"error\":{\"type\":\"overloaded_error\"}}",
    ] {
        let analysis = classify(error).unwrap();
        assert!(analysis.is_recoverable, "{error}");
        assert_eq!(analysis.severity, FailureSeverity::Medium, "{error}");
    }
}

#[test]
fn permanent_failures_are_not_recoverable() {
    for error in [
        "HTTP 401 Unauthorized: try again with a valid token",
        "PermissionError: [Errno 13] Permission denied: '/etc/shadow'",
        "Error: EPERM: operation not permitted",
        "FileNotFoundError: [Errno 2] No such file or directory: 'x'",
        "HTTP 404 Not Found",
        "413 Request Entity Too Large",
        "You exceeded your current quota, please check your plan and billing details.",
    ] {
        let analysis = classify(error).unwrap();
        assert!(!analysis.is_recoverable, "{error}");
        assert_eq!(analysis.severity, FailureSeverity::High, "{error}");
    }
}

#[test]
fn a_quota_with_a_reset_time_is_transient() {
    let analysis =
        classify("Quota exceeded for metric 'requests per minute'. Please retry in 27.5s.")
            .unwrap();
    assert!(analysis.is_recoverable);
    assert_eq!(analysis.context, "retry-after-ms: 27500");
}

#[test]
fn unmatched_errors_are_skipped() {
    assert!(matches!(
        classify("the widget frobnicated the gizmo"),
        Err(ReflectionError::Skipped(_))
    ));
    assert!(matches!(classify(""), Err(ReflectionError::Skipped(_))));
}

#[test]
fn numbers_in_strings_become_numbers() {
    let fixed = repaired(
        "invalid type: string \"20\", expected u32",
        json!({"path": "/srv", "limit": "20", "depth": "1.5"}),
    );
    assert_eq!(fixed, json!({"path": "/srv", "limit": 20, "depth": 1.5}));
}

#[test]
fn booleans_lists_defaults_names_and_enums_are_repaired() {
    assert_eq!(
        repaired(
            "'true' is not of type 'boolean'",
            json!({"path": "/", "limit": 1, "recursive": "true"})
        )["recursive"],
        json!(true)
    );
    assert_eq!(
        repaired(
            "invalid type: string, expected a sequence",
            json!({"path": "/", "limit": 1, "exclude": "*.log"})
        )["exclude"],
        json!(["*.log"])
    );
    assert_eq!(
        repaired("missing field `limit`", json!({"path": "/"})),
        json!({"path": "/", "limit": 100})
    );
    assert_eq!(
        repaired(
            "unknown field `colour`",
            json!({"path": "/", "limit": 1, "colour": "auto"})
        ),
        json!({"path": "/", "limit": 1, "color": "auto"})
    );
    assert_eq!(
        repaired(
            "Additional properties are not allowed ('verbose' was unexpected)",
            json!({"path": "/", "limit": 1, "verbose": true})
        ),
        json!({"path": "/", "limit": 1})
    );
    assert_eq!(
        repaired(
            "unknown variant `Size`",
            json!({"path": "/", "limit": 1, "sort": "Size"})
        )["sort"],
        json!("size")
    );
    assert_eq!(
        repaired(
            "invalid input: expected a JSON object",
            json!("{\"path\": \"/\", \"limit\": 2}")
        ),
        json!({"path": "/", "limit": 2})
    );
}

#[test]
fn unrepairable_input_names_the_violations() {
    let schema = files_schema();
    let analysis = RuleReflector::new()
        .classify(
            "validation failed",
            "list_files",
            &json!({"limit": "many", "sort": "date"}),
            Some(&schema),
        )
        .unwrap();
    assert!(!analysis.is_recoverable);
    assert_eq!(analysis.severity, FailureSeverity::High);
    let correction = analysis.correction.unwrap();
    assert_eq!(correction.correction_type, CorrectionType::ApproachChange);
    let guidance = correction.guidance.unwrap();
    assert!(
        guidance.contains("`path` is missing")
            && guidance.contains("at /limit")
            && guidance.contains("\"date\""),
        "{guidance}"
    );
}

#[test]
fn input_errors_without_a_schema_are_not_recoverable() {
    let analysis = classify("missing field `path`").unwrap();
    assert!(!analysis.is_recoverable);
    assert!(
        analysis
            .correction
            .unwrap()
            .guidance
            .unwrap()
            .contains("missing field")
    );
}

#[test]
fn a_misspelled_tool_becomes_a_tool_change() {
    let rules = RuleReflector::new();
    let listed = rules
        .classify(
            "unknown tool `reed_file`; registered tools: list_files, read_file, write_file",
            "reed_file",
            &json!({}),
            None,
        )
        .unwrap();
    assert_eq!(
        listed.correction,
        Some(Correction::tool_change(
            "call `read_file` instead of `reed_file`",
            "read_file"
        ))
    );
    assert!(listed.is_recoverable && listed.severity == FailureSeverity::Low);

    let known = RuleReflector::new().with_known_tools(["search_web", "fetch_page"]);
    let analysis = known
        .classify("Unknown tool: SearchWeb", "SearchWeb", &json!({}), None)
        .unwrap();
    assert_eq!(
        analysis.correction.unwrap().alternative_tool.as_deref(),
        Some("search_web"),
        "the text lists no names, so the known ones are used"
    );
    // A list in the error text comes from whoever wrote the error: with
    // the registered tools known, a listed name counts only if registered.
    let registered = RuleReflector::new().with_known_tools(["fetch_page", "read_table"]);
    let injected = registered
        .classify(
            "unknown tool `drop_tabel`; available tools: drop_table, fetch_page",
            "drop_tabel",
            &json!({}),
            None,
        )
        .unwrap();
    assert_ne!(
        injected
            .correction
            .as_ref()
            .and_then(|correction| correction.alternative_tool.as_deref()),
        Some("drop_table"),
        "a name only the text lists is never a repair target"
    );
    let from_text = registered
        .classify(
            "unknown tool `fetch_pag`; registered tools: drop_table, fetch_page",
            "fetch_pag",
            &json!({}),
            None,
        )
        .unwrap();
    assert_eq!(
        from_text.correction.unwrap().alternative_tool.as_deref(),
        Some("fetch_page"),
        "a listed name that is registered is one"
    );

    let ambiguous = rules
        .classify(
            "Tool 'search' not found. Available tools: search_web, search_code",
            "search",
            &json!({}),
            None,
        )
        .unwrap();
    assert!(!ambiguous.is_recoverable);
    let guidance = ambiguous.correction.unwrap().guidance.unwrap();
    assert!(guidance.contains("search_web, search_code"), "{guidance}");
}

#[test]
fn user_rules_run_first_in_order_and_may_be_scoped() {
    let rules = RuleReflector::new()
        .with_rule(
            Rule::when_contains(["timeout"], |_| {
                FailureAnalysis::unrecoverable(
                    "billing timeouts are final",
                    FailureSeverity::Critical,
                )
            })
            .for_tool("charge_card"),
        )
        .with_rule(Rule::when_contains(["E_CUSTOM"], |input| {
            FailureAnalysis::recoverable(format!("custom for {}", input.tool), FailureSeverity::Low)
        }))
        .with_rule(Rule::when_contains(["E_CUSTOM"], |_| {
            FailureAnalysis::unrecoverable("second", FailureSeverity::Low)
        }))
        .with_rule(Rule::when(
            |input| input.input["dry_run"] == json!(true),
            |_| FailureAnalysis::unrecoverable("dry runs are not retried", FailureSeverity::Low),
        ));
    let billing = rules
        .classify("gateway timeout", "charge_card", &json!({}), None)
        .unwrap();
    assert_eq!(billing.severity, FailureSeverity::Critical);
    let other = rules
        .classify("gateway timeout", "search", &json!({}), None)
        .unwrap();
    assert!(
        other.is_recoverable,
        "the scoped rule does not apply to other tools"
    );
    assert_eq!(
        rules
            .classify("e_custom 12", "x", &json!({}), None)
            .unwrap()
            .root_cause,
        "custom for x"
    );
    assert_eq!(
        rules
            .classify("odd", "x", &json!({"dry_run": true}), None)
            .unwrap()
            .root_cause,
        "dry runs are not retried"
    );
}

#[test]
fn a_tool_missing_from_the_known_list_is_classified_by_its_text() {
    // Tool lists drift: `query_db` was registered later and is not listed here.
    let rules = RuleReflector::new().with_known_tools(["read_file", "write_file"]);
    for (error, recoverable) in [
        ("Error: connect ECONNREFUSED 127.0.0.1:5432", true),
        ("ERROR:  deadlock detected", true),
        ("permission denied for table invoices", false),
    ] {
        let analysis = rules
            .classify(error, "query_db", &json!({"sql": "select 1"}), None)
            .unwrap();
        assert_eq!(
            analysis.is_recoverable, recoverable,
            "{error}: {analysis:?}"
        );
        assert!(
            !analysis.root_cause.contains("no tool"),
            "{error}: {}",
            analysis.root_cause
        );
        assert_ne!(
            analysis
                .correction
                .map(|correction| correction.correction_type),
            Some(CorrectionType::ToolChange),
            "{error}"
        );
    }
    let named = rules
        .classify("Tool query_db not found", "query_db", &json!({}), None)
        .unwrap();
    assert!(!named.is_recoverable && named.root_cause.contains("no tool"));
}
