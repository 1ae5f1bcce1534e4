//! Accuracy of the rule reflector on a labelled corpus of real tool error texts.

use loopctl_reflect_core::{CorrectionType, ReflectionError, ToolSchema};
use loopctl_reflect_rules::RuleReflector;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct Labelled {
    source: String,
    tool: String,
    error: String,
    is_recoverable: bool,
    severity: String,
    correction_type: Option<CorrectionType>,
    #[serde(default)]
    input: Value,
    #[serde(default)]
    schema: Option<Value>,
}

fn corpus() -> Vec<Labelled> {
    include_str!("data/failures.jsonl")
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("bad corpus line {line}: {error}"))
        })
        .collect()
}

#[test]
fn the_corpus_is_large_and_labelled() {
    let rows = corpus();
    assert!(rows.len() >= 300, "{} rows", rows.len());
    assert!(
        rows.iter()
            .all(|row| ["low", "medium", "high", "critical"].contains(&row.severity.as_str()))
    );
}

#[test]
fn accuracy_on_the_corpus() {
    let rules = RuleReflector::new();
    let rows = corpus();
    let (mut recoverable_agree, mut severity_agree, mut correction_agree) = (0, 0, 0);
    let mut auth_called_recoverable = Vec::new();
    let mut disagreements = Vec::new();
    for row in &rows {
        let schema = row
            .schema
            .clone()
            .map(|schema| ToolSchema::new(row.tool.clone(), "", schema));
        let (recoverable, severity, correction) =
            match rules.classify(&row.error, &row.tool, &row.input, schema.as_ref()) {
                Ok(analysis) => (
                    analysis.is_recoverable,
                    analysis.severity.to_string(),
                    analysis
                        .correction
                        .map(|correction| correction.correction_type),
                ),
                // Skipped: used alone, the driver fails softly, as for NoopReflector.
                Err(ReflectionError::Skipped(_)) => (false, "medium".to_owned(), None),
                Err(other) => panic!("rules never fail internally: {other}"),
            };
        if recoverable == row.is_recoverable {
            recoverable_agree += 1;
        } else {
            disagreements.push(format!(
                "[{}] expected recoverable={} for: {}",
                row.source,
                row.is_recoverable,
                row.error.lines().next().unwrap_or("")
            ));
        }
        if severity == row.severity {
            severity_agree += 1;
        } else {
            disagreements.push(format!(
                "[{}] severity {severity}, labelled {}: {}",
                row.source,
                row.severity,
                row.error.lines().next().unwrap_or("")
            ));
        }
        correction_agree += usize::from(correction == row.correction_type);
        if row.source == "auth" && recoverable {
            auth_called_recoverable.push(row.error.clone());
        }
    }
    let total = rows.len();
    let percent = |count: usize| 100.0 * count as f64 / total as f64;
    eprintln!(
        "corpus: {total} rows; is_recoverable agreement {recoverable_agree}/{total} ({:.1}%); severity {severity_agree}/{total} ({:.1}%); correction type {correction_agree}/{total} ({:.1}%)",
        percent(recoverable_agree),
        percent(severity_agree),
        percent(correction_agree)
    );
    for line in &disagreements {
        eprintln!("disagreement: {line}");
    }
    assert!(
        auth_called_recoverable.is_empty(),
        "auth errors called recoverable: {auth_called_recoverable:#?}"
    );
    assert!(
        percent(recoverable_agree) >= 95.0,
        "is_recoverable agreement {:.1}%",
        percent(recoverable_agree)
    );
}
