//! Encrypted vaults, voice chat servers, marine data servers, encrypted DNS proxies and bundlers: their words for a server that stopped answering, one being restarted, a client flooding, a file changing while read and too many queries at once.
//!
//! From the misses of `final100`, in words the labelled files share where
//! they do, each kept weak:
//!
//! - "is not responding": over the labelled files a thing that "is not
//!   responding" passed in ten texts of fourteen; the four that lasted
//!   each carry a longer phrase of their own (avrdude's "programmer is not
//!   responding") or a lasting word beside it (MySQL's missing socket
//!   file; Docker "out of disk space", read as lasting from this round,
//!   seven labelled texts of seven), which still decide. Mumble's
//!   "Server is not responding to TCP pings" is the miss. Both are
//!   called a blip, not a server down, for the severity the labels give.
//! - "being restarted": a runtime and Vite's dev server that are being
//!   restarted, two of two passing.
//! - "is flooding": TeamSpeak's "client is flooding", the anti-flood
//!   protection's cool-down, with "because of flooding" (the hundred-and-
//!   fourth round) and the strong flood-control words.
//! - "changing during": dnscrypt-proxy's "file appears to be changing
//!   during read", with "changed during" hashing, sync and execution,
//!   held already as passing.
//! - "queries in flight": a limit on what is outstanding at once
//!   (RouteDNS), as "concurrent requests in flight" and Cassandra's "in
//!   flight hints" are, each read already; a bare "in flight" is not
//!   read, since NSQ's "ID not in flight" and a sandbox killed "while the
//!   request was in flight" last.
//! - "no data received": two texts of two passing (a socket read that
//!   came back empty, canboatjs' idle teardown).
//!
//! Cryptomator's "You can change the vault to be read-only and try again"
//! is read by `remedy.rs`, which now looks past "you can" and the like to
//! the verb that asks for a change.
//!
//! Not named: Signal K's login limit of ten minutes (every other login
//! limit of the labelled files is refused), canboat's "Too many
//! connections requested" (lasting there, passing elsewhere), "insufficient
//! entropy" (two texts lasting, one passing) and RouteDNS' "no active
//! resolvers left", a system's own words read once.

use super::Category::{Permanent, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // mumble-voip/mumble and the labelled files
    ("is not responding", Transient, Weak),
    // vitejs/vite
    ("being restarted", Transient, Weak),
    // TeamSpeak 3 server
    ("is flooding", Transient, Weak),
    // DNSCrypt/dnscrypt-proxy
    ("changing during", Transient, Weak),
    // folbricht/routedns
    ("queries in flight", Transient, Weak),
    // canboat/canboatjs
    ("no data received", Transient, Weak),
    // Docker's "is not responding. Maybe Docker is out of disk space?"
    // and six more labelled texts, all lasting
    ("out of disk space", Permanent, Weak),
];
