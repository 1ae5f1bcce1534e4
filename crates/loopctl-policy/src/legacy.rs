//! The keys of `loopctl mcp-proxy`'s first policy file, and what loopctl.toml says instead.

/// What to write in loopctl.toml for an old top-level key, or `None` for a
/// key the old file did not have.
pub(crate) fn instead(key: &str) -> Option<&'static str> {
    Some(match key {
        "reflector" | "provider" => "it under [defaults]",
        "max_retries" | "base_delay" | "jitter" | "fixes_at_once" => {
            "it under [defaults] (or a [tools.NAME] table)"
        }
        "call_timeout" => "`tool_timeout` under [defaults]",
        "trust_annotations" => "it under [proxy]",
        "allowed_hosts" | "allowed_origins" => "it under [proxy]",
        "read_only" => "`effect = \"read-only\"` in each tool's [tools.NAME] table",
        "destructive" => "`effect = \"destructive\"` in each tool's [tools.NAME] table",
        "idempotent" | "repeat_unknown_outcome" => {
            "`idempotent = true` in each tool's [tools.NAME] table"
        }
        "never_repeat" => "`idempotent = false` in each tool's [tools.NAME] table",
        "allow_tool_change" => {
            "`allow_tool_change = [\"TO\"]` in the [tools.FROM] table of each pair"
        }
        "allow_reach_change" => "`allow_reach_change = true` in each tool's [tools.NAME] table",
        "guard" => {
            "`guard = [\"FIELD\"]` in each tool's [tools.NAME] table (`[tools.\"*\"]` for all)"
        }
        _ => return None,
    })
}
