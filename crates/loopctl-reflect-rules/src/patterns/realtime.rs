//! Media servers, SIP proxies, vehicles and home-energy devices: their own words for a session or link that comes back, and for a car that must be woken or a key that was never paired.
//!
//! Sources, by family:
//!
//! - Janus answers "Still cleaning a previous session" (`janus.c`) only
//!   after polling the handle's cleaning flag for three seconds; the
//!   cleanup finishes on its own.
//! - LiveKit's server returns `ErrLimitExceeded` ("node has exceeded its
//!   configured limit") with a 503 while a node is over its load limits,
//!   and its subscription manager keeps retrying `ErrNoReceiver` ("cannot
//!   subscribe without a receiver in place"); the Go SDK's
//!   `ErrCannotConnectSignal` and the JS SDK's websocket error during
//!   connection establishment are the failures `Room.connect` retries
//!   against the next region (a bad token or URL is reported as
//!   `NotAllowed` instead).
//! - Kamailio's dispatcher refuses a reload "Ongoing reload" when the last
//!   one was less than `reload_delta` seconds ago.
//! - Tesla's vehicle-command lists the message faults it retries
//!   (`retriableErrors` in `pkg/protocol/error.go`). Incorrect epoch and
//!   time expired are here; busy, time-out and `ErrBusy` ("vehicle busy or
//!   finishing wake-up") pass by the generic words already; the invalid
//!   signature and the invalid token or counter stay out, since the words
//!   name a credential failure everywhere else. Its
//!   "vehicle is offline or asleep" is not temporary (a wake-up is another
//!   call), and a public key that "has not been paired with the vehicle"
//!   needs the owner.
//! - pysma closes its session on an "Error detected while reading" reply so
//!   that the next read logs in again.

use super::Category::{Auth, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("still cleaning a previous session", Transient, Weak),
    ("node has exceeded its configured limit", ServerDown, Weak),
    (
        "cannot subscribe without a receiver in place",
        Transient,
        Weak,
    ),
    ("could not establish signal connection", ServerDown, Weak),
    (
        "websocket error during connection establishment",
        ServerDown,
        Weak,
    ),
    ("ongoing reload", Transient, Weak),
    ("messagefault_error_incorrect_epoch", Transient, Weak),
    ("messagefault_error_time_expired", Transient, Weak),
    ("vehicle is offline or asleep", Permanent, Strong),
    ("has not been paired with the vehicle", Auth, Strong),
    ("error detected while reading", Transient, Weak),
];
