//! Lightning and blockchain nodes, laboratory instruments, web archives and app-store delivery tools: their own names for a start or a sync their clients wait out, and for what stays.
//!
//! From `final57`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: lnd's "still in the process of starting" (its server
//!   and sub-servers before they are up), "Synchronizing blockchain" (a
//!   channel opened before the chain is synced), "peer exiting" (a peer
//!   shutting down, reconnected later) and lndclient's "RPC services not
//!   available" (it polls until they are); bitcoind's warm-up messages,
//!   which its RPC answers with code -28 until start-up is done and
//!   `bitcoin-cli -rpcwait` waits out ("Verifying blocks…", "Starting
//!   network threads"; "Loading block index" was named before);
//!   Solana's "Minimum context slot has not been reached" (-32016, a slot
//!   the node reaches within a second); Substrate's "Immediately Dropped"
//!   and its longer wording, a transaction that "couldn't enter the pool
//!   because of the limit" (a full pool, retriable in its own table);
//!   CometBFT's subscription cancelled for a slow client; ElectrumX's
//!   "chaintip moved too many times"; Core Lightning's splice still
//!   running; EPICS Channel Access' "Virtual circuit unresponsive" and
//!   "Virtual circuit disconnect" (the client reconnects the circuit);
//!   Tango's delayed connection request (less than a second since the
//!   last); the Hamilton STAR's "No parallel processes permitted" (a head
//!   still busy); iTMSTransporter's "An exception has occurred:
//!   Scheduling automatic restart"; fastlane's "Apple 429 detected"
//!   (spaceship backs off and retries); Save Page Now's "Live page is not
//!   available: chrome-error" (on `spn.sh`'s retry list).
//! - Lasting, strong: bitcoind's "Block not available (pruned data)" (the
//!   block was deleted), Substrate's "Transaction is temporarily banned"
//!   and "Transaction temporarily Banned" (for half an hour by default),
//!   Eclair's "cannot send new htlcs, closing in progress" (a channel being
//!   closed takes no new payments), fastlane's "giving up after backing
//!   off" (after an hour of 429s), an invalid provisioning profile, an
//!   Internet Archive upload that "appears to be spam", eBay's "try again
//!   in next 24 hours", and the Archive's "total_tasks_queued exceeds
//!   global_limit" (its task queues over their limit, for tens of minutes
//!   in the sources, longer in the labelled thread). Beside a passing
//!   phrase ("Please reduce your request rate", "Service unavailable", "at
//!   this time") such a verdict is lasting but unsure. Weak: Eclair's
//!   "closing already in progress" (the same words name a period close or
//!   a stage lock elsewhere, which pass) and the Servarr apps' "browser
//!   content instead of api data" (a block page in front of their metadata
//!   server, which lasted days). Refused, strong: lnd's macaroon check,
//!   "signature mismatch after caveat verification".
//!
//! A second reader narrowed "verifying blocks" to bitcoind's own form
//! with its ellipsis (other chains' "Error verifying blocks: ..." is a
//! failed validation), the restart to iTMSTransporter's sentence (a
//! process supervisor's crash loop says the same), Save Page Now's live
//! page to its browser error (`spn.sh` treats the page's 4xx as lasting)
//! and the Archive's limit to its queue's name; and added the wordings
//! above it found unnamed.

use super::Category::{Auth, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("still in the process of starting", ServerDown, Weak),
    ("synchronizing blockchain", ServerDown, Weak),
    ("rpc services not available", ServerDown, Weak),
    ("verifying blocks...", ServerDown, Weak),
    ("starting network threads", ServerDown, Weak),
    ("minimum context slot has not been reached", Transient, Weak),
    ("immediately dropped", Transient, Weak),
    (
        "transaction couldn't enter the pool because of the limit",
        Transient,
        Weak,
    ),
    ("reason: slow client", Transient, Weak),
    ("chaintip moved too many times", Transient, Weak),
    ("waiting on previous splice command", Transient, Weak),
    ("virtual circuit unresponsive", Transient, Weak),
    ("virtual circuit disconnect", Transient, Weak),
    ("peer exiting", Transient, Weak),
    ("the connection request was delayed", Transient, Weak),
    ("no parallel processes permitted", Transient, Weak),
    (
        "an exception has occurred: scheduling automatic restart",
        Transient,
        Weak,
    ),
    ("apple 429 detected", Transient, Weak),
    ("live page is not available: chrome-error", Transient, Weak),
    ("block not available (pruned data)", Permanent, Strong),
    ("transaction is temporarily banned", Permanent, Strong),
    ("transaction temporarily banned", Permanent, Strong),
    (
        "cannot send new htlcs, closing in progress",
        Permanent,
        Strong,
    ),
    ("closing already in progress", Permanent, Weak),
    ("giving up after backing off", Permanent, Strong),
    ("invalid provisioning profile", Permanent, Strong),
    ("appears to be spam", Permanent, Strong),
    ("try again in next 24 hours", Permanent, Strong),
    ("total_tasks_queued exceeds global_limit", Permanent, Strong),
    ("browser content instead of api data", Permanent, Weak),
    ("signature mismatch after caveat verification", Auth, Strong),
];
