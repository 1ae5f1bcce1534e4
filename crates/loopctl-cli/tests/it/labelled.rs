//! Labelled real error texts as traffic, a model on 127.0.0.1 that answers each with its label, and the `loopctl` binary run against it.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use serde_json::{Value, json};

/// A labelled row: the text and what a careful engineer says of it.
pub(crate) struct Row {
    pub(crate) error: String,
    pub(crate) recoverable: bool,
    pub(crate) severity: String,
    pub(crate) why: String,
}

/// Every row of the rule reflector's labelled `files` (`evaluation`,
/// `fresh`, ...), in order.
pub(crate) fn load(files: &[&str]) -> Vec<Row> {
    let data = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../loopctl-reflect-rules/tests/data"
    );
    files
        .iter()
        .flat_map(|file| {
            std::fs::read_to_string(format!("{data}/{file}.jsonl"))
                .unwrap()
                .lines()
                .filter(|line| !line.trim().is_empty())
                .map(|line| serde_json::from_str::<Value>(line).unwrap())
                .collect::<Vec<_>>()
        })
        .map(|row| Row {
            error: row["error"].as_str().unwrap().to_owned(),
            recoverable: row["is_recoverable"].as_bool().unwrap(),
            severity: row["severity"].as_str().unwrap().to_owned(),
            why: row["why"].as_str().unwrap_or("").to_owned(),
        })
        .collect()
}

/// The analysis a right model gives `row`.
pub(crate) fn analysis(row: &Row) -> Value {
    let cause: String = row.why.chars().take(160).collect();
    json!({"is_recoverable": row.recoverable, "root_cause": cause, "severity": row.severity,
           "correction": null, "context": ""})
}

/// The recorded attempt of `row` as call `call_id`, decided as its label
/// says: a retry after 100 ms, or a failure.
pub(crate) fn attempt(call_id: &str, row: &Row) -> String {
    let action = if row.recoverable {
        json!({"kind": "retry", "delay_ms": 100})
    } else {
        json!({"kind": "fail", "message": row.why})
    };
    json!({"v": 1, "ts_ms": 0, "kind": "attempt", "call_id": call_id, "tool": "tool",
           "attempt": 0, "input": {}, "error": row.error, "analysis": analysis(row),
           "action": action})
    .to_string()
}

/// An OpenAI-compatible model on 127.0.0.1 that answers each prompt with
/// the label of the text in it, and counts how often it is asked. It reads
/// the prompt as the provider would, after redaction, so a text holding
/// something secret-looking is found by its redacted form.
pub(crate) async fn labelling_model(rows: Arc<Vec<Row>>) -> (String, Arc<AtomicU64>) {
    let redactor = loopctl_redact::Redactor::standard();
    // The longest labelled text the prompt holds is found by its start: a
    // long text may reach the model cut.
    let starts: Arc<Vec<String>> = Arc::new(
        rows.iter()
            .map(|row| redactor.text(&row.error).chars().take(120).collect())
            .collect(),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let asked = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&asked);
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                return;
            };
            let (rows, starts, counter) =
                (Arc::clone(&rows), Arc::clone(&starts), Arc::clone(&counter));
            tokio::spawn(async move {
                let service = hyper::service::service_fn(
                    move |request: hyper::Request<hyper::body::Incoming>| {
                        let (rows, starts, counter) =
                            (Arc::clone(&rows), Arc::clone(&starts), Arc::clone(&counter));
                        async move {
                            let body = request
                                .into_body()
                                .collect()
                                .await
                                .map(|body| body.to_bytes())
                                .unwrap_or_default();
                            let sent: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                            let mut prompt = String::new();
                            strings(&sent, &mut prompt);
                            counter.fetch_add(1, Ordering::Relaxed);
                            let answer = rows
                                .iter()
                                .zip(starts.iter())
                                .filter(|(_, start)| prompt.contains(start.as_str()))
                                .max_by_key(|(row, _)| row.error.len())
                                .map_or_else(
                                    || json!({"is_recoverable": false, "root_cause": "unknown",
                                              "severity": "high", "correction": null, "context": ""}),
                                    |(row, _)| analysis(row),
                                );
                            let completion = json!({"choices": [{"index": 0, "finish_reason": "stop",
                                "message": {"role": "assistant", "content": answer.to_string()}}]});
                            Ok::<_, Infallible>(hyper::Response::new(Full::new(Bytes::from(
                                completion.to_string(),
                            ))))
                        }
                    },
                );
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    (format!("http://{address}/v1"), asked)
}

/// Every string in `value`, one after another.
fn strings(value: &Value, into: &mut String) {
    match value {
        Value::String(text) => {
            into.push_str(text);
            into.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|item| strings(item, into)),
        Value::Object(fields) => fields.values().for_each(|field| strings(field, into)),
        _ => {}
    }
}

/// `loopctl ARGS` with the model at `base`: (exit code, stdout, stderr).
pub(crate) async fn loopctl(args: &[&str], base: &str) -> (i32, String, String) {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
        .args(args)
        .env("OPENAI_BASE_URL", base)
        .env("OPENAI_API_KEY", "sk-test-not-a-real-key-000000")
        .env_remove("ANTHROPIC_API_KEY")
        .output()
        .await
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}
