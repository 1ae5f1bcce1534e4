//! Certificate authorities, build farms, FTP servers and clients, code review, chat-ops bots and embedded key-value stores: their words for a server full for now, a write held back while the store catches up, and a transaction the caller itself left open.
//!
//! From `final91`'s misses, each in its system's own words:
//!
//! - Passing, weak: ProFTPD's limits on connected users and on a host's
//!   transfers at once (`MaxClients`, `MaxTransfersPerHost`: another
//!   session ends and the next login or transfer gets its turn); lftp's
//!   "you have to reput" (a store that failed mid-way, which lftp asks to
//!   be sent again); RocksDB's "Write stall" (`Status::Incomplete` when a
//!   write may not wait while compaction catches up, which RocksDB's own
//!   documentation says to retry later).
//! - Lasting, strong: redb's whole "A transaction is still in progress.
//!   Operation cannot be performed" (`TransactionInProgress`: the caller's
//!   own open transaction, which must be committed or aborted before a
//!   compaction or an integrity check; strong, as long as the strong
//!   "still in progress" inside it).
//! - Lasting, weak: systemd's "Start request repeated too quickly" (a unit past its start
//!   limit, refused until `systemctl reset-failed`).
//!
//! Not named: ProFTPD's "maximum number of connections" in a client's
//! words (Thunderbird's advice to change its settings); Phorge's test
//! messages sent "too quickly", which the faint "too quickly" reads; its
//! "Wait an hour and try again", which the wait it names decides.

use super::Category::{Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // proftpd/proftpd (MaxClients, MaxTransfersPerHost)
    ("allowed users are already connected", Transient, Weak),
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
    // systemd (StartLimitBurst)
    ("start request repeated too quickly", Permanent, Weak),
];
