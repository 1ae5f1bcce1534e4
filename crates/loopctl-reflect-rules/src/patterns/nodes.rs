//! Lightning and blockchain nodes, laboratory instruments, web archives and app-store delivery tools: their own names for a start or a sync their clients wait out, and for what stays.
//!
//! From `final57`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: lnd's "still in the process of starting" (its server
//!   and sub-servers before they are up), "Synchronizing blockchain" (a
//!   channel opened before the chain is synced) and lndclient's "RPC
//!   services not available" (it polls until they are); bitcoind's warm-up
//!   messages, which its RPC answers with code -28 until start-up is done
//!   and `bitcoin-cli -rpcwait` waits out ("Verifying blocks",
//!   "Starting network threads"; "Loading block index" was named before);
//!   Solana's "Minimum
//!   context slot has not been reached" (-32016, a slot the node reaches
//!   within a second); Substrate's "Immediately Dropped" (a full pool);
//!   CometBFT's subscription cancelled for a slow client; ElectrumX's
//!   "chaintip moved too many times"; Core Lightning's splice still
//!   running; EPICS Channel Access' "Virtual circuit unresponsive" (the
//!   client reconnects the circuit); Tango's delayed connection request
//!   (less than a second since the last); the Hamilton STAR's "No parallel
//!   processes permitted" (its driver waits for the head and sends again);
//!   iTMSTransporter's "Scheduling automatic restart"; fastlane's "Apple
//!   429 detected" (spaceship backs off and retries); Save Page Now's
//!   "Live page is not available" (on `spn.sh`'s retry list).
//! - Lasting, strong: bitcoind's "Block not available (pruned data)" (the
//!   block was deleted), Substrate's "Transaction is temporarily banned"
//!   (for half an hour by default), Eclair's "closing in progress" (a
//!   channel being closed takes no new payments), fastlane's "giving up
//!   after backing off" (after an hour of 429s), an invalid provisioning
//!   profile, an Internet Archive upload that "appears to be spam" and
//!   eBay's "try again in next 24 hours", and the Internet Archive's
//!   "exceeds global_limit" (an account's queue of tasks, full for days).
//!   Beside a passing phrase ("Please reduce your request rate", "Service
//!   unavailable", "at this time") such a verdict is lasting but unsure.
//!   Weak: the Servarr apps' "browser content instead of api data" (a
//!   block page in front of their metadata server, which lasted days).

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("still in the process of starting", ServerDown, Weak),
    ("synchronizing blockchain", ServerDown, Weak),
    ("rpc services not available", ServerDown, Weak),
    ("verifying blocks", ServerDown, Weak),
    ("starting network threads", ServerDown, Weak),
    ("minimum context slot has not been reached", Transient, Weak),
    ("immediately dropped", Transient, Weak),
    ("reason: slow client", Transient, Weak),
    ("chaintip moved too many times", Transient, Weak),
    ("waiting on previous splice command", Transient, Weak),
    ("virtual circuit unresponsive", Transient, Weak),
    ("the connection request was delayed", Transient, Weak),
    ("no parallel processes permitted", Transient, Weak),
    ("scheduling automatic restart", Transient, Weak),
    ("apple 429 detected", Transient, Weak),
    ("live page is not available", Transient, Weak),
    ("block not available (pruned data)", Permanent, Strong),
    ("transaction is temporarily banned", Permanent, Strong),
    ("closing in progress", Permanent, Strong),
    ("closing already in progress", Permanent, Strong),
    ("giving up after backing off", Permanent, Strong),
    ("invalid provisioning profile", Permanent, Strong),
    ("appears to be spam", Permanent, Strong),
    ("try again in next 24 hours", Permanent, Strong),
    ("exceeds global_limit", Permanent, Strong),
    ("browser content instead of api data", Permanent, Weak),
];
