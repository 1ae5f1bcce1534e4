//! Game back ends, scholarly APIs and carriers: their own words for a server to try again, a conflict or a queue that clears, and a suspended account or a query over a limit.
//!
//! Every entry is weak. A second reader took out arxiv.py's "Page of
//! results was unexpectedly empty", raised only after its own retries and
//! lasting in its thread. Sources, by family:
//!
//! - Agones answers "there is no available GameServer to allocate" with a
//!   429 while a fleet scales; Steam's `EResult` `TryAnotherCM` asks for
//!   another connection manager; PlayFab's SDKs print "Unable to contact
//!   PlayFab server" for a connection that failed and document
//!   `ConcurrentEditError` as a write raced by another; Roblox's memory
//!   stores say "Recent MemoryStores requests hit one or more limits." for
//!   their per-minute throttle; Pterodactyl's Wings refuses a power action
//!   "while another power action is running".
//! - Pterodactyl's "This server is currently suspended" (and a hosting
//!   API's "Your account is currently suspended") wait on an operator.
//! - Zotero's data server: "Too many queued uploads", sent with
//!   `Retry-After`; OpenAlex: "Group-by is limited to page 1", a query over
//!   its limit.
//! - FedEx's "We apologize for any inconvenience. Please check back at a
//!   later time." after an unexpected error (only that sentence: sites end
//!   maintenance notices and unsupported-browser pages with the last
//!   part); Allegro's "Communication error with carrier's API occurred",
//!   the carrier's side.

use super::Category::{Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("no available gameserver to allocate", Transient, Weak),
    ("tryanothercm", ServerDown, Weak),
    ("unable to contact playfab server", ServerDown, Weak),
    ("concurrentediterror", Transient, Weak),
    ("requests hit one or more limits", Transient, Weak),
    ("while another power action is running", Transient, Weak),
    ("is currently suspended", Permanent, Weak),
    ("too many queued uploads", Transient, Weak),
    ("group-by is limited to page", Input, Weak),
    (
        "apologize for any inconvenience. please check back at a later time",
        Transient,
        Weak,
    ),
    ("communication error with carrier's api", ServerDown, Weak),
];
