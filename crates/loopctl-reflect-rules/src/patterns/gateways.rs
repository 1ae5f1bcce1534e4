//! Game distribution back ends, log shippers, SMS gateways and labelling services: their own words for an update, an upstream or a per-second throughput that comes back, and for a login limit and a model that does not load.
//!
//! Every passing entry is weak. Sources, by family:
//!
//! - SteamCMD's "state is 0x602 after update job" (the download lost its
//!   network; LinuxGSM's `core_dl.sh` runs the update again) and "state is
//!   0xE after update job" (a state its threads clear with another update
//!   run, for which AMP's maintainer added a retry); Epic Online Services'
//!   `EOS_OperationWillRetry`, a result whose callback is called again.
//! - Unity's licensing: "There was a problem communicating with the
//!   license server" and "Error fetching https://license.unity3d.com/...",
//!   each after the licence server's 503, which a restarted build passes.
//! - Fluent Bit's "no upstream connections available" and "could not
//!   allocate outgoing buffer", after which its outputs return
//!   `FLB_RETRY` and the engine schedules the chunk again.
//! - Jasmin's per-second throughput: "User throughput exceeded" (its
//!   HTTP API's 403) and "... is faster (...) than fixed throughput" (its
//!   SMPP server's `ESME_RTHROTTLED`); a later submit within the rate is
//!   accepted.
//! - Labelbox's "Maximum wait time exceeded while waiting for data rows
//!   to be processed", raised while the rows are still processing, which
//!   tells the caller to create the batch a bit later.
//! - Lasting: Steam's login "Rate Limit Exceeded (84)", strong (the IP is
//!   blocked for half an hour or more, and a retry restarts the clock),
//!   which hides the strong "rate limit exceeded" inside it; "could not
//!   load model" (KServe's failed load, LocalAI's back ends), weak.

use super::Category::{Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("state is 0x602 after update job", Transient, Weak),
    ("state is 0xe after update job", Transient, Weak),
    ("eos_operationwillretry", Transient, Weak),
    (
        "problem communicating with the license server",
        ServerDown,
        Weak,
    ),
    (
        "error fetching https://license.unity3d.com",
        ServerDown,
        Weak,
    ),
    ("no upstream connections available", Transient, Weak),
    ("could not allocate outgoing buffer", Transient, Weak),
    ("user throughput exceeded", Transient, Weak),
    ("than fixed throughput", Transient, Weak),
    (
        "maximum wait time exceeded while waiting for data rows to be processed",
        Transient,
        Weak,
    ),
    ("rate limit exceeded (84)", Quota, Strong),
    ("could not load model", Permanent, Weak),
];
