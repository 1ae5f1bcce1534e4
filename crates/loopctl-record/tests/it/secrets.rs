//! Every field a line writes hides secrets: the input, the correction's whole fixed input, the error, the root cause, the decision's message.

use std::sync::Arc;

use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_record::{JsonlRecorder, RecordedLine};
use loopctl_reflect_core::{
    AnalysisFuture, Correction, CorrectionType, FailureAnalysis, FailureSeverity,
    ReflectionContext, Reflector, ToolSchema,
};
use serde_json::{Value, json};

/// Key names the old recorder missed, each with its own value.
const KEYED: &[(&str, &str)] = &[
    ("access_token", "at-1a2b3c"),
    ("apiKey", "ak-4d5e6f"),
    ("client_secret", "cs-7g8h9i"),
    ("x-api-key", "xk-0j1k2l"),
    ("private_key", "pk-3m4n5o"),
    ("passwd", "pw-6p7q8r"),
];
const IN_ERROR: &str = "ghp_EXAMPLE0123456789ABCDEFGHIJKLMNOPQRS";
const IN_ROOT_CAUSE: &str = "sk_live_EXAMPLE0123456789ABCDEFG";

/// Proposes the input back, with a new path and every secret kept, and
/// names a secret in its root cause.
struct Echoing;

impl Reflector for Echoing {
    fn analyze(
        &self,
        _error: &str,
        _tool: &str,
        input: &Value,
        _schema: Option<&ToolSchema>,
        _ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        let mut fixed = input.clone();
        fixed["path"] = json!("/srv/b");
        Box::pin(async move {
            let mut correction = Correction::new(CorrectionType::InputFix, "use /srv/b");
            correction.modified_input = Some(fixed);
            let mut analysis = FailureAnalysis::recoverable(
                format!("the key {IN_ROOT_CAUSE} was refused"),
                FailureSeverity::Low,
            );
            analysis.correction = Some(correction);
            Ok(analysis)
        })
    }
}

#[tokio::test]
async fn no_field_of_any_line_holds_a_secret() {
    let path = std::env::temp_dir().join(format!(
        "loopctl-record-secrets-{}.jsonl",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&path);
    let recorder = Arc::new(JsonlRecorder::builder(&path).start().await.unwrap());
    let tool = FnTool::new(
        ToolSchema::new("deploy", "", json!({"type": "object"})),
        |_: &Value| async { ToolOutput::error(format!("403: token {IN_ERROR} lacks scope")) },
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(Echoing))
        .with_observer(recorder.clone());
    let mut input = json!({"path": "/srv/a"});
    for (key, value) in KEYED {
        input[*key] = json!(value);
    }
    let _ = driver
        .dispatch(ToolCall::new("c", "deploy", input))
        .await
        .unwrap();
    recorder.shutdown().await.unwrap();
    let raw = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<RecordedLine> = raw
        .lines()
        .map(|l| RecordedLine::parse(l).unwrap())
        .collect();
    let fixed = lines[0]
        .analysis
        .as_ref()
        .unwrap()
        .correction
        .as_ref()
        .unwrap();
    // The fix is recorded, with its change, not its secrets.
    assert_eq!(
        fixed.modified_input.as_ref().unwrap()["path"],
        "/srv/b",
        "{raw}"
    );
    for secret in KEYED
        .iter()
        .map(|(_, v)| *v)
        .chain([IN_ERROR, IN_ROOT_CAUSE])
    {
        assert!(!raw.contains(secret), "{secret} leaked: {raw}");
    }
    let _ = std::fs::remove_file(&path);
}
