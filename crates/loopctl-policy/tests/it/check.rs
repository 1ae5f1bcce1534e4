//! `check` on files written the ways people get them wrong: every kind of problem it reports, each at its line and column.

use loopctl_policy::{ProblemKind, check};

fn problems(text: &str) -> Vec<(usize, usize, ProblemKind, String)> {
    check(text)
        .expect_err("the file has problems")
        .into_iter()
        .map(|problem| (problem.line, problem.column, problem.kind, problem.message))
        .collect()
}

const BROKEN: &str = r#"reflector = "rules"
[defaults]
max_retry = 3
base_delay = "1 fortnight"
max_delay = "50ms"
jitter = "gaussian"
rate_limit = "10/s"
breaker = { threshold = "five", cool_dwn = "30s" }

[tools."pay_*"]
effect = "read_only"
rate_limit = "10/day"
rate_limit_wait = "1s"
queue = 4
concurrency = 0

[tools.search]
concurrency = 2
queue = 4
base_delay = "2s"
max_delay = "1s"

[[rules]]
regex = "([unclosed"
recoverable = true

[[rules]]
action = "retry"
recoverable = false
text = "lock wait"

[[rules]]
recoverable = false

[[rules]]
text = "billing"

[[rules]]
status = "402"
action = "fail"
delay = "5s"

[proxy]
allowed_hosts = "proxy.internal"
"#;

fn has(
    found: &[(usize, usize, ProblemKind, String)],
    at: (usize, usize),
    kind: ProblemKind,
    text: &str,
) {
    assert!(
        found
            .iter()
            .any(|(line, column, k, message)| (*line, *column) == at
                && *k == kind
                && message.contains(text)),
        "no {kind:?} at {at:?} containing {text:?} in {found:#?}"
    );
}

#[test]
fn every_problem_of_a_broken_file_is_reported_at_once_in_order() {
    let found = problems(BROKEN);
    assert_eq!(found.len(), 18, "{found:#?}");
    let mut sorted = found.clone();
    sorted.sort_by_key(|(line, column, _, _)| (*line, *column));
    assert_eq!(found, sorted);
}

#[test]
fn unknown_keys_name_the_nearest_key_or_where_they_belong() {
    let found = problems(BROKEN);
    has(
        &found,
        (3, 1),
        ProblemKind::UnknownKey,
        "did you mean `max_retries`",
    );
    has(
        &found,
        (8, 33),
        ProblemKind::UnknownKey,
        "did you mean `cool_down`",
    );
    has(
        &found,
        (7, 1),
        ProblemKind::UnknownKey,
        "`rate_limit` does not belong in [defaults]; it is a key of a [tools.NAME] table",
    );
    let whole = problems("[tools.x]\nreflector = \"llm\"\n");
    has(
        &whole,
        (2, 1),
        ProblemKind::UnknownKey,
        "`reflector` does not belong in [tools.x]; it is a key of [defaults] (it is set for every tool at once)",
    );
    let far = problems("[tools.x]\nzebra = 1\n");
    has(
        &far,
        (2, 1),
        ProblemKind::UnknownKey,
        "the keys there are: ",
    );
    assert!(far[0].3.contains("rate_limit"), "{far:?}");
}

#[test]
fn the_proxys_old_keys_say_what_to_write_instead() {
    let found =
        problems("read_only = [\"search\"]\ncall_timeout = \"5s\"\nnever_repeat = [\"pay\"]\n");
    has(
        &found,
        (1, 1),
        ProblemKind::UnknownKey,
        "`effect = \"read-only\"` in each tool's [tools.NAME] table",
    );
    has(
        &found,
        (2, 1),
        ProblemKind::UnknownKey,
        "`tool_timeout` under [defaults]",
    );
    has(
        &found,
        (3, 1),
        ProblemKind::UnknownKey,
        "`idempotent = false`",
    );
}

#[test]
fn bad_values_are_reported_where_they_stand() {
    let found = problems(BROKEN);
    has(
        &found,
        (4, 14),
        ProblemKind::Value,
        "`1 fortnight` is not a duration",
    );
    has(
        &found,
        (6, 10),
        ProblemKind::Value,
        "expected one of `none`, `full`, `equal`, `decorrelated`",
    );
    has(&found, (8, 25), ProblemKind::Value, "breaker threshold");
    has(
        &found,
        (11, 10),
        ProblemKind::Value,
        "expected one of `read-only`",
    );
    has(
        &found,
        (12, 14),
        ProblemKind::Value,
        "`10/day` is not a rate",
    );
    has(
        &found,
        (39, 10),
        ProblemKind::Value,
        "`status = 402` or `status = [402, 403]`",
    );
    has(&found, (44, 17), ProblemKind::Value, "expected a sequence");
    let shapes = problems("defaults = 3\nrules = { a = 1 }\n[tools]\nsearch = 1\n");
    has(
        &shapes,
        (1, 12),
        ProblemKind::Value,
        "`defaults` must be a table: write `[defaults]`",
    );
    has(
        &shapes,
        (2, 9),
        ProblemKind::Value,
        "`rules` must be an array of tables: write `[[rules]]` entries",
    );
    has(
        &shapes,
        (4, 10),
        ProblemKind::Value,
        "must be a table of settings",
    );
}

#[test]
fn regexes_that_do_not_compile_are_named() {
    let found = problems(BROKEN);
    has(
        &found,
        (24, 9),
        ProblemKind::Value,
        "the regex `([unclosed` does not compile: error: unclosed character class",
    );
    let huge = problems("[[rules]]\nregex = \"(a{1000}){1000}\"\nrecoverable = false\n");
    has(&huge, (2, 9), ProblemKind::Value, "does not compile");
}

#[test]
fn conflicting_settings_are_named() {
    let found = problems(BROKEN);
    has(
        &found,
        (15, 1),
        ProblemKind::Conflict,
        "concurrency = 0 would refuse every call",
    );
    has(
        &found,
        (21, 1),
        ProblemKind::Conflict,
        "max_delay (1s) is shorter than base_delay (2s)",
    );
    has(
        &found,
        (28, 1),
        ProblemKind::Conflict,
        "action = \"retry\" with recoverable = false",
    );
    has(
        &found,
        (32, 1),
        ProblemKind::Conflict,
        "rule 3 matches every error",
    );
    has(
        &found,
        (35, 1),
        ProblemKind::Conflict,
        "rule 4 says nothing",
    );
    has(
        &found,
        (41, 1),
        ProblemKind::Conflict,
        "a delay with an action that does not retry",
    );
    let lone = problems(
        "[tools.a]\nrate_limit_wait = \"1s\"\nqueue = 3\n[defaults]\nretry_budget = { floor_per_second = 1 }\n",
    );
    has(
        &lone,
        (2, 1),
        ProblemKind::Conflict,
        "rate_limit_wait has no effect without rate_limit",
    );
    has(
        &lone,
        (3, 1),
        ProblemKind::Conflict,
        "queue has no effect without concurrency",
    );
    has(&lone, (5, 16), ProblemKind::Conflict, "has no capacity");
}

#[test]
fn syntax_errors_come_with_the_rest() {
    let found = problems("[defaults\nmax_retries = 3\nx = = 1\n");
    has(&found, (1, 10), ProblemKind::Syntax, "unclosed table");
    has(&found, (3, 5), ProblemKind::Syntax, "extra `=`");
    let duplicate = problems("[tools.a]\nconcurrency = 1\n[tools.a]\nqueue = 1\n");
    assert!(
        duplicate.iter().any(|p| p.2 == ProblemKind::Syntax),
        "{duplicate:?}"
    );
}

#[test]
fn columns_count_characters_not_bytes() {
    let found = problems("[tools.\"café\"]\nmax_retrys = 1\n[tools.\"日本\"]\neffect = \"nope\"\n");
    has(&found, (2, 1), ProblemKind::UnknownKey, "max_retries");
    has(
        &found,
        (4, 10),
        ProblemKind::Value,
        "unknown variant `nope`",
    );
}

#[test]
fn a_good_file_reads_whole() {
    let file = check(
        r#"
[defaults]
reflector = "rules+llm"
max_retries = 3
base_delay = "100ms"
max_delay = "30s"
jitter = "full"
tool_timeout = "30s"
reflection_timeout = "5s"
retry_budget = { capacity = 100, refill_per_success = 0.1, floor_per_second = 1 }
breaker = { threshold = 5, cool_down = "30s" }

[tools."search*"]
max_retries = 5
effect = "read-only"
idempotent = true
rate_limit = "10/s"
rate_limit_wait = "2s"
concurrency = 4
queue = 16

[tools.pay]
max_retries = 0
effect = "destructive"
guard = ["amount", "to"]

[[rules]]
name = "billing"
status = [402]
text = ["insufficient_quota", "billing"]
recoverable = false
severity = "high"
action = "fail"

[[rules]]
regex = "lock wait timeout"
code = "1205"
recoverable = true
delay = "500ms"
action = "retry"

[proxy]
allowed_hosts = ["proxy.internal"]
trust_annotations = true
"#,
    )
    .unwrap();
    assert_eq!(file.defaults.max_retries, Some(3));
    let search = &file.tools["search*"];
    assert_eq!(search.rate_limit.unwrap().calls, 10);
    assert_eq!(search.concurrency, Some(4));
    assert_eq!(file.rules.len(), 2);
    assert!(
        file.rules[1]
            .regex
            .as_ref()
            .unwrap()
            .0
            .is_match("Lock wait timeout exceeded".to_lowercase().as_str())
    );
    assert_eq!(file.proxy.allowed_hosts, ["proxy.internal"]);
    assert!(check("").is_ok());
}
