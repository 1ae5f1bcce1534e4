//! Media servers, SIP proxies, vehicles and home-energy devices: their own words for a link or a reload that comes back, and for a car that must be woken, a key that was never paired or a room refused.
//!
//! Sources, by family:
//!
//! - LiveKit's server returns `ErrLimitExceeded` ("node has exceeded its
//!   configured limit") with a 503 while a node is over its load limits,
//!   and its subscription manager keeps retrying `ErrNoReceiver` ("cannot
//!   subscribe without a receiver in place"); the JS SDK's websocket error
//!   during connection establishment is the failure `Room.connect` retries
//!   against the next region (a bad token is reported as `NotAllowed`
//!   instead). Its `ErrPermissionDenied`, "no permissions to access the
//!   room", is a refusal.
//! - Kamailio's dispatcher refuses a reload "Ongoing reload" when the last
//!   one was less than `reload_delta` seconds ago.
//! - Tesla's vehicle-command lists the message faults it retries
//!   (`retriableErrors` in `pkg/protocol/error.go`). Time expired is here;
//!   busy, time-out and `ErrBusy` ("vehicle busy or finishing wake-up")
//!   pass by the generic words already; the invalid signature and the
//!   invalid token or counter stay out, since the words name a credential
//!   failure everywhere else. Its "vehicle is offline or asleep" is not
//!   temporary (a wake-up is another call), and a public key that "has not
//!   been paired with the vehicle" needs the owner.
//! - pysma closes its session on an "Error detected while reading" reply so
//!   that the next read logs in again; only its exception's form counts,
//!   since other programs print the phrase for input they cannot parse.
//!
//! The second reader took out three entries the first draft held: Janus'
//! "Still cleaning a previous session" (it lasted minutes and more in
//! janus-gateway#1800), LiveKit's "could not establish signal connection"
//! (the JS SDK puts it in front of every failed connect, a refused token
//! among them) and Tesla's `MESSAGEFAULT_ERROR_INCORRECT_EPOCH` (its SDK
//! retries it after a resync, so a caller sees it only when the resync
//! failed; it lasted until a reload in home-assistant/core#133575).

use super::Category::{Auth, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("node has exceeded its configured limit", ServerDown, Weak),
    (
        "cannot subscribe without a receiver in place",
        Transient,
        Weak,
    ),
    (
        "websocket error during connection establishment",
        ServerDown,
        Weak,
    ),
    ("ongoing reload", Transient, Weak),
    ("messagefault_error_time_expired", Transient, Weak),
    ("vehicle is offline or asleep", Permanent, Strong),
    ("has not been paired with the vehicle", Auth, Strong),
    (
        "smareadexception: error detected while reading",
        Transient,
        Weak,
    ),
    ("no permissions to access the room", Auth, Strong),
];
