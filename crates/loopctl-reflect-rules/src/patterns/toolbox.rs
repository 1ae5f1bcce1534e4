//! Password auditors, Android and disk-imaging tools, proxies, statistics servers, XMPP servers, ERPs and point-of-sale systems: their words for a server still starting, workers all busy, a cipher the other side does not offer and a disk that is write-protected.
//!
//! From the misses of `final94` and `final95`, in words the labelled files
//! share where they do and in each system's own words where they do not:
//!
//! - Passing, weak: a server that has "not finished initializing"
//!   (Openfire's "Server has not finished initialization", two labelled
//!   texts from two systems, both passing, and "has not yet finished
//!   initializing"); a session that "has no available workers" and "no
//!   idle workers" (SAS Viya's session, Anti-Captcha's pool); MongooseIM's
//!   action cancelled "because of flooding" (an XMPP policy of the `wait`
//!   type, in either spelling of "cancelled").
//! - Lasting, weak: an SSH key exchange with nothing in common ("kex
//!   error", libssh's "no match for method"; four, none passing); a disk
//!   "write-protected"; THC Hydra's "all children were disabled", Magisk's
//!   "No daemon is currently running" and Rufus' "banned from using this
//!   service".
//!
//! Not named: connections refused, reset or timed out behind a proxy that
//! their threads found blocked for good, and a download server shut down
//! for months, which other texts with the same words pass; Hashtopolis'
//! agent lines, printed while it retries; "already running", which passes
//! in 18 labelled texts and lasts in 11; a database connection that fails
//! for want of a driver or of its configuration (uniCenta's, Floreant's),
//! which the strong words of a failed connection read first; "no
//! available workers" alone, which the round's review found in requests
//! no worker will ever take (AI Horde's "No available workers can fulfill
//! this request", a warehouse's workers never set up); Axelor's
//! "Record was updated or deleted by another transaction", Hibernate's
//! optimistic lock, which Spring classes as transient and an earlier
//! round reads as passing, weakly, though the three labelled texts
//! lasted.

use super::Category::{Permanent, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // igniterealtime/Openfire and others
    ("not finished initiali", Transient, Weak),
    ("not yet finished initiali", Transient, Weak),
    // SAS Viya (SWAT), Anti-Captcha
    ("has no available workers", Transient, Weak),
    ("no idle workers", Transient, Weak),
    // esl/MongooseIM
    ("because of flooding", Transient, Weak),
    // libssh, THC Hydra
    ("kex error", Permanent, Weak),
    ("no match for method", Permanent, Weak),
    ("all children were disabled", Permanent, Weak),
    // balenaEtcher, Rufus
    ("write-protected", Permanent, Weak),
    ("write protected", Permanent, Weak),
    // topjohnwu/Magisk
    ("no daemon is currently running", Permanent, Weak),
    // pbatard/rufus
    ("banned from using this service", Permanent, Weak),
];
