//! DNS servers, schema migrations, array stores, game servers, helpdesks and streaming servers: their own words for a wait the client outlasts, and for a limit or a state that stays.
//!
//! From `final58`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: Knot's "try opening control transaction later" (its
//!   control socket while a blocking event or a restore runs);
//!   dns-lexicon's recorded "Received 0 record(s), expected 1 from ..."
//!   (Mythic Beasts' servers before a change propagates; the same request
//!   passed on the next try); numcodecs' "error during blosc
//!   decompression" (a truncated chunk fetched again); postgres.js' "write
//!   CONNECTION_CLOSED" (a dropped connection).
//! - Lasting, strong: Loopia's "already using the slowest request rate"
//!   (an hourly quota; DNSControl asks for its support), Pterodactyl's
//!   "node of this server is currently under maintenance" (an
//!   administrator's switch), golang-migrate's "Dirty database version"
//!   (fix and force the version by hand), a member who has "been banned",
//!   Zendesk's "Number of allowed requests per hour exceeded" (an hourly
//!   limit) and Twitch's "maximum subscriptions with type and condition
//!   exceeded" (a cap on EventSub subscriptions). Weak: Ruby's "undefined
//!   method" (a bug in the calling code, though "... for nil:NilClass" is
//!   also what a time-out leaves behind, so a passing word wins). Refused,
//!   strong: "Login incorrect" (FTP's 530, `login`).
//!
//! A second reader took out gcsfs' "MD5 checksum failed" (raised on
//! uploads, which it does not retry; its retried download says "Checksum
//! failure"), xarray's "getitem failed, waiting" (a debug line printed
//! while it already retries), golang-migrate's "can't acquire lock" (a
//! stale or doubled lock; the lock it waits for says "timeout: can't
//! acquire database lock"), osTicket's `{"id":0,"retry":true}` (the same
//! body comes with a 403 and a 404), OBS' "Disconnected from server." (shown
//! when reconnecting is off or has given up), MediaMTX's "stream not found,
//! retrying" (a progress line before a client gives up) and both systems'
//! "no stream available" (a wrong path says the same); made "undefined
//! method" weak; and narrowed the status after "Err:" to one followed by a
//! space (apt numbers its items "Err:401").

use super::Category::{Auth, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("try opening control transaction later", Transient, Weak),
    ("received 0 record(s), expected", Transient, Weak),
    ("error during blosc decompression", Transient, Weak),
    ("write connection_closed", Transient, Weak),
    ("already using the slowest request rate", Permanent, Strong),
    (
        "node of this server is currently under maintenance",
        Permanent,
        Strong,
    ),
    ("undefined method", Permanent, Weak),
    ("dirty database version", Permanent, Strong),
    ("have been banned", Permanent, Strong),
    ("login incorrect", Auth, Strong),
    (
        "number of allowed requests per hour exceeded",
        Permanent,
        Strong,
    ),
    (
        "maximum subscriptions with type and condition exceeded",
        Permanent,
        Strong,
    ),
];
