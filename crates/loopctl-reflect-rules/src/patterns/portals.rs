//! Game back ends, scholarly APIs, carriers, travel and fitness services: their own words for a server to try again, a conflict or a queue that clears, and a suspended account, an hourly quota, a blocked login or a query over a limit.
//!
//! Every entry is weak but the lasting 429s, which name their limit more
//! precisely than the strong "too many requests" inside them. A second
//! reader took out arxiv.py's "Page of results was unexpectedly empty",
//! raised only after its own retries and lasting in its thread. Sources, by family:
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
//! - Travelport's "The Provider reservation is being modified externally"
//!   (code 3979), which uapi-json re-issues the ticketing call on. Sabre's
//!   `USG_SECURITY_ICE_ERROR` is in no table: one of Sabre's pages calls
//!   it an internal error to resend after 500 ms, its integration guide a
//!   session the account has no rights to create, not to be retried, and
//!   the calibration refused it as a strong lasting word.
//! - Garmin Connect's 429 on its sign-in and OAuth pre-authorisation URLs
//!   lasts hours to days in its libraries' threads (the other Garmin URLs'
//!   429s are left to the generic words); Fitbit's 429 body
//!   (`"message":"Too Many Requests"}],"success":false`, and the same with
//!   the spaces Python prints) and its "try again
//!   at the start of the hour" are its hourly quota of 150 requests per
//!   user; Easee's "is now blocked, to undo please contact support" needs
//!   its support.

use super::Category::{Input, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

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
    ("is being modified externally", Transient, Weak),
    (
        "too many requests for url: https://sso.garmin.com",
        Permanent,
        Strong,
    ),
    (
        "too many requests for url: https://connectapi.garmin.com/oauth-service",
        Permanent,
        Strong,
    ),
    (
        "\"message\":\"too many requests\"}],\"success\":false",
        Quota,
        Strong,
    ),
    (
        "\"message\": \"too many requests\"}], \"success\": false",
        Quota,
        Strong,
    ),
    ("try again at the start of the hour", Quota, Strong),
    (
        "is now blocked, to undo please contact support",
        Permanent,
        Strong,
    ),
];
