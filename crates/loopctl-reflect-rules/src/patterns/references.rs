//! Messages that platforms' own error references and troubleshooting pages document, each with what the page says to do.
//!
//! Sources, by family:
//! - DynamoDB's error table ("OK to retry?"): throttling per subscriber and
//!   per table, and the account's throughput limit (`RequestLimitExceeded`)
//!   are retried, as is `LimitExceededException` for too many tables or
//!   indexes being changed at once.
//! - TiDB's error 8027 (schema out of date: retry), NATS JetStream's
//!   `ErrStreamLeadershipChanged` and a publisher stalled on outstanding
//!   acknowledgements (both retried by the client), gocql's stream
//!   exhaustion on one connection, and Valkey's `-UNBLOCKED`.
//! - AWS's `InsufficientCapacity` ("do not have sufficient capacity"),
//!   Linux NFS's "not responding, still trying", Cloudflare Workers'
//!   `daemonDown` and Durable Objects' reset on a code update, containerd's
//!   "failed to reserve container name" while the old one is cleaned up,
//!   GitLab's "taking too much time to respond", the CSI in-flight check
//!   ("an operation with the given volume ... already exists", code
//!   Aborted), and Spring Kafka's commit during a rebalance
//!   (`RebalanceInProgressException`, retried after `poll()`).
//! - Lasting ones: RabbitMQ's consumer acknowledgement time-out, Timescale's `temp_file_limit`, Lambda's
//!   `EFSMountConnectivityException` (security groups) and S3's
//!   `PermanentRedirect` (another region), dpkg interrupted, npm's
//!   publish over an existing version and a full disk, Puppeteer's
//!   `protocolTimeout`, Azure's `SkuNotAvailable`, Microsoft Graph's
//!   `MailboxNotEnabledForRESTAPI`, Cloudflare's subrequest limit and
//!   scripts that never respond, Prisma's P3009, MySQL's crashed table,
//!   and the schema errors of CockroachDB, PostgREST (`PGRST202`), Redis,
//!   Valkey and Vitess.
//! - Quotas: a per-day token limit (TPD) and Azure Functions' daily usage
//!   quota are not retried within a turn.
//! - From `final8.jsonl`'s misses, each by its system's reference:
//!   aiohttp's `ClientPayloadError` is a body cut off in transit; Oracle's ORA-12516
//!   (the listener has no free handler) and RabbitMQ's durable queue whose
//!   "home node ... is down or inaccessible" pass with the server; Pulsar's
//!   `ServiceUnitNotReadyException` asks for a new lookup, which the client
//!   makes; Firestore's index that "is currently building" becomes usable.
//!   Lasting: Vercel's `DEPLOYMENT_PAUSED`, Cloudflare's error 1027 (the
//!   owner "has reached their plan limits"), the Cloud SQL connectors'
//!   instance that "does not have IP of type" asked for.

use super::Category::{
    Corrupt, Input, NotFound, Permanent, Quota, ServerDown, TooLarge, Transient,
};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Amazon ECS' service event messages: the scheduler's own throttling
    // passes; a deployment configuration that leaves no room does not.
    ("operations are being throttled", Transient, Strong),
    (
        "because of the service deployment configuration",
        Permanent,
        Weak,
    ),
    // Cloudflare Durable Objects: "Cannot resolve Durable Object due to
    // transient issue on remote node."
    ("due to transient issue on remote node", Transient, Strong),
    // Fly.io's troubleshooting page: an app bound to the wrong address.
    ("not listening on the expected address", Permanent, Weak),
    // SageMaker's fixed 60 s limit on an endpoint invocation.
    (
        "invocation timed out while waiting for a response from container",
        Permanent,
        Weak,
    ),
    // Kubernetes' scheduler: a taint no toleration matches stays.
    ("had untolerated taint", Permanent, Weak),
    // Kubernetes: a watch from a resourceVersion the server has compacted
    // away answers 410 Gone. An informer's reflector lists again and
    // watches on by itself ("watch of ... ended with:"); a caller that
    // resends the stale version meets the same answer, so the bare 410 is
    // left to the next reader.
    ("ended with: too old resource version", Transient, Strong),
    (
        "ended with: the resourceversion for the provided watch is too old",
        Transient,
        Strong,
    ),
    // Heroku's error codes: H10 app crashed, H14 no web dynos running, R10
    // boot time-out; each stays until the app or its formation is fixed.
    ("code=h10", Permanent, Strong),
    ("code=h14", Permanent, Strong),
    ("error r10 (boot timeout)", Permanent, Strong),
    ("preemption is not helpful for scheduling", Permanent, Weak),
    // EF Core: a retrying execution strategy around a transaction the code
    // began itself, thrown the same way every time.
    ("does not support user initiated", Permanent, Strong),
    // Passing, by the pages' own guidance.
    (
        "too many operations for a given subscriber",
        Transient,
        Strong,
    ),
    (
        "rate of requests exceeds the allowed throughput",
        Transient,
        Strong,
    ),
    (
        "throughput exceeds the current throughput limit",
        Transient,
        Strong,
    ),
    ("information schema is out of date", Transient, Strong),
    ("leadership changed", Transient, Strong),
    ("too many outstanding async published", Transient, Strong),
    ("no streams available on connection", Transient, Strong),
    ("unblocked via client unblock", Transient, Weak),
    ("do not have sufficient capacity", ServerDown, Strong),
    ("not responding, still trying", ServerDown, Strong),
    ("daemondown", ServerDown, Strong),
    ("reset because its code was updated", Transient, Strong),
    ("failed to reserve container name", Transient, Strong),
    ("taking too much time to respond", ServerDown, Strong),
    ("an operation with the given volume", Transient, Strong),
    (
        "commit cannot be completed since the consumer is undergoing a rebalance",
        Transient,
        Strong,
    ),
    // Lasting.
    (
        "timed out waiting for a consumer acknowledgement",
        Permanent,
        Strong,
    ),
    ("exceeds temp_file_limit", Permanent, Strong),
    ("efsmountconnectivityexception", Permanent, Strong),
    ("permanentredirect", Permanent, Strong),
    ("dpkg was interrupted", Permanent, Strong),
    ("cannot publish over", Permanent, Strong),
    ("insufficient space on your system", Permanent, Strong),
    ("protocoltimeout", Permanent, Weak),
    ("skunotavailable", Permanent, Strong),
    ("mailboxnotenabledforrestapi", Permanent, Strong),
    ("too many subrequests", Permanent, Strong),
    ("will never generate a response", Permanent, Strong),
    ("migrate found failed migrations", Permanent, Strong),
    ("is marked as crashed", Corrupt, Strong),
    ("requires an enterprise license", Permanent, Strong),
    ("explicitly disallowed", Permanent, Strong),
    ("cascade was not specified", Input, Strong),
    ("without where clause", Input, Strong),
    (
        "no matches were found in the schema cache",
        NotFound,
        Strong,
    ),
    ("exec without multi", Input, Strong),
    (
        "is equal or smaller than the target stream top item",
        Input,
        Strong,
    ),
    ("keyspace not specified", Input, Strong),
    ("requires a minimum server wire version", Permanent, Strong),
    ("has reached the negotiated channel_max", Permanent, Strong),
    ("no stream matches subject", NotFound, Strong),
    ("has no deployed releases", NotFound, Strong),
    ("not possible to fast-forward", Permanent, Strong),
    ("requires an existing lockfile", Permanent, Strong),
    ("flag provided but not defined", Input, Strong),
    ("no fargate configuration exists", Input, Strong),
    ("inconsistent dimensions", Input, Strong),
    ("exceed the maximum allowed metadata size", TooLarge, Strong),
    ("max allowed tokens per submitted batch", TooLarge, Strong),
    ("are you sure it exists", NotFound, Strong),
    ("nothing found on disk", Permanent, Weak),
    // Quotas by the day.
    ("tpd rate limit", Quota, Strong),
    ("reached daily usage quota", Quota, Strong),
    // From final8's misses (see above).
    (
        "you exceeded your quota for the requested resource",
        Transient,
        Strong,
    ),
    ("clientpayloaderror", Transient, Strong),
    ("response payload is not completed", Transient, Strong),
    ("ora-12516", ServerDown, Strong),
    // Its sibling, "TNS:no appropriate service handler found": the
    // listener's handlers are all busy, and it passes once fewer clients
    // connect at once (oracle/docker-images#1647). Weak: the
    // hundred-and-eighth round's negations would otherwise read its "no
    // ... found" as lasting.
    ("ora-12519", ServerDown, Weak),
    ("is down or inaccessible", ServerDown, Strong),
    ("serviceunitnotready", Transient, Strong),
    ("index is currently building", Transient, Strong),
    ("deployment_paused", Permanent, Strong),
    ("has reached their plan limits", Quota, Strong),
    ("does not have ip of type", Permanent, Strong),
    // DynamoDB's cap on control-plane operations in flight ("Only 10 tables
    // can be created, updated, or deleted simultaneously"), which lifts as
    // the others finish; the cap on tables an account holds does not.
    ("deleted simultaneously", Transient, Strong),
];
