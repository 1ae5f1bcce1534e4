//! Package managers, conferencing SDKs, remote desktops, voice assistants and schedulers: their own names for a daemon, a controller, a socket or a VM their clients wait out, and for a login refused or given up on.
//!
//! Every passing entry is weak, each from the system's own code
//! (final56's rows, read from the repositories):
//!
//! - snapd's "daemon is restarting" (its console-conf keeps trying until
//!   snapd is back), "prompting subsystem has already been closed" (a 503
//!   "so an API request should be retried") and "poll later" (its serial
//!   request, polled again in 60 seconds); PackageKit's "spawned backend
//!   requires lock" (the transaction is requeued when the lock is freed).
//! - 100ms' "Websocket closed abnormally" (a code its transport retries),
//!   FreeRDP's "Starting your VM" (its gateway loop re-sends the request),
//!   RustDesk's "Reset by the peer" (its client's retry list).
//! - Mycroft's "Please give me a few minutes" (spoken after its speech
//!   service failed), OpenVoiceOS' "because connection has closed" and
//!   Wyoming's "service disconnected" (each client reconnects after a
//!   pause); Slurm's "controller (is) in standby mode" (its client library
//!   moves to the next controller and re-sends); a request another one is
//!   "currently being processed" in the four labelled forms, all passing
//!   (Alexa's conflicting request, a host's power action, a busy queue, an
//!   idempotency key).
//! - Lasting: Slurm's "not going to try again" (the system gave up),
//!   strong; refused, strong: snapd's "You need to be logged in",
//!   Guacamole's "login for this user is not allowed" and "... is not
//!   allowed to log in at this time"; weak: Webex's "invalid phone number"
//!   and Flux's "no backing store".
//!
//! A second reader took out 100ms' "Endpoint is not reachable" (also its
//! 404), Webex's "Failed to add media" (after every transport failed,
//! mostly a firewall), RustDesk's "try 1 minute later" (after more than six
//! wrong passwords) and Tailscale's "no node key" (a node not logged in),
//! and narrowed Slurm's standby to its controller (PostgreSQL's "not in
//! standby mode" lasts), the request being processed to its four forms (a
//! payout "currently being processed and cannot be canceled" lasts) and
//! the login to "you need to be logged in" ("no need to be logged in").

use super::Category::{Auth, Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("daemon is restarting", ServerDown, Weak),
    (
        "prompting subsystem has already been closed",
        ServerDown,
        Weak,
    ),
    ("poll later", Transient, Weak),
    ("spawned backend requires lock", Transient, Weak),
    ("websocket closed abnormally", Transient, Weak),
    ("starting your vm", ServerDown, Weak),
    ("reset by the peer", Transient, Weak),
    ("give me a few minutes", ServerDown, Weak),
    ("because connection has closed", Transient, Weak),
    ("service disconnected", Transient, Weak),
    ("controller in standby mode", ServerDown, Weak),
    ("controller is in standby mode", ServerDown, Weak),
    ("another one currently being processed", Transient, Weak),
    (
        "another power action is currently being processed",
        Transient,
        Weak,
    ),
    ("requests are currently being processed", Transient, Weak),
    ("key is currently being processed", Transient, Weak),
    ("not going to try again", Permanent, Strong),
    ("you need to be logged in", Auth, Strong),
    ("is not allowed to log in at this time", Auth, Strong),
    ("login for this user is not allowed", Auth, Strong),
    ("invalid phone number", Input, Weak),
    ("no backing store", Permanent, Weak),
];
