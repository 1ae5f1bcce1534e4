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
    ("failover in progress", ServerDown, Weak),
    ("under maintenance", ServerDown, Weak),
    ("during loading", ServerDown, Weak),
    ("is waiting to start", ServerDown, Weak),
    ("shutdown in progress", ServerDown, Weak),
    ("breaker open", ServerDown, Weak),
    // Selenium Grid's node taken out of rotation, whose sessions go to the
    // other nodes. Not "is draining" alone: an ECS instance or a
    // Kubernetes node drained for decommissioning stays drained.
    ("the node is draining", ServerDown, Weak),
    // Nothing healthy to send the call to, for now: Blaxel's "No healthy
    // replica is serving workload", Vitess' "no healthy endpoints",
    // Varnish's "No healthy backends" (Vitess' "no healthy tablet
    // available" is in `txn.rs`). Not "no
    // healthy" alone, which also names a server never started and a
    // setting (`no healthy_threshold`).
    ("no healthy replica", ServerDown, Weak),
    ("no healthy backend", ServerDown, Weak),
    ("no healthy endpoint", ServerDown, Weak),
    // Work that is queued, pending or running into other work.
    ("queue is full", Transient, Weak),
    ("queue full", Transient, Weak),
    ("queue capacity", Transient, Weak),
    ("at capacity", Transient, Weak),
    ("over capacity", Transient, Weak),
    // Scrapfly's browser pool, all in use for now. Not "available in the
    // pool" alone: address, licence and session pools that a leak or their
    // size empties stay empty.
    ("no browser available in the pool", Transient, Weak),
    ("still pending", Transient, Weak),
    // Databricks: "Cluster ... is in unexpected state Pending.", with its
    // full stop, so that `PENDING_VALIDATION` and `PendingDeletion` do not
    // count.
    ("is in unexpected state pending.", Transient, Weak),
    ("is pending", Transient, Weak),
    ("still processing", Transient, Weak),
    // qBittorrent's Web API while a torrent it is asked for is still being
    // created ("Torrent creation is still unfinished."); a bare "is still
    // unfinished" is also said of work nobody is doing.
    ("torrent creation is still unfinished", Transient, Weak),
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
    // Denials of the words in `described.rs` that call a failure
    // transient; they start earlier than those words, so the automaton
    // finds them first ("non-transient error", "this is NOT a transient
    // error").
    ("non-transient", Permanent, Weak),
    ("non transient", Permanent, Weak),
    ("non_transient", Permanent, Weak),
    ("nontransient", Permanent, Weak),
    ("not a transient", Permanent, Weak),
    // A wait of hours is no retry's: Duplicati's OAuth helper's "over
    // quota. Try again in a few hours".
    ("in a few hours", Permanent, Weak),
    // S3's `RestoreAlreadyInProgress` (and MinIO's copy of it): a restore
    // from an archive tier takes hours, where a local "restore is already
    // in progress" may end in seconds.
    ("object restore is already in progress", Permanent, Weak),
    ("in several hours", Permanent, Weak),
    ("backoff", Transient, Weak),
    ("back off", Transient, Weak),
    ("per second", Transient, Weak),
    ("due to overload", ServerDown, Weak),
    ("server overload", ServerDown, Weak),
    // The way to the other side is failing for now.
    ("timing out", Transient, Weak),
    ("can't reach", ServerDown, Weak),
    ("cannot reach", ServerDown, Weak),
    ("unable to reach", ServerDown, Weak),
    ("execution expired", Transient, Weak),
    ("ended prematurely", Transient, Weak),
    ("premature close", Transient, Weak),
    // The JDK HTTP client when the server closed before any response.
    ("header parser received no bytes", Transient, Weak),
    ("error dialing", Transient, Weak),
    // Celery's consumer: "Connection to broker lost. Trying to
    // re-establish the connection..."; found after the giving up that
    // starts earlier.
    ("gave up trying to re-establish", Permanent, Weak),
    ("trying to re-establish", Transient, Weak),
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
    // "Try again with a smaller value", "... with all required
    // parameters", "... with the correct production token": each asks for
    // another request (the twelve labelled texts that say it all lasted).
    // "... with the same link" and "... with exponential backoff" advise the
    // same call again.
    ("try again with", Input, Weak),
    ("try again with the same", Transient, Weak),
    ("try again with exponential backoff", Transient, Weak),
    ("try again with backoff", Transient, Weak),
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
    // A task moving between nodes: Elasticsearch's "cannot cancel task
    // ... because it is being relocated" (not an account or a repository
    // being relocated, which takes days).
    ("because it is being relocated", Transient, Weak),
    // A buffer full for now, like the queues above: Temporal's "consistent
    // query buffer is full" (not a ring buffer or an audio buffer, which
    // its own reader must drain).
    ("query buffer is full", Transient, Weak),
    // A server that turns work away for now: Aerospike's "Server is not
    // accepting requests." (not an API key or a service that is not, until
    // a setting changes), Traefik's "no available server".
    ("server is not accepting requests", ServerDown, Weak),
    ("no available server", ServerDown, Weak),
    // Something another controller is still creating: Crossplane's
    // "referenced resource may not yet be ready".
    ("not yet be ready", ServerDown, Weak),
    // A rate in other words: Cadence's "Domain update too frequent." and
    // "Persistence Max QPS Reached.", in those words only: a faucet's
    // "Claim too frequent" waits a day, and "max qps is 0" is a setting.
    // Not "per second limit", which would hide the "limit exceeded" of
    // "Daily quota or queries per second limit exceeded".
    ("update too frequent", Transient, Weak),
    ("max qps reached", Transient, Weak),
    // A time-out the caller set too short for the call: Cadence's
    // "Context timeout is too short."; found before "timeout" in it.
    ("context timeout is too short", Input, Weak),
    // A database that names its load as the reason: Superset's "Issue
    // 1001 - The database is under an unusual load." (not a key suspended
    // "for generating unusual load"). Not "system maintenance", whose
    // windows run until a date or an administrator ends them.
    ("under an unusual load", ServerDown, Weak),
    // A limit counted by the minute in other words: Airbyte's "Reached
    // call limit for this minute, wait for 58.16 seconds" (not the bare
    // time phrase).
    ("limit for this minute", Transient, Weak),
];
