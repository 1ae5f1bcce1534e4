//! Encrypted vaults, voice chat servers, marine data servers, encrypted DNS proxies and bundlers: their words for a server that stopped answering, one being restarted, a client flooding, a file changing while read, too many queries at once and a full disk.
//!
//! From the misses of `final100`, in words the labelled files share where
//! they do, each kept weak:
//!
//! - "server is not responding" (Mumble's "Server is not responding to
//!   TCP pings", and the labelled servers that were not). Not the bare
//!   "is not responding": the round's review found it in probe-rs' locked
//!   chip ("The target is not responding / device is locked"), Android's
//!   hung app, a board on the wrong serial port and Windows' unreachable
//!   DNS server, each lasting; and the fifty-eighth round's second reader
//!   took CUPS' "The printer is not responding." out, which CUPS also
//!   prints for a printer unplugged or off.
//! - "being restarted": a runtime and Vite's dev server that are being
//!   restarted, two of two passing; and, from the review, a service
//!   "being restarted too many times" (a crash loop) and one "not being
//!   restarted" last.
//! - "is flooding": TeamSpeak's "client is flooding", the anti-flood
//!   protection's cool-down, with "because of flooding" (the hundred-and-
//!   fourth round) and the strong flood-control words.
//! - "changing during read": dnscrypt-proxy's file, beside "changed
//!   during" hashing, sync and execution, held already as passing; not
//!   "changing during" alone, which AndroidX DiffUtil says of an app's bug.
//! - "too many queries in flight": a limit on what is outstanding at once
//!   (RouteDNS), as "concurrent requests in flight" and Cassandra's "in
//!   flight hints" are, each read already; a bare "in flight" is not read,
//!   since NSQ's "ID not in flight" and a sandbox killed "while the request
//!   was in flight" last.
//! - "no data received": two texts of two passing (a socket read that
//!   came back empty, canboatjs' idle teardown), as curl's "Empty reply
//!   from server" is.
//! - Lasting: a thing that "is out of disk space" (Docker's "is not
//!   responding. Maybe Docker is out of disk space?"; seven labelled texts
//!   hold the words, all lasting). Not the bare words, which the GitHub
//!   Actions runner's warning "running out of disk space" holds beside
//!   whatever failed.
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
    ("server is not responding", Transient, Weak),
    // vitejs/vite
    ("being restarted", Transient, Weak),
    // The review: a crash loop and a restart that will not come
    ("being restarted too many times", Permanent, Weak),
    ("not being restarted", Permanent, Weak),
    // TeamSpeak 3 server
    ("is flooding", Transient, Weak),
    // DNSCrypt/dnscrypt-proxy
    ("changing during read", Transient, Weak),
    // folbricht/routedns
    ("too many queries in flight", Transient, Weak),
    // canboat/canboatjs
    ("no data received", Transient, Weak),
    // Docker's "is not responding. Maybe Docker is out of disk space?"
    // and six more labelled texts, all lasting
    ("is out of disk space", Permanent, Weak),
];
