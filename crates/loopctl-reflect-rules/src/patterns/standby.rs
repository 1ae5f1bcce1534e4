//! Package managers, conferencing SDKs, remote desktops, voice assistants and schedulers: their own names for a daemon, a controller, a socket or a VM their clients wait out, and for a login refused or given up on.
//!
//! Every passing entry is weak, each from the system's own retry code
//! (final56's rows, read from the repositories):
//!
//! - snapd's "daemon is restarting" (its console-conf keeps trying until
//!   snapd is back), "prompting subsystem has already been closed" (a 503
//!   "so an API request should be retried") and "poll later" (its serial
//!   request, polled again in 60 seconds); PackageKit's "spawned backend
//!   requires lock" (the transaction is requeued when the lock is freed).
//! - 100ms' "Websocket closed abnormally" and "Endpoint is not reachable"
//!   (codes its transport retries), Webex's "Failed to add media" (joined
//!   again once), FreeRDP's "Starting your VM" (its gateway loop re-sends
//!   the request), RustDesk's "Reset by the peer" and "Please try 1
//!   minute later" (a per-minute counter of failed logins), Tailscale's
//!   "no node key" (`Retryable()`).
//! - Mycroft's "Please give me a few minutes", OpenVoiceOS' "because
//!   connection has closed" and Wyoming's "service disconnected" (each
//!   client reconnects after a pause); Slurm's "standby mode" (its client
//!   library moves to the next controller and re-sends); "currently being
//!   processed" (an Alexa request another one conflicts with; each of the
//!   four labelled texts that say it passed).
//! - Lasting: Slurm's "not going to try again" (the system gave up),
//!   strong; refused, strong: snapd's "need to be logged in", Guacamole's
//!   "login for this user is not allowed"; weak: Webex's "invalid phone
//!   number" and Flux's "no backing store".

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
    ("endpoint is not reachable", Transient, Weak),
    ("failed to add media", Transient, Weak),
    ("starting your vm", ServerDown, Weak),
    ("reset by the peer", Transient, Weak),
    ("try 1 minute later", Transient, Weak),
    ("no node key", Transient, Weak),
    ("give me a few minutes", ServerDown, Weak),
    ("because connection has closed", Transient, Weak),
    ("service disconnected", Transient, Weak),
    ("standby mode", ServerDown, Weak),
    ("currently being processed", Transient, Weak),
    ("not going to try again", Permanent, Strong),
    ("need to be logged in", Auth, Strong),
    ("login for this user is not allowed", Auth, Strong),
    ("invalid phone number", Input, Weak),
    ("no backing store", Permanent, Weak),
];
