//! LoRaWAN and mesh radios, e-book tools, vulnerability scanners, SSH and IRC clients and servers, and photo and video pipelines: their words for a rate a network or server holds for seconds and a connection dropped under load, and for libraries, databases, addresses and help topics that will not do.
//!
//! From `final77`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: Meshtastic's traceroute allowed once every thirty
//!   seconds, The Things Stack's Identity Server out of reach and its
//!   gateway over its allowed rate (both on its own retry list), mbedTLS'
//!   reset connection (Basics Station's reconnects), Basics Station's
//!   failed connection to its multiplexer, sshd dropping a connection
//!   past `MaxStartups` (random early drop under load), libssh2's "Would
//!   block" (`LIBSSH2_ERROR_EAGAIN`, a non-blocking call to repeat), IRC
//!   servers' "Targets changing too fast", UnrealIRCd's "just wait a
//!   moment" and InspIRCd's nick-flood lock ("No nick changes are allowed
//!   for" a number of seconds), though its words say "not allowed".
//! - Lasting: calibre's library held by another calibre program,
//!   darktable's library held by another instance, Node's `connect
//!   EINVAL` (weakly: an address no socket can take, or a stack that
//!   needs a restart), an IRC server with no help for a topic.
//! - Refused: an IRC network's `*** Banned:` (a K-line, lifted by its
//!   operators, not by time); a temporary K-line is lasting, weakly.
//!
//! Not named, since their threads disagree or the words say nothing of
//! the cause: refused connections to an MQTT broker, gvmd's and ospd's
//! sockets or Metasploit's RPC server (a daemon starting, or not running),
//! Remotion's compositor killed mid-render, ExifTool's temporary file left
//! by a crash or held by a concurrent write, WPScan's `Retry later` (its
//! plan's quota, by its maintainer).

use super::Category::{Auth, Input, NotFound, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // meshtastic/firmware (TraceRouteModule); only its traceroute, since
    // the bare words also come "once every 24 hours" (the review)
    ("traceroute can only be sent once every", Transient, Weak),
    // TheThingsNetwork/lorawan-stack: Unavailable and ResourceExhausted,
    // which its rpcretry validators retry
    ("no connection to identity server", Transient, Weak),
    ("exceeded allowed rate", Transient, Weak),
    // Mbed-TLS (MBEDTLS_ERR_NET_CONN_RESET) and lorabasics/basicstation
    ("connection was reset by peer", Transient, Weak),
    ("muxs connect failed", Transient, Weak),
    // openssh-portable (sshd.c, drop_connection)
    ("past maxstartups", Transient, Weak),
    // libssh2 (LIBSSH2_ERROR_EAGAIN's messages), in its own words: the
    // bare words are also Haiku's lasting `EWOULDBLOCK` and prose ("would
    // block the release"), and even these lasted in libgit2#3382 (the
    // review)
    ("would block requesting", Transient, Weak),
    ("would block sending", Transient, Weak),
    ("would block waiting", Transient, Weak),
    // ircd-ratbox, Solanum, UnrealIRCd: limits held for seconds
    ("targets changing too fast", Transient, Weak),
    // UnrealIRCd's server link; the bare words are everyday advice beside
    // a plan to upgrade or a deployment that does not exist (the review)
    ("server exists (just wait a moment", Transient, Weak),
    // InspIRCd's nick-flood lock, to the channel and to the user; weak,
    // since InspIRCd 4 lets the lock last an hour (the review)
    ("no nick changes are allowed for", Transient, Weak),
    ("has been locked for nickchanges for", Transient, Weak),
    // kovidgoyal/calibre (calibredb), darktable-org/darktable (its
    // library's lock)
    ("another calibre program", Permanent, Strong),
    (
        "probably another process is already using it",
        Permanent,
        Strong,
    ),
    // nodejs/node: connect(2)'s EINVAL, an address no socket can take;
    // weak, since it came and went in nodejs#13431 and lasted until a
    // service restart in WSL#3591 (the review)
    ("connect einval", Input, Weak),
    // IRC servers' HELP
    ("there is no help for", NotFound, Strong),
    // an IRC network's K-line notice; a temporary K-line's own words
    // (ircd-hybrid, ratbox) name minutes, lasting but unsure (the review)
    ("*** banned:", Auth, Strong),
    ("*** banned: temporary k-line", Permanent, Weak),
];
