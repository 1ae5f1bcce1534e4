//! `loopctl analyze` and `loopctl prompt` on the tour's failures, bad inputs, and an LLM on 127.0.0.1.

use crate::support;

use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};
use support::{data, loopctl, loopctl_beside_a_server};

#[test]
fn the_tours_failures_get_their_analysis_and_timeline() {
    let run = loopctl(
        &[
            "analyze",
            "HTTP 429 Too Many Requests (Retry-After: 1)",
            "--tool",
            "http_get",
        ],
        &[],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("recoverable  yes"), "{}", run.stdout);
    assert!(run.stdout.contains("context      retry-after-ms: 1000"));
    assert!(run.stdout.contains("attempt 1 fails → retry after 1000 ms"));
    assert!(
        run.stdout
            .contains("attempt 4 fails → fail: gave up after 3 retries")
    );
    assert!(!run.stdout.contains('\u{1b}'), "no colour off a terminal");

    let run = loopctl(
        &[
            "analyze",
            "invalid type: string \"64\", expected u64",
            "--tool",
            "read_file",
            "--input",
            r#"{"path": "r.txt", "max_bytes": "64"}"#,
            "--schema",
            &data("read_file.json"),
            "--json",
        ],
        &[],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        report["analysis"]["correction"]["correction_type"],
        "input_fix"
    );
    assert_eq!(
        report["corrected_input"],
        json!({"path": "r.txt", "max_bytes": 64})
    );
    assert_eq!(report["corrected_input_violations"], json!([]));
    assert_eq!(
        report["timeline"][0],
        json!({"attempt": 1, "action": "retry", "delay_ms": 100})
    );

    let run = loopctl(
        &["analyze", "-", "--tool", "write_file", "--json"],
        &[],
        Some("EACCES: permission denied, open '/etc/passwd'"),
    );
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["analysis"]["is_recoverable"], false);
    assert_eq!(report["timeline"].as_array().unwrap().len(), 1);

    let run = loopctl(
        &[
            "analyze",
            "unknown tool `reed_file`; registered tools: http_get, read_file",
            "--tool",
            "reed_file",
        ],
        &[],
        None,
    );
    assert!(
        run.stdout.contains("use tool     read_file"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_policy_of_many_retries_stops_at_the_ceiling() {
    let run = loopctl(
        &[
            "analyze",
            "read ECONNRESET",
            "--max-retries",
            "100",
            "--base-delay",
            "0",
        ],
        &[],
        None,
    );
    assert_eq!(run.code, 0);
    // The strategy is told the ceiling, so it gives up on the sixth attempt
    // whatever --max-retries says.
    assert!(
        run.stdout.contains(
            "attempt 5 fails → retry after 0 ms\n  attempt 6 fails → fail: gave up after 5 retries"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_input_gets_one_line_naming_the_argument_and_exit_2() {
    for (args, stdin, expected) in [
        (
            vec!["analyze", "x", "--input", "{bad"],
            None,
            "--input is not JSON",
        ),
        (
            vec!["analyze", "-"],
            Some(""),
            "no error text on standard input",
        ),
        (
            vec!["analyze", "x", "--schema", "/nonexistent/schema.json"],
            None,
            "--schema /nonexistent/schema.json: cannot read it",
        ),
        (
            vec!["analyze", "x", "--base-delay", "soon"],
            None,
            "is not a duration",
        ),
        (
            vec!["analyze", "x", "--reflector", "magic"],
            None,
            "invalid value 'magic'",
        ),
        (
            vec!["prompt", "x", "--input", "[1,"],
            None,
            "--input is not JSON",
        ),
    ] {
        let run = loopctl(&args, &[], stdin);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(expected), "{args:?}: {}", run.stderr);
    }
    let broken = data("broken.json");
    let run = loopctl(&["analyze", "x", "--schema", &broken], &[], None);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("the schema does not compile"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

#[test]
fn a_huge_error_text_is_analysed() {
    let huge = format!("{} read ECONNRESET", "frame\n".repeat(200_000));
    let run = loopctl(&["analyze", "-", "--json"], &[], Some(&huge));
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["analysis"]["is_recoverable"], true);
}

#[test]
fn the_prompt_is_the_reflectors_byte_for_byte_and_holds_no_key() {
    let run = loopctl(
        &[
            "prompt",
            "ENOENT: no such file or directory",
            "--tool",
            "read_file",
            "--input",
            r#"{"path": "r.txt"}"#,
            "--schema",
            &data("read_file.json"),
            "--json",
        ],
        &[("OPENAI_API_KEY", "sk-secret-123")],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let prompt: Value = serde_json::from_str(&run.stdout).unwrap();
    let user = prompt["user"].as_str().unwrap();
    assert!(
        user.starts_with("Tool: read_file\nInput: {\"path\":\"r.txt\"}\nSchema: {"),
        "{user}"
    );
    assert!(user.ends_with("\nError: ENOENT: no such file or directory\nTask: \nAttempt: 1 of 6"));
    assert_eq!(prompt["system"], loopctl_reflect_llm::DEFAULT_SYSTEM_PROMPT);
    assert_eq!(prompt["body"]["messages"][1]["content"], user);
    assert_eq!(
        prompt["body"]["response_format"]["json_schema"]["strict"],
        true
    );
    assert!(!run.stdout.contains("sk-secret-123"));

    let run = loopctl(
        &["prompt", "x", "--provider", "anthropic", "--json"],
        &[("ANTHROPIC_API_KEY", "sk-ant-9")],
        None,
    );
    let prompt: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(prompt["body"]["tool_choice"]["name"], "failure_analysis");
    assert!(!run.stdout.contains("sk-ant-9") && !run.stdout.contains("not-sent"));
}

fn completion(analysis: &Value) -> Value {
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": analysis.to_string()}}]})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_asks_a_model_on_127_0_0_1() {
    let answer = json!({"is_recoverable": true, "root_cause": "the export is still queued", "severity": "low",
                        "correction": null, "context": "retry-after-ms: 300"});
    let server = TestServer::start(vec![Reply::json(&completion(&answer))]).await;
    let base = format!("{}/v1", server.url());
    let run = loopctl_beside_a_server(
        &[
            "analyze",
            "export pending (job 4411)",
            "--reflector",
            "rules+llm",
            "--json",
        ],
        &[("OPENAI_BASE_URL", &base)],
    )
    .await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        report["analysis"]["root_cause"],
        "the export is still queued"
    );
    assert_eq!(report["timeline"][0]["delay_ms"], 300);
    assert_eq!(report["model_requests"], 1);
    assert_eq!(server.requests().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_rules_llm_a_generic_word_goes_to_the_model_unless_weak_is_enough() {
    let answer = json!({"is_recoverable": false, "root_cause": "the report query is too slow to ever finish", "severity": "high",
                        "correction": null, "context": ""});
    // "timed out" alone is a generic word: by default the model decides.
    let server = TestServer::start(vec![Reply::json(&completion(&answer))]).await;
    let base = format!("{}/v1", server.url());
    let args = [
        "analyze",
        "the report query timed out",
        "--reflector",
        "rules+llm",
        "--json",
    ];
    let run = loopctl_beside_a_server(&args, &[("OPENAI_BASE_URL", &base)]).await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["model_requests"], 1);
    assert_eq!(report["analysis"]["is_recoverable"], false);

    // `--rules-confidence weak`: the rules keep their lean, and say so.
    let server = TestServer::start(vec![Reply::json(&completion(&answer))]).await;
    let base = format!("{}/v1", server.url());
    let mut weak = args.to_vec();
    weak.extend(["--rules-confidence", "weak"]);
    let run = loopctl_beside_a_server(&weak, &[("OPENAI_BASE_URL", &base)]).await;
    assert_eq!(run.code, 0, "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["model_requests"], 0);
    assert_eq!(report["analysis"]["is_recoverable"], true);
    assert_eq!(report["analysis"]["context"], "rules-confidence: weak");
    assert!(server.requests().is_empty());
}
