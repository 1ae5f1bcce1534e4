//! `[servers.NAME]` tables: checked as the rest of the file is, and each server's policy laid over the file's.

use loopctl_policy::{Policy, ProblemKind, check};

fn messages(text: &str) -> Vec<(usize, ProblemKind, String)> {
    check(text)
        .expect_err("the file has problems")
        .into_iter()
        .map(|problem| (problem.line, problem.kind, problem.message))
        .collect()
}

#[test]
fn a_server_table_is_checked_key_by_key() {
    let found = messages(
        r#"[servers.files]
comand = ["npx", "server-filesystem"]

[servers.search]
command = ["search-server"]
url = "https://search.example/mcp"

[servers.empty]
prefix = "e_"

[servers.web]
url = "https://web.example/mcp"
[servers.web.defaults]
max_retry = 2
[servers.web.tools.fetch]
effect = "sometimes"
[[servers.web.rules]]
text = "quota"

[servers.bad]
command = []

[servers.local]
command = ["local-server"]
token_env = "LOCAL_TOKEN"
"#,
    );
    let has = |line: usize, kind: ProblemKind, words: &str| {
        assert!(
            found
                .iter()
                .any(|(at, k, message)| *at == line && *k == kind && message.contains(words)),
            "no {kind:?} at line {line} with `{words}` in {found:#?}"
        );
    };
    has(2, ProblemKind::UnknownKey, "did you mean `command`?");
    has(4, ProblemKind::Conflict, "both `command` and `url`");
    has(8, ProblemKind::Conflict, "says nowhere to reach the server");
    has(
        1,
        ProblemKind::Conflict,
        "[servers.files] says nowhere to reach the server",
    );
    has(
        14,
        ProblemKind::UnknownKey,
        "[servers.web.defaults]; did you mean `max_retries`?",
    );
    has(16, ProblemKind::Value, "[servers.web.tools.fetch] effect");
    has(
        17,
        ProblemKind::Conflict,
        "[servers.web] rule 1 says nothing",
    );
    has(21, ProblemKind::Value, "command is empty");
    has(
        25,
        ProblemKind::Conflict,
        "token_env is sent to a `url` only",
    );
    // The table with an unknown key also names nowhere to reach: two problems.
    assert_eq!(found.len(), 9, "{found:#?}");
}

#[test]
fn a_servers_policy_is_its_own_over_the_files() {
    let policy = Policy::from_toml(
        r#"
[defaults]
max_retries = 5
base_delay = "1s"

[tools.search]
max_retries = 9

[[rules]]
text = "quota"
recoverable = false

[servers.a]
command = ["a"]
[servers.a.defaults]
max_retries = 1
[servers.a.tools.write]
effect = "destructive"
[[servers.a.rules]]
text = "locked"
recoverable = true

[servers.b]
url = "https://b.example/mcp"
prefix = ""
"#,
    )
    .unwrap();
    let a = policy.for_server("a").expect("server a");
    let defaults = a.for_defaults();
    assert_eq!(defaults.max_retries, 1, "the server's own default wins");
    assert_eq!(
        defaults.base_delay,
        std::time::Duration::from_secs(1),
        "the file's fills the rest"
    );
    assert_eq!(
        a.for_tool("search").max_retries,
        9,
        "the file's tool sections still apply"
    );
    assert_eq!(
        a.for_tool("write").effect,
        Some(loopctl_policy::EffectName::Destructive)
    );
    let rules: Vec<_> = a
        .file()
        .rules
        .iter()
        .map(|rule| format!("{:?}", rule.text))
        .collect();
    assert!(
        rules[0].contains("locked") && rules[1].contains("quota"),
        "{rules:?}"
    );
    assert!(a.file().servers.is_empty());

    let b = policy.for_server("b").unwrap();
    assert_eq!(b.for_defaults().max_retries, 5);
    assert_eq!(policy.file().servers["b"].prefix_for("b"), "");
    assert_eq!(policy.file().servers["a"].prefix_for("a"), "a_");
    assert!(policy.for_server("c").is_none());
}
