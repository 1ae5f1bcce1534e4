//! Cached schema validation against compiling the schema on every call.

use loopctl_reflect_core::ToolSchema;
use loopctl_schema::ValidatorCache;
use serde_json::{Value, json};

fn main() {
    divan::main();
}

/// A realistic tool schema with ten properties of assorted kinds.
fn schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100},
            "offset": {"type": "integer", "minimum": 0},
            "sort": {"type": "string", "enum": ["relevance", "date", "name"]},
            "ascending": {"type": "boolean"},
            "tags": {"type": "array", "items": {"type": "string"}, "maxItems": 10},
            "since": {"type": "string"},
            "language": {"type": "string", "pattern": "^[a-z]{2}$"},
            "include_archived": {"type": "boolean"},
            "owner": {
                "type": "object",
                "properties": {"id": {"type": "integer"}, "name": {"type": "string"}},
                "required": ["id"]
            }
        },
        "required": ["query", "limit"],
        "additionalProperties": false
    })
}

fn input() -> Value {
    json!({
        "query": "retry storms", "limit": 20, "offset": 40, "sort": "date",
        "ascending": false, "tags": ["rust", "agents"], "since": "2026-01-01",
        "language": "en", "include_archived": false, "owner": {"id": 7, "name": "ops"}
    })
}

#[divan::bench]
fn cached_validator(bencher: divan::Bencher<'_, '_>) {
    let cache = ValidatorCache::new();
    let tool = ToolSchema::new("search", "", schema());
    let validator = cache.validator(&tool).expect("schema compiles");
    let input = input();
    bencher.bench_local(|| divan::black_box(&validator).is_valid(divan::black_box(&input)));
}

#[divan::bench]
fn cache_lookup_and_validate(bencher: divan::Bencher<'_, '_>) {
    let cache = ValidatorCache::new();
    let tool = ToolSchema::new("search", "", schema());
    let input = input();
    bencher.bench_local(|| {
        cache
            .validate(divan::black_box(&tool), divan::black_box(&input))
            .is_ok()
    });
}

#[divan::bench]
fn compile_every_call(bencher: divan::Bencher<'_, '_>) {
    let schema = schema();
    let input = input();
    bencher.bench_local(|| {
        jsonschema::validator_for(divan::black_box(&schema))
            .map(|validator| validator.is_valid(divan::black_box(&input)))
            .unwrap_or(false)
    });
}
