//! Accuracy of the rule reflector on real error texts: the regression file and the held-out evaluation file.
//!
//! `data/evaluation.jsonl` holds texts taken verbatim from client libraries,
//! servers' documentation and issue reports, each naming its `source`, and
//! labelled by what those sources' own retry logic decides. It was collected
//! before the rules that handle it were written and is never edited to make a
//! rule match. `data/regression.jsonl` is the older corpus written next to the
//! rules; it guards against regressions and says nothing about unseen text.
//! `data/holdout.jsonl` was collected the same way after the rules were
//! written, from other systems and threads, and has never been used to tune
//! them. `data/fresh.jsonl` was collected after the second round, from yet
//! other threads, and measured once: the figure for text no rule has seen.
//!
//! Run with `cargo test -p loopctl-reflect-rules --test corpus -- --nocapture`
//! to see the per-family table and every disagreement.

use std::collections::BTreeMap;

use loopctl_reflect_core::{CorrectionType, ReflectionError, ToolSchema};
use loopctl_reflect_rules::RuleReflector;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
struct Labelled {
    source: String,
    #[serde(default)]
    family: Option<String>,
    tool: String,
    error: String,
    is_recoverable: bool,
    severity: String,
    correction_type: Option<CorrectionType>,
    #[serde(default)]
    auth: bool,
    #[serde(default)]
    input: Value,
    #[serde(default)]
    schema: Option<Value>,
}

impl Labelled {
    fn is_auth(&self) -> bool {
        self.auth || self.source == "auth"
    }

    /// The group a row is reported under.
    fn group(&self) -> &'static str {
        let family = self.family.as_deref().unwrap_or(&self.source);
        group_of(family)
    }
}

fn group_of(family: &str) -> &'static str {
    const GROUPS: &[(&str, &[&str])] = &[
        (
            "databases",
            &[
                "postgres",
                "mysql",
                "sqlite",
                "mongo",
                "cassandra",
                "elasticsearch",
                "jdbc",
                "database",
                "oracle",
                "sqlserver",
                "clickhouse",
                "neo4j",
                "cockroachdb",
                "snowflake",
                "bigquery",
                "memcached",
                "pgx",
                "sqlx",
                "algolia",
                "tidb",
                "vitess",
                "mariadb",
                "prisma",
                "gorm",
                "hibernate",
                "sequelize",
                "typeorm",
                "sqlalchemy",
                "supabase",
                "firestore",
                "couchbase",
                "yugabytedb",
                "opensearch",
                "meilisearch",
                "typesense",
                "scylladb",
            ],
        ),
        (
            "queues, caches, coordination",
            &[
                "redis",
                "go-redis",
                "kafka",
                "sarama",
                "rabbitmq",
                "nats",
                "etcd",
                "zookeeper",
                "consul",
                "celery",
                "pulsar",
                "nsq",
                "gcp-pubsub",
                "aws-sqs",
                "aws-sns",
                "aws-kinesis",
                "azure-servicebus",
                "vault",
                "upstash",
                "azure-eventhubs",
            ],
        ),
        (
            "cloud SDKs, storage, provisioning",
            &[
                "aws",
                "terraform",
                "pulumi",
                "google-a",
                "google-c",
                "azure-s",
                "azure-a",
                "azure-b",
                "gcs",
                "minio",
                "cloudflare-r2",
            ],
        ),
        ("kubernetes, containers", &["kubernetes", "helm", "docker"]),
        ("gRPC, HTTP/2", &["grpc", "go-http2"]),
        ("gateways", &["nginx", "envoy", "cloudflare", "haproxy"]),
        (
            "HTTP clients, sockets",
            &[
                "python-requests",
                "urllib3",
                "httpx",
                "aiohttp",
                "node",
                "undici",
                "got",
                "axios",
                "go-net",
                "go-http",
                "java",
                "rust-http",
                "curl",
                "os/network",
                "guzzle",
                "ruby-http",
                "urlsession",
                "dotnet-http",
                "spring-webclient",
                "redis-rs",
                "ansible",
                "gcp-datastore",
                "okhttp",
                "ktor",
                "symfony",
                "elixir",
                "dart",
                "tls",
                "go-dns",
                "python-net",
                "python-tenacity",
                "huggingface-hub",
            ],
        ),
        (
            "files, shells, package managers",
            &[
                "fs",
                "git",
                "npm",
                "cargo",
                "pip",
                "python",
                "not found",
                "ssh",
                "rsync",
                "systemd",
                "apt",
                "gradle",
                "maven",
                "pnpm",
                "poetry",
                "uv",
                "yarn",
                "go-mod",
                "shell",
                "macos",
                "windows",
            ],
        ),
        (
            "model APIs",
            &[
                "openai",
                "anthropic",
                "gemini",
                "groq",
                "ollama",
                "mistral",
                "cohere",
                "vertex",
                "azure-openai",
                "openrouter",
                "quota",
                "deepseek",
                "fireworks",
                "together",
                "perplexity",
                "xai",
                "replicate",
                "huggingface",
                "litellm",
                "llama",
                "vllm",
                "lmstudio",
                "llm-gateway",
            ],
        ),
        (
            "SaaS and HTTP APIs",
            &[
                "github",
                "stripe",
                "slack",
                "twilio",
                "youtube",
                "shopify",
                "spotify",
                "shodan",
                "http api",
                "discord",
                "dropbox",
                "google-sheets",
                "hubspot",
                "jira",
                "mailgun",
                "microsoft-graph",
                "notion",
                "salesforce",
                "sendgrid",
                "telegram",
                "airtable",
                "asana",
                "auth0",
                "baserow",
                "gitlab",
                "ms-graph",
                "zendesk",
            ],
        ),
        (
            "agents, MCP, tool inputs",
            &[
                "mcp",
                "langgraph",
                "openai-agents",
                "langchain",
                "superagi",
                "kiro",
                "fnproject",
                "input",
                "unknown tool",
                "llm-framework",
                "playwright",
                "selenium",
                "e2b",
                "puppeteer",
                "daytona",
                "jupyter",
            ],
        ),
        ("credentials", &["auth"]),
    ];
    GROUPS
        .iter()
        .find(|(_, prefixes)| prefixes.iter().any(|prefix| family.starts_with(prefix)))
        .map_or("other", |(group, _)| group)
}

fn load(text: &str) -> Vec<Labelled> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|error| panic!("bad corpus line {line}: {error}"))
        })
        .collect()
}

fn regression() -> Vec<Labelled> {
    load(include_str!("data/regression.jsonl"))
}

fn evaluation() -> Vec<Labelled> {
    load(include_str!("data/evaluation.jsonl"))
}

fn holdout() -> Vec<Labelled> {
    load(include_str!("data/holdout.jsonl"))
}

fn fresh() -> Vec<Labelled> {
    load(include_str!("data/fresh.jsonl"))
}

/// How the reflector knows the registered tools.
#[derive(Clone, Copy, Debug)]
enum ToolList {
    /// Every tool the rows name, and more.
    Complete,
    /// A list that has drifted: none of the rows' tools is on it.
    Drifted,
}

#[derive(Default, Debug, Clone, Copy)]
struct Tally {
    rows: usize,
    recoverable: usize,
    severity: usize,
    correction: usize,
    classified: usize,
    classified_right: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.rows += other.rows;
        self.recoverable += other.recoverable;
        self.severity += other.severity;
        self.correction += other.correction;
        self.classified += other.classified;
        self.classified_right += other.classified_right;
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        return 100.0;
    }
    100.0 * part as f64 / whole as f64
}

struct Measured {
    total: Tally,
    groups: BTreeMap<&'static str, Tally>,
    auth_rows: usize,
    auth_called_recoverable: Vec<String>,
    disagreements: Vec<String>,
}

fn measure(rows: &[Labelled], tools: ToolList) -> Measured {
    let rules = match tools {
        ToolList::Complete => {
            let mut names: Vec<&str> = rows.iter().map(|row| row.tool.as_str()).collect();
            names.extend(["read_file", "write_file", "search_web"]);
            RuleReflector::new().with_known_tools(names)
        }
        ToolList::Drifted => RuleReflector::new().with_known_tools(["some_other_tool"]),
    };
    let mut measured = Measured {
        total: Tally::default(),
        groups: BTreeMap::new(),
        auth_rows: 0,
        auth_called_recoverable: Vec::new(),
        disagreements: Vec::new(),
    };
    for row in rows {
        let schema = row
            .schema
            .clone()
            .map(|schema| ToolSchema::new(row.tool.clone(), "", schema));
        let (classified, recoverable, severity, correction) =
            match rules.classify(&row.error, &row.tool, &row.input, schema.as_ref()) {
                Ok(analysis) => (
                    true,
                    analysis.is_recoverable,
                    analysis.severity.to_string(),
                    analysis
                        .correction
                        .map(|correction| correction.correction_type),
                ),
                // Skipped: used alone, the driver fails softly, as for NoopReflector.
                Err(ReflectionError::Skipped(_)) => (false, false, "medium".to_owned(), None),
                Err(other) => panic!("rules never fail internally: {other}"),
            };
        let first_line = row.error.lines().next().unwrap_or("");
        let mut tally = Tally {
            rows: 1,
            ..Tally::default()
        };
        if recoverable == row.is_recoverable {
            tally.recoverable = 1;
        } else {
            measured.disagreements.push(format!(
                "[{}] recoverable {recoverable}, labelled {}{}: {first_line}",
                row.source,
                row.is_recoverable,
                if classified { "" } else { " (skipped)" }
            ));
        }
        if severity == row.severity {
            tally.severity = 1;
        } else if recoverable == row.is_recoverable {
            measured.disagreements.push(format!(
                "[{}] severity {severity}, labelled {}: {first_line}",
                row.source, row.severity
            ));
        }
        tally.correction = usize::from(correction == row.correction_type);
        if classified {
            tally.classified = 1;
            tally.classified_right = tally.recoverable;
        }
        if row.is_auth() {
            measured.auth_rows += 1;
            if recoverable {
                measured.auth_called_recoverable.push(row.error.clone());
            }
        }
        measured.total.add(tally);
        measured.groups.entry(row.group()).or_default().add(tally);
    }
    measured
}

fn report(name: &str, tools: ToolList, measured: &Measured) {
    let total = measured.total;
    eprintln!(
        "{name} ({tools:?} tool list): {} rows; is_recoverable {}/{} ({:.1}%); severity {}/{} ({:.1}%); correction type {}/{} ({:.1}%); coverage {}/{} ({:.1}%); precision on classified {}/{} ({:.1}%); auth called recoverable {} of {}",
        total.rows,
        total.recoverable,
        total.rows,
        percent(total.recoverable, total.rows),
        total.severity,
        total.rows,
        percent(total.severity, total.rows),
        total.correction,
        total.rows,
        percent(total.correction, total.rows),
        total.classified,
        total.rows,
        percent(total.classified, total.rows),
        total.classified_right,
        total.classified,
        percent(total.classified_right, total.classified),
        measured.auth_called_recoverable.len(),
        measured.auth_rows,
    );
    eprintln!("| group | rows | is_recoverable | severity | coverage | precision |");
    eprintln!("|---|---|---|---|---|---|");
    for (group, tally) in &measured.groups {
        eprintln!(
            "| {group} | {} | {:.0} % | {:.0} % | {:.0} % | {:.0} % |",
            tally.rows,
            percent(tally.recoverable, tally.rows),
            percent(tally.severity, tally.rows),
            percent(tally.classified, tally.rows),
            percent(tally.classified_right, tally.classified),
        );
    }
    for line in &measured.disagreements {
        eprintln!("disagreement: {line}");
    }
}

/// The documented figures, asserted as floors: (is_recoverable, severity,
/// correction type, classified, classified and right) as counts of rows.
struct Floors {
    /// The floors in percent, (is_recoverable, severity), where they apply.
    percent: Option<(f64, f64)>,
    auth_rows: usize,
    recoverable: usize,
    severity: usize,
    correction: usize,
    classified: usize,
    classified_right: usize,
}

fn check(name: &str, rows: &[Labelled], floors: &Floors) {
    for tools in [ToolList::Complete, ToolList::Drifted] {
        let measured = measure(rows, tools);
        report(name, tools, &measured);
        let total = measured.total;
        assert!(
            measured.auth_called_recoverable.is_empty(),
            "{name}: auth errors called recoverable: {:#?}",
            measured.auth_called_recoverable
        );
        assert_eq!(
            measured.auth_rows, floors.auth_rows,
            "{name}: credential rows"
        );
        if let Some((recoverable, severity)) = floors.percent {
            assert!(
                percent(total.recoverable, total.rows) >= recoverable,
                "{name} ({tools:?}): is_recoverable below {recoverable} %"
            );
            assert!(
                percent(total.severity, total.rows) >= severity,
                "{name} ({tools:?}): severity below {severity} %"
            );
        }
        let got = (
            total.recoverable,
            total.severity,
            total.correction,
            total.classified,
            total.classified_right,
        );
        let floor = (
            floors.recoverable,
            floors.severity,
            floors.correction,
            floors.classified,
            floors.classified_right,
        );
        assert!(
            got.0 >= floor.0
                && got.1 >= floor.1
                && got.2 >= floor.2
                && got.3 >= floor.3
                && got.4 >= floor.4,
            "{name} ({tools:?}): (recoverable, severity, correction, classified, classified right) = {got:?}, below the documented {floor:?}"
        );
    }
}

#[test]
fn the_files_are_large_labelled_and_sourced() {
    let evaluation = evaluation();
    assert!(evaluation.len() >= 300, "{} rows", evaluation.len());
    assert!(holdout().len() >= 200 && fresh().len() >= 200);
    assert!(regression().len() >= 300);
    for row in evaluation.iter().chain(&regression()) {
        assert!(
            ["low", "medium", "high", "critical"].contains(&row.severity.as_str()),
            "{}",
            row.error
        );
    }
    for row in &evaluation {
        assert!(
            !row.source.trim().is_empty() && row.family.is_some(),
            "{}",
            row.error
        );
    }
    let mut seen = std::collections::HashSet::new();
    assert!(
        evaluation.iter().all(|row| seen.insert(row.error.as_str())),
        "duplicates"
    );
}

#[test]
fn accuracy_on_the_regression_file() {
    check(
        "regression",
        &regression(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: Some((95.0, 85.0)),
            auth_rows: 49,
            recoverable: 331,
            severity: 316,
            correction: 328,
            classified: 302,
            classified_right: 302,
        },
    );
}

#[test]
fn accuracy_on_the_evaluation_file() {
    check(
        "evaluation",
        &evaluation(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: Some((95.0, 85.0)),
            auth_rows: 44,
            recoverable: 432,
            severity: 410,
            correction: 429,
            classified: 441,
            classified_right: 426,
        },
    );
}

#[test]
fn accuracy_on_the_holdout_file() {
    // Collected after the first round of rules and never read to tune
    // them. First measured at 177 / 140 / 216 / 156 / 135; these floors are
    // the second measurement, after tables for its families (Oracle, SQL
    // Server, .NET, Ruby, Guzzle, URLSession, Pulsar, ...) were added from
    // those systems' own documentation, not from its rows.
    check(
        "holdout",
        &holdout(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 23,
            recoverable: 204,
            severity: 173,
            correction: 217,
            classified: 200,
            classified_right: 182,
        },
    );
}

#[test]
fn accuracy_on_the_fresh_file() {
    // Collected after the second round of rules and measured once; no rule
    // was written or changed after it was read. Its floors are that first
    // measurement.
    check(
        "fresh",
        &fresh(),
        // docs/rule-reflector.md reports these.
        &Floors {
            percent: None,
            auth_rows: 13,
            recoverable: 169,
            severity: 134,
            correction: 200,
            classified: 156,
            classified_right: 127,
        },
    );
}
