//! Hypervisors, debug probes, ERP platforms and weather services: their own words for a host, a queue or a probe that comes back, and for a monthly or daily allowance.
//!
//! Every entry is weak but Documenso's monthly quota in its own words.
//! Sources, by family:
//!
//! - XenAPI's "The request was rejected because there are too many
//!   pending tasks on the server." and `HOST_STILL_BOOTING`, both retried
//!   by Xen Orchestra; Hyper-V's "The operation cannot be performed while
//!   the object is in use.", which openSUSE's tests retry.
//! - probe-rs' "Target device responded with a WAIT response to the
//!   request.", after its own transfer code's retries; PlatformIO's "Got
//!   an (or "the") unrecognized status code '50x'" for a download a 5xx
//!   refused.
//! - Dataverse's service protection limits, each "... over time window of
//!   300 seconds" and sent with `Retry-After`, and its "... [Import]
//!   running at this moment" for a solution import or publish another one
//!   holds (only after its bracketed operation name).
//! - pynws' "Observation received with no data." and its forecasts', an
//!   NWS response that came back empty and the next request fills (only
//!   pynws' own subjects: webhook handlers answer a 400 "Webhook received
//!   with no data").
//! - Lasting: Documenso's monthly "due to your account exceeding the fair
//!   use limits", strong, since it comes with the code `TOO_MANY_REQUESTS`
//!   whose strong words would otherwise pass it (the shorter "due to your
//!   account exceeding" stays weak: other services end per-minute limits
//!   with it), and AccuWeather's daily "The allowed number of requests has
//!   been exceeded" (a Home Assistant "Retrying in background" beside it
//!   does not make it pass).
//!
//! A second reader took out OpenAQ's "Consider reducing the complexity of
//! your request": another client prints it for every 504 it retries.

use super::Category::{Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

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
    ("got the unrecognized status code '50", ServerDown, Weak),
    ("over time window of 300 seconds", Transient, Weak),
    ("] running at this moment", Transient, Weak),
    ("observation received with no data", Transient, Weak),
    ("forecast received with no data", Transient, Weak),
    ("forecast hourly received with no data", Transient, Weak),
    ("due to your account exceeding", Quota, Weak),
    (
        "due to your account exceeding the fair use limits",
        Quota,
        Strong,
    ),
    (
        "the allowed number of requests has been exceeded",
        Quota,
        Weak,
    ),
];
