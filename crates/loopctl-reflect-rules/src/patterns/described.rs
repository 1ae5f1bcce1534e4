//! Words that call a failure passing, or name a passing state any system may be in, without naming what failed: weak, and, like advice, no reason to doubt a credential word beside them.
//!
//! "API key not valid. This is a transient error." and "credentials
//! rejected; no primary available" are refusals: a generic credential word
//! ("API key", "credentials") decides where nothing names a passing
//! failure, and these words name none (`Found::add`). Every entry here is
//! weak and of a passing category; `mod.rs` marks each as describing.

use super::Category::{ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
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
    // Storm's client before Nimbus has elected a leader ("Could not find a
    // nimbus leader, please try again after some time."), also behind its
    // class name, which would otherwise read as a thing not found. Not its
    // "Could not find leader nimbus from seed hosts", a setting.
    ("could not find a nimbus leader", ServerDown, Weak),
    (
        "nimbusleadernotfoundexception: could not find a nimbus leader",
        ServerDown,
        Weak,
    ),
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
    // rclone's Storj backend: "bucket was not available, now created, the
    // upload must be retried".
    ("must be retried", Transient, Weak),
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
    // are in `states.rs` and are found first. A bare "is transient" is left
    // out: systemd units and dependencies are transient too.
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
    // OpenFeature's "provider not yet initialized": the SDK serves
    // defaults until the provider it set up in the background is ready.
    // Only with its noun: "Server not yet initialized. Call initialize
    // first." is a step the caller skipped, and never passes.
    ("provider not yet initialized", ServerDown, Weak),
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
    // Texts that ask for the same request again in other words:
    // BambooHR's "Please try the request again.", TikTok's "Retry may
    // resolve this issue." Not "... and try the request again", which
    // follows a change the caller must make.
    ("please try the request again.", Transient, Weak),
    ("retry may resolve", Transient, Weak),
    // Servers that cannot be reached "at the moment" (Formbricks' "The
    // servers cannot be reached at the moment."); not a person or a
    // suspended tenant who "cannot be reached at the moment".
    ("servers cannot be reached at the moment", ServerDown, Weak),
];
