//! `docs/loopctl.schema.json` is the schema the types generate, so that editors check files against what loopctl reads. Regenerate it with `LOOPCTL_BLESS=1 cargo test -p loopctl-policy --test it schema::`.

use std::path::PathBuf;

fn committed() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/loopctl.schema.json")
}

#[test]
fn the_committed_schema_is_the_one_the_types_generate() {
    let generated = loopctl_policy::schema_json();
    if std::env::var_os("LOOPCTL_BLESS").is_some() {
        std::fs::write(committed(), &generated).unwrap();
    }
    let on_disk = std::fs::read_to_string(committed()).unwrap_or_default();
    assert!(
        on_disk == generated,
        "docs/loopctl.schema.json is not what the types generate; run `LOOPCTL_BLESS=1 cargo test -p loopctl-policy --test it schema::` and commit it"
    );
}

#[test]
fn the_schema_refuses_unknown_keys_and_knows_every_table() {
    let schema: serde_json::Value = serde_json::from_str(&loopctl_policy::schema_json()).unwrap();
    assert_eq!(schema["additionalProperties"], false);
    for table in [
        "Settings",
        "ToolSettings",
        "RuleSpec",
        "ProxySettings",
        "BreakerSettings",
        "BudgetSettings",
    ] {
        assert_eq!(
            schema["$defs"][table]["additionalProperties"], false,
            "{table}"
        );
    }
    let tool = &schema["$defs"]["ToolSettings"]["properties"];
    for key in [
        "max_retries",
        "rate_limit",
        "concurrency",
        "effect",
        "guard",
    ] {
        assert!(tool.get(key).is_some(), "{key}");
    }
}
