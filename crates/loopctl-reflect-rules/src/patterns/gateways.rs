//! Game distribution back ends, log shippers, SMS gateways and labelling services: their own words for an update, an upstream or a per-second throughput that comes back, for a login limit and a model that does not load, and for refused credentials.
//!
//! Every passing entry is weak. Sources, by family:
//!
//! - SteamCMD's "state is 0x602 after update job" (the download lost its
//!   network; LinuxGSM's `core_dl.sh` runs the update again) and "state is
//!   0xE after update job" (a state its threads clear with another update
//!   run, for which AMP's maintainer added a retry); Epic Online Services'
//!   `EOS_OperationWillRetry`, a result whose callback is called again.
//! - Unity's licensing: "There was a problem communicating with the
//!   license server", after the licence server's 503, which a restarted
//!   build passes.
//! - Fluent Bit's "no upstream connections available", after which its
//!   outputs return `FLB_RETRY` and the engine schedules the chunk again.
//! - Jasmin's per-second throughput: "User throughput exceeded" (its
//!   HTTP API's 403) and "... is faster (...) than fixed throughput" (its
//!   SMPP server's `ESME_RTHROTTLED`); a later submit within the rate is
//!   accepted.
//! - Labelbox's "Maximum wait time exceeded while waiting for data rows
//!   to be processed", raised while the rows are still processing, which
//!   tells the caller to create the batch a bit later.
//! - Lasting: Steam's login "Rate Limit Exceeded (84)", strong (the IP is
//!   blocked for half an hour or more, and a retry restarts the clock),
//!   which hides the strong "rate limit exceeded" inside it; a model that
//!   did not load (KServe's "error msg: Could not load model") and
//!   SteamCMD's "(Disk write failure)", weak.
//! - Refused: Epic Online Services' `EOS_InvalidAuth` and
//!   `EOS_InvalidCredentials`, SMPP's `ESME_RINVPASWD` (a bind refused
//!   for its password).
//!
//! A second reader took out Unity's `Error fetching
//! https://license.unity3d.com` (logged for every reply but a 200, lasting
//! bodies among them) and Fluent Bit's "could not allocate outgoing
//! buffer" (a failed allocation, which its threads show lasting),
//! narrowed Jasmin's throughput to its log's "(...) than fixed
//! throughput" and the model load to KServe's form ("Could not load
//! models from GitHub" passes), and added SteamCMD's disk failure and the
//! refusals.

use super::Category::{Auth, Permanent, Quota, ServerDown, Transient};
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
    ("no upstream connections available", Transient, Weak),
    ("user throughput exceeded", Transient, Weak),
    (") than fixed throughput", Transient, Weak),
    (
        "maximum wait time exceeded while waiting for data rows to be processed",
        Transient,
        Weak,
    ),
    ("rate limit exceeded (84)", Quota, Strong),
    ("error msg: could not load model", Permanent, Weak),
    ("(disk write failure)", Permanent, Weak),
    ("eos_invalidauth", Auth, Strong),
    ("eos_invalidcredentials", Auth, Strong),
    ("esme_rinvpaswd", Auth, Strong),
];
