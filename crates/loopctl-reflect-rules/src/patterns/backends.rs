//! DNS servers, schema migrations, array stores, game servers, helpdesks and streaming servers: their own words for a wait the client outlasts, and for a limit or a state that stays.
//!
//! From `final58`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: Knot's "try opening control transaction later" (its
//!   control socket while a blocking event or a restore runs);
//!   dns-lexicon's recorded "Received 0 record(s), expected 1 from ..."
//!   (Mythic Beasts' servers before a change propagates; the same request
//!   passed on the next try); gcsfs' "MD5 checksum failed" (on its list of
//!   retried exceptions: the object is downloaded again); numcodecs'
//!   "error during blosc decompression" (a truncated chunk fetched again);
//!   xarray's "getitem failed, waiting" (its own read that tries again);
//!   golang-migrate's "can't acquire lock" (a lock another migration
//!   holds); postgres.js' "write CONNECTION_CLOSED" (a dropped connection);
//!   osTicket's ticket-lock answer `{"id":0,"retry":true}` (a lock it could
//!   not take yet, which its client asks for again); OBS' "Disconnected
//!   from server." (the one stop code libobs reconnects); MediaMTX's "no
//!   stream is
//!   available on path" and "stream not found, retrying" and Ant Media's
//!   "No stream available with that name" (a stream whose publisher has
//!   not started yet).
//! - Lasting, strong: Loopia's "already using the slowest request rate"
//!   (DNSControl asks for its support), Pterodactyl's "node of this server
//!   is currently under maintenance" (an administrator's switch), Ruby's
//!   "undefined method" (a bug in the code that called it), Zendesk's
//!   "Number of allowed requests per hour exceeded" (an hourly limit) and
//!   Twitch's "maximum subscriptions with type and condition exceeded" (a
//!   cap on EventSub subscriptions).

use super::Category::{Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("try opening control transaction later", Transient, Weak),
    ("received 0 record(s), expected", Transient, Weak),
    ("md5 checksum failed", Transient, Weak),
    ("error during blosc decompression", Transient, Weak),
    ("getitem failed, waiting", Transient, Weak),
    ("can't acquire lock", Transient, Weak),
    ("write connection_closed", Transient, Weak),
    ("{\"id\":0,\"retry\":true}", Transient, Weak),
    ("disconnected from server.", Transient, Weak),
    ("no stream is available on path", Transient, Weak),
    ("stream not found, retrying", Transient, Weak),
    ("no stream available with that name", Transient, Weak),
    ("already using the slowest request rate", Permanent, Strong),
    (
        "node of this server is currently under maintenance",
        Permanent,
        Strong,
    ),
    ("undefined method", Permanent, Strong),
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
