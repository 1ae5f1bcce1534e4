//! Rule-reflector analysis of realistic error texts, including a 1 KB one.

use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use serde_json::json;

fn main() {
    divan::main();
}

/// A 1 KB error: an HTTP 503 body with a stack of frames, as a proxy prints it.
fn one_kilobyte_error() -> String {
    let mut text = String::from("upstream request failed: HTTP 503 Service Unavailable\n");
    let mut frame = 0;
    while text.len() < 1000 {
        text.push_str(&format!(
            "    at handler::dispatch (src/handler.rs:{}:17)\n",
            100 + frame
        ));
        frame += 1;
    }
    text.truncate(1024);
    text
}

#[divan::bench]
fn transient_1kb(bencher: divan::Bencher<'_, '_>) {
    let rules = RuleReflector::new();
    let error = one_kilobyte_error();
    let input = json!({"url": "https://api.example.com/v1/items"});
    bencher.bench_local(|| rules.classify(divan::black_box(&error), "http_get", &input, None));
}

#[divan::bench]
fn unmatched_1kb(bencher: divan::Bencher<'_, '_>) {
    let rules = RuleReflector::new();
    let error = "x".repeat(1024);
    let input = json!({});
    bencher.bench_local(|| rules.classify(divan::black_box(&error), "tool", &input, None));
}

#[divan::bench]
fn input_repair(bencher: divan::Bencher<'_, '_>) {
    let rules = RuleReflector::new();
    let schema = ToolSchema::new(
        "list",
        "",
        json!({
            "type": "object",
            "properties": {"path": {"type": "string"}, "limit": {"type": "integer"}, "recursive": {"type": "boolean"}},
            "required": ["path"],
            "additionalProperties": false
        }),
    );
    let input = json!({"path": "/srv", "limit": "20", "recursive": "true"});
    let error = "invalid type: string \"20\", expected u32 at line 1 column 28";
    bencher.bench_local(|| rules.classify(divan::black_box(error), "list", &input, Some(&schema)));
}
