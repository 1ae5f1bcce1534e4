//! Hypervisors, debug probes, ERP platforms and weather services: their own words for a host, a queue or a probe that comes back, and for a monthly or daily allowance or a query too heavy to answer.
//!
//! Every entry is weak. Sources, by family:
//!
//! - XenAPI's "The request was rejected because there are too many
//!   pending tasks on the server." and `HOST_STILL_BOOTING`, both retried
//!   by Xen Orchestra; Hyper-V's "The operation cannot be performed while
//!   the object is in use."
//! - probe-rs' "Target device responded with a WAIT response to the
//!   request.", which its own transfer code retries; PlatformIO's "Got an
//!   unrecognized status code '50x'" for a download a 5xx refused, which
//!   its client retries (`413, 429, 500, 502, 503, 504`).
//! - Dataverse's service protection limits, each "... over time window of
//!   300 seconds" and sent with `Retry-After`, and its "... running at
//!   this moment" for a solution import or publish another one holds.
//! - pynws' "... received with no data", an NWS response that came back
//!   empty and the next request fills.
//! - Lasting: Documenso's "due to your account exceeding the fair use
//!   limits" (a monthly quota), AccuWeather's "The allowed number of
//!   requests has been exceeded" (its daily allowance; a Home Assistant
//!   "Retrying in background" beside it does not make it pass), and
//!   OpenAQ's "Consider reducing the complexity of your request", a
//!   query the server times out on every time.

use super::Category::{Input, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("too many pending tasks on the server", Transient, Weak),
    ("host_still_booting", ServerDown, Weak),
    (
        "cannot be performed while the object is in use",
        Transient,
        Weak,
    ),
    ("responded with a wait response", Transient, Weak),
    ("got an unrecognized status code '50", ServerDown, Weak),
    ("over time window of 300 seconds", Transient, Weak),
    ("running at this moment", Transient, Weak),
    ("received with no data", Transient, Weak),
    ("due to your account exceeding", Quota, Weak),
    (
        "the allowed number of requests has been exceeded",
        Quota,
        Weak,
    ),
    (
        "consider reducing the complexity of your request",
        Input,
        Weak,
    ),
];
