//! Certificate authorities, build farms, FTP servers and clients, code review, chat-ops bots and embedded key-value stores: their words for a server full for now, a write held back while the store catches up, and a transaction the caller itself left open.
//!
//! From `final91`'s misses, each in its system's own words:
//!
//! - Passing, weak: ProFTPD's limits on connected clients and on a host's
//!   transfers at once (`MaxClients` and its per-host, per-user and
//!   per-class forms, `MaxTransfersPerHost`: another session ends and the
//!   next login or transfer gets its turn); lftp's "you have to reput" (a
//!   store that failed mid-way, which lftp asks to be sent again); RocksDB's
//!   "Write stall" (`Status::Incomplete` when a write may not wait while
//!   compaction catches up; weak, since a stall that never clears is a
//!   store misconfigured).
//! - Lasting, strong: redb's whole "A transaction is still in progress.
//!   Operation cannot be performed" (`TransactionInProgress`: the caller's
//!   own open transaction, which must be committed or aborted before a
//!   compaction or an integrity check; strong, as long as the strong
//!   "still in progress" inside it).
//! - Lasting, weak: a service restarted "too quickly" (systemd's start
//!   limit, which lifts when its interval ends but meets the same crash
//!   loop; Supervisor's "Exited too quickly" and "too many start retries
//!   too quickly", a program that gave up), which the faint "too quickly"
//!   of a rate limit would otherwise read as passing (the review).
//!
//! The review also found, on the files measured before, passing failures
//! that the leaning "has been" and "before" of this round would read as
//! lasting, each named here in its own words: DB2's `SQL30081N` "A
//! communication error has been detected", rsync's files that "vanished
//! before they could be transferred" (exit code 24, a partial transfer of
//! files deleted meanwhile), a token "issued in the future" (a clock a
//! second ahead), and Azure Pipelines' agent that "did not renew the lock"
//! (a lost connection). Not named: tar's directory "renamed before its
//! status could be extracted", which the seventy-ninth round's review found
//! failing every time until tar was run with `-P`.

use super::Category::{Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // proftpd/proftpd (MaxClients, MaxClientsPerHost, MaxClientsPerUser,
    // MaxClientsPerClass, MaxTransfersPerHost)
    ("maximum number of allowed clients", Transient, Weak),
    ("allowed users are already connected", Transient, Weak),
    ("from your host are already connected", Transient, Weak),
    ("for this user are already connected", Transient, Weak),
    ("for this class are already connected", Transient, Weak),
    ("from your host are currently being used", Transient, Weak),
    // lavv17/lftp
    ("you have to reput", Transient, Weak),
    // facebook/rocksdb (Status::Incomplete)
    ("write stall", Transient, Weak),
    // cberner/redb (TransactionInProgress)
    (
        "transaction is still in progress. operation cannot be performed",
        Permanent,
        Strong,
    ),
    // systemd (StartLimitBurst), Supervisor (startretries)
    ("start request repeated too quickly", Permanent, Weak),
    ("exited too quickly", Permanent, Weak),
    ("start retries too quickly", Permanent, Weak),
    // The review, on earlier files: DB2, rsync, JWT libraries, Azure
    // Pipelines
    ("communication error has been detected", Transient, Weak),
    ("vanished before they could be transferred", Transient, Weak),
    ("issued in the future", Transient, Weak),
    ("did not renew the lock", Transient, Weak),
];
