//! Generic state words: a text that says something is still loading, starting, recovering or full, and names no failure.
//!
//! Every entry is weak. Such words decide only when no specific pattern
//! matched, and `rules+llm` hands what they decide to the model: "the
//! replica is still syncing" usually passes, but the words alone cannot
//! tell a state that ends in seconds from one that never ends (a model
//! too large to ever load, a queue nobody drains).
//!
//! The words are the ones the state texts of the systems in the other
//! tables use for passing states: PostgreSQL's "starting up" and "in
//! recovery", Redis' `LOADING`, MongoDB's "node is recovering",
//! Hugging Face's "currently loading", Elasticsearch's `RECOVERING` and
//! "state not recovered", Kafka's "rebalance in progress" and "leader
//! election", Vitess' "not serving", MinIO's "not initialized", RunPod's
//! and SGLang's "not ready", APM Server's and Judge0's "queue is full",
//! and the "aborted by another transaction" of every store in `txn.rs`.
//! Generic words that also name final states ("is full" for a disk,
//! "not initialized" for a client never set up, "loading" for a file
//! that cannot be read) are left out.

use super::Category::{Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

/// The literals above that only call a failure passing, or name a passing
/// state in words any system may use, without naming a refusal. Like
/// advice they leave a generic credential word deciding: "API key not
/// valid. This is a transient error." and "credentials rejected; no
/// primary available" are refusals.
pub(super) const DESCRIPTIONS: &[&str] = &[
    "(re)initializing",
    "is resuming",
    "could not find a leader",
    "coordinator is not available",
    "no primary available",
    "being resharded",
    "transaction contention",
    "resource contention",
    "lock contention",
    "allowable rate",
    "bedrock is unable to process your request",
    "must be retried",
    "transient error",
    "transient failure",
    "transient issue",
    "transient situation",
    "transient condition",
    "transient problem",
    "transient state",
    "transient fault",
    "likely transient",
    "transient_error",
    "transienterror",
    "concurrent request limit",
    "concurrent requests limit",
    "concurrent access limit",
    "concurrent limit",
    "concurrency limit",
    "concurrency_limit",
    "concurrencylimit",
    "took too long to respond",
    "5xx error",
    "provider not yet initialized",
];

pub(super) const PATTERNS: &[Pattern] = &[
    // The other side is coming up or coming back.
    ("is loading", ServerDown, Weak),
    ("still loading", ServerDown, Weak),
    ("is starting", ServerDown, Weak),
    ("still starting", ServerDown, Weak),
    ("warming up", ServerDown, Weak),
    ("is initializing", ServerDown, Weak),
    ("still initializing", ServerDown, Weak),
    ("is recovering", ServerDown, Weak),
    ("in recovery", ServerDown, Weak),
    ("is rebooting", ServerDown, Weak),
    ("is booting", ServerDown, Weak),
    ("spinning up", ServerDown, Weak),
    ("cold start", ServerDown, Weak),
    ("is provisioning", ServerDown, Weak),
    ("being provisioned", ServerDown, Weak),
    ("not ready", ServerDown, Weak),
    ("isn't ready", ServerDown, Weak),
    ("is not ready", ServerDown, Weak),
    ("not yet ready", ServerDown, Weak),
    ("not serving", ServerDown, Weak),
    // Kubernetes' watch cache ("storage is (re)initializing") and
    // Weaviate's and Aurora's paused tenants that are coming back ("is
    // resuming").
    ("(re)initializing", ServerDown, Weak),
    ("is resuming", ServerDown, Weak),
    // An election or a move under way: Typesense's "Could not find a
    // leader.", Kafka's "The coordinator is not available.", PlanetScale's
    // "no primary available for branch", Vitess' "current keyspace is
    // being resharded".
    ("could not find a leader", ServerDown, Weak),
    ("coordinator is not available", ServerDown, Weak),
    ("no primary available", ServerDown, Weak),
    ("being resharded", Transient, Weak),
    // Writers contending for the same data (Firestore's and Datastore's
    // "cross-transaction contention", "resource contention with another
    // process"): one wins now, the other on a later try. Only with its
    // noun: the bare word also names settings (`lock.contention.threshold`)
    // and reports ("no contention detected").
    ("transaction contention", Transient, Weak),
    ("resource contention", Transient, Weak),
    ("lock contention", Transient, Weak),
    // A rate named by its allowance (IBM Cloud's "exceeded the allowable
    // rate of 30 per 60000 ms"), which the bare "exceeded" beside a 429
    // would read as a quota.
    ("allowable rate", Transient, Weak),
    // Bedrock's `ServiceUnavailableException`, in its own words ("Bedrock
    // is unable to process your request."); other systems say the same of
    // a payload they refuse.
    (
        "bedrock is unable to process your request",
        ServerDown,
        Weak,
    ),
    ("failover in progress", ServerDown, Weak),
    ("under maintenance", ServerDown, Weak),
    ("during loading", ServerDown, Weak),
    ("is waiting to start", ServerDown, Weak),
    ("shutdown in progress", ServerDown, Weak),
    ("breaker open", ServerDown, Weak),
    // Work that is queued, pending or running into other work.
    ("queue is full", Transient, Weak),
    ("queue full", Transient, Weak),
    ("queue capacity", Transient, Weak),
    ("at capacity", Transient, Weak),
    ("over capacity", Transient, Weak),
    ("still pending", Transient, Weak),
    // Databricks: "Cluster ... is in unexpected state Pending.", with its
    // full stop, so that `PENDING_VALIDATION` and `PendingDeletion` do not
    // count.
    ("is in unexpected state pending.", Transient, Weak),
    ("is pending", Transient, Weak),
    ("still processing", Transient, Weak),
    ("is being processed", Transient, Weak),
    ("rebalance in progress", Transient, Weak),
    ("rebalancing", Transient, Weak),
    ("catching up", Transient, Weak),
    ("is syncing", Transient, Weak),
    ("being deleted", Transient, Weak),
    ("being created", Transient, Weak),
    ("being updated", Transient, Weak),
    ("commit conflict", Transient, Weak),
    ("another transaction", Transient, Weak),
    ("concurrent modification", Transient, Weak),
    ("concurrent update", Transient, Weak),
    ("please wait", Transient, Weak),
    ("come back later", Transient, Weak),
    // Retry advice in words other than "try again".
    ("try your request again", Transient, Weak),
    ("retrying may solve", Transient, Weak),
    ("try resubmitting", Transient, Weak),
    ("try operation later", Transient, Weak),
    (
        "deadline expired before operation could complete",
        Transient,
        Weak,
    ),
    // A server that names the moment, not the request, as the problem.
    ("retrying", Transient, Weak),
    ("will retry", Transient, Weak),
    ("retry request", Transient, Weak),
    ("retry the request", Transient, Weak),
    ("retry the operation", Transient, Weak),
    ("retry the transaction", Transient, Weak),
    ("retry the connection", Transient, Weak),
    ("retry the query", Transient, Weak),
    ("retry this", Transient, Weak),
    ("retry in ", Transient, Weak),
    ("retry after ", Transient, Weak),
    ("try later", Transient, Weak),
    // rclone's Storj backend: "bucket was not available, now created, the
    // upload must be retried".
    ("must be retried", Transient, Weak),
    // SQL Server's 1205 ends its deadlock message so.
    ("rerun the transaction", Transient, Weak),
    ("again later", Transient, Weak),
    ("at this time", Transient, Weak),
    ("momentarily", Transient, Weak),
    ("in progress", Transient, Weak),
    ("already has an active run", Transient, Weak),
    ("already has an active response", Transient, Weak),
    ("try running it again", Transient, Weak),
    ("backend error", ServerDown, Weak),
    ("in transition", Transient, Weak),
    ("is currently running", Transient, Weak),
    ("running at the same time", Transient, Weak),
    ("too many concurrent", Transient, Weak),
    ("another operation", Transient, Weak),
    ("conflicting operation", Transient, Weak),
    ("conflicting transaction", Transient, Weak),
    // A limit on requests running at once, which frees as they finish:
    // NetSuite's SuiteTalk "concurrent request limit exceeded", Marketo's
    // 615 "Concurrent access limit reached", Databricks' "exceeded the
    // concurrent limit of 20 requests", Prefect's "concurrency limit". A
    // cap on users or sessions (Salesforce's "concurrent user limit", a
    // plan's "concurrent sessions limit") is not among these words.
    ("concurrent request limit", Transient, Weak),
    ("concurrent requests limit", Transient, Weak),
    ("concurrent access limit", Transient, Weak),
    ("concurrent limit", Transient, Weak),
    ("concurrency limit", Transient, Weak),
    ("concurrency_limit", Transient, Weak),
    ("concurrencylimit", Transient, Weak),
    // Texts that call the failure transient in so many words: Google's
    // client libraries' "most likely a transient condition", Trino's
    // "usually caused by a transient issue", EF Core's "likely due to a
    // transient failure", Orthanc's "probably a transient situation",
    // Scaleway's "resource is in a transient state". Words that deny it
    // start earlier and are found first ("non-transient error", "this is
    // NOT a transient error"). A bare "is transient" is left out: systemd
    // units and dependencies are transient too.
    ("non-transient", Permanent, Weak),
    ("non transient", Permanent, Weak),
    ("non_transient", Permanent, Weak),
    ("nontransient", Permanent, Weak),
    ("not a transient", Permanent, Weak),
    ("transient error", Transient, Weak),
    ("transient failure", Transient, Weak),
    ("transient issue", Transient, Weak),
    ("transient situation", Transient, Weak),
    ("transient condition", Transient, Weak),
    ("transient problem", Transient, Weak),
    ("transient state", Transient, Weak),
    ("transient fault", Transient, Weak),
    ("likely transient", Transient, Weak),
    // The same words as codes and class names ("transient_error",
    // `TransientError`).
    ("transient_error", Transient, Weak),
    ("transienterror", Transient, Weak),
    // A wait of hours is no retry's: Duplicati's OAuth helper's "over
    // quota. Try again in a few hours".
    ("in a few hours", Permanent, Weak),
    // S3's `RestoreAlreadyInProgress` (and MinIO's copy of it): a restore
    // from an archive tier takes hours, where a local "restore is already
    // in progress" may end in seconds.
    ("object restore is already in progress", Permanent, Weak),
    ("in several hours", Permanent, Weak),
    // OpenFeature's "provider not yet initialized": the SDK serves
    // defaults until the provider it set up in the background is ready.
    // Only with its noun: "Server not yet initialized. Call initialize
    // first." is a step the caller skipped, and never passes.
    ("provider not yet initialized", ServerDown, Weak),
    ("backoff", Transient, Weak),
    ("back off", Transient, Weak),
    ("per second", Transient, Weak),
    ("due to overload", ServerDown, Weak),
    ("server overload", ServerDown, Weak),
    // The way to the other side is failing for now.
    ("timing out", Transient, Weak),
    // The other side's answer was slow, not the request wrong: Cloudflare's
    // 524 "Server took too long to respond", Orthanc's "took too long to
    // respond". Found before the faint "too long" of an input that is too
    // long. Not a bare "took too long": "The query took too long. Try a
    // simpler question." is a statement's own time limit, and lasts.
    ("took too long to respond", Transient, Weak),
    // A whole class of server errors named at once (DevCycle's "5xx error
    // on request"); with its noun, since a literal that starts with a
    // digit also sits inside ids ("Ray ID: 875xxxxxxxxx").
    ("5xx error", ServerDown, Weak),
    ("can't reach", ServerDown, Weak),
    ("cannot reach", ServerDown, Weak),
    ("unable to reach", ServerDown, Weak),
    ("execution expired", Transient, Weak),
    ("ended prematurely", Transient, Weak),
    ("premature close", Transient, Weak),
    // The JDK HTTP client when the server closed before any response.
    ("header parser received no bytes", Transient, Weak),
    ("error dialing", Transient, Weak),
    ("connection issue", Transient, Weak),
    ("waiting for connection", Transient, Weak),
    ("upstream request failed", ServerDown, Weak),
    ("upstream_error", ServerDown, Weak),
    ("failed to get response", ServerDown, Weak),
    ("quorum was not met", ServerDown, Weak),
    ("not the correct coordinator", Transient, Weak),
    ("not the correct controller", Transient, Weak),
    ("closedresourceerror", Transient, Weak),
    // A lock another process holds for now.
    ("currently locked by", Transient, Weak),
    ("currently holding", Transient, Weak),
    // Advice against a retry; found first, so "do not retry this" does not
    // read as "retry this".
    ("do not retry", Permanent, Weak),
    // A limit the caller set, named by the message that reports it used
    // up: the wait ran as long as it was allowed to, and the same call with
    // the same setting is cut off the same way. Only the systems' own
    // words: generic advice to "increase the timeout" also ends connect and
    // read time-outs on a slow network, which pass.
    // Puppeteer: "Increase the 'protocolTimeout' setting ... for a higher
    // timeout if needed".
    ("for a higher timeout", Permanent, Weak),
    // Firecrawl's "Please increase the timeout parameter in your request".
    ("increase the timeout parameter", Permanent, Weak),
    // Spark: "You can increase the timeout for broadcasts via
    // spark.sql.broadcastTimeout".
    ("spark.sql.broadcasttimeout", Permanent, Weak),
    // RabbitMQ's consumer acknowledgement limit.
    ("this timeout value can be configured", Permanent, Weak),
    // Jest and Vitest: "Add a timeout value to this test to increase the
    // timeout, if this is a long-running test"; "If this is a long-running
    // test, pass a timeout value ... or configure it globally with
    // "testTimeout"".
    ("long-running test", Permanent, Weak),
    // Older Jest: "... within the 5000 ms timeout specified by
    // jest.setTimeout".
    ("specified by jest.settimeout", Permanent, Weak),
    // Cypress' `pageLoadTimeout`.
    ("pageloadtimeout", Permanent, Weak),
    // Apify's own words for an Actor run's time-out option.
    (
        "you can increase the timeout in run options",
        Permanent,
        Weak,
    ),
    // Symfony Process (and Composer): "The process ... exceeded the timeout
    // of 300 seconds."
    ("exceeded the timeout of", Permanent, Weak),
    // Coding agents' command runners, which stop a shell command at their
    // own limit: Claude Code's and TeXRA's "Foreground command timed out
    // after 120s", Reasonix's "command timed out (> 2m0s)", Mistral Vibe's
    // "bash failed: Command timed out after 30s". A client library's
    // "Command timed out" (Lettuce's Redis command) is not among them.
    ("foreground command timed out", Permanent, Weak),
    ("command timed out (>", Permanent, Weak),
    ("bash failed: command timed out", Permanent, Weak),
    // Advice to change the request first.
    ("please fix", Input, Weak),
    // "Try again with a smaller value" asks for another request.
    ("try again with a", Input, Weak),
    ("please correct", Input, Weak),
    // Bedrock's `ValidationException` for a body its model does not take.
    ("malformed input request", Input, Weak),
    ("interrupted by user", Permanent, Weak),
    // The text says it lasts: an HTTP 410's "permanently unavailable",
    // Mailchimp's "was permanently deleted", LaunchDarkly's "giving up
    // permanently". Not the word alone: SSH's "Permanently added ... to the
    // list of known hosts" stands beside many passing failures.
    ("permanently unavailable", Permanent, Weak),
    ("permanently deleted", Permanent, Weak),
    ("permanently removed", Permanent, Weak),
    ("permanently failed", Permanent, Weak),
    ("giving up permanently", Permanent, Weak),
    ("non-retryable", Permanent, Weak),
    ("nonretryable", Permanent, Weak),
    ("non retryable", Permanent, Weak),
    ("not retryable", Permanent, Weak),
    ("non-retriable", Permanent, Weak),
    ("not retriable", Permanent, Weak),
    ("don't retry", Permanent, Weak),
    ("should not be retried", Permanent, Weak),
    ("must not be retried", Permanent, Weak),
    ("should not retry", Permanent, Weak),
    // Retry flags set to false (the Vercel AI SDK's `isRetryable`, JSON
    // bodies' `retryable`, Temporal's `non_retryable`) and advice not to try.
    // `retryable: false` also covers `isRetryable: false` and the flag
    // lua-resty-kafka prints beside a producer error.
    ("retryable: false", Permanent, Weak),
    ("\"retryable\":false", Permanent, Weak),
    ("\"retryable\": false", Permanent, Weak),
    ("retryable=false", Permanent, Weak),
    ("non_retryable", Permanent, Weak),
    ("do not try again", Permanent, Weak),
    ("no need to try again", Permanent, Weak),
    ("no point in retrying", Permanent, Weak),
];
