//! Job, workflow and build services (quantum job queues, automation platforms, schema migrators, remote build caches): what their own error tables and retry lists say passes, and the waits that do not.
//!
//! Every entry is weak. Sources, by family:
//!
//! - IBM Quantum's API error table gives "Retry the action. If it happens
//!   again, contact IBM Quantum" for 3251 "Job not uploaded to object
//!   storage.", 1011 "Error publishing job at the backend queue." and 3203
//!   "Cannot get presigned upload url." (with its full stop: other
//!   storage tools say the bare words of a bucket never set up). Where
//!   qiskit-ibmq-provider wraps them in "400 Client Error: Bad Request",
//!   the refusal decides.
//! - D-Wave's `DWaveSampler(failover=True)` raises "RetryCondition:
//!   resubmit problem" only for time-outs and upload errors, to have the
//!   same problem sent again.
//! - n8n's `AdmissionLimitError`, "Too many pending onReceived executions",
//!   is back-pressure that drains; a Code task "not matched to a runner
//!   within the timeout period", by contrast, lasted days across whole
//!   instances in its threads (its bare "Task request timed out" passed on
//!   a re-run in another, and other schedulers print the same words).
//! - Make's API refuses to delete executions "because they are being
//!   processed right now"; they finish.
//! - Depot's CLI retries BuildKit's "failed to get edge: inconsistent graph
//!   state" (the bare words are also other programs' assertions) and
//!   "failed to get state for index"; `@actions/cache` retries a 429 from
//!   its "Cache service". Not its 503 or 500: its tracker shows them
//!   lasting through outages of hours to a day.
//! - Earth Engine's "Computation timed out." (quoted in its `HttpError`, or
//!   after `EEException:`) is its limit for an interactive computation:
//!   the same request times out again.
//! - USGS M2M's `RATE_LIMIT_USER_DL` is a user's download allowance.
//! - Liquibase's "Could not acquire change log lock" names a lock a dead
//!   run left behind until someone runs `releaseLocks`.
//! - Jujutsu's "Refusing to create new remote bookmark" waits for the user
//!   to allow it (`--allow-new`, or tracking the bookmark).

use super::Category::{Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("job not uploaded to object storage", ServerDown, Weak),
    (
        "error publishing job at the backend queue",
        ServerDown,
        Weak,
    ),
    ("cannot get presigned upload url.", ServerDown, Weak),
    ("retrycondition: resubmit problem", Transient, Weak),
    ("too many pending onreceived executions", Transient, Weak),
    (
        "because they are being processed right now",
        Transient,
        Weak,
    ),
    (
        "failed to get edge: inconsistent graph state",
        Transient,
        Weak,
    ),
    ("failed to get state for index", Transient, Weak),
    ("cache service responded with 429", Transient, Weak),
    (
        "not matched to a runner within the timeout period",
        Permanent,
        Weak,
    ),
    ("\"computation timed out.\"", Permanent, Weak),
    ("eeexception: computation timed out", Permanent, Weak),
    ("rate_limit_user_dl", Quota, Weak),
    ("could not acquire change log lock", Permanent, Weak),
    ("refusing to create new remote bookmark", Permanent, Weak),
];
