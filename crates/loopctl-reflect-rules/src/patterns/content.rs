//! Analytics, feeds, sports data, bot runtimes, shipping labels and wikis: their own words for a download, a stream, a lock or a read-only wiki that comes back, and for an hourly block, a payment method, a bug or a site that blocks its caller.
//!
//! Sources, by family:
//!
//! - Passing, weak: gPodder's "Missing content from server" (a short
//!   download it retries, `download.py`), ErrBot's "Error reading from
//!   Telegram updates stream" (its serve loop reconnects with backoff),
//!   MediaWiki's "The wiki is currently in read-only mode." (`apierror-
//!   readonly`, which pywikibot retries after a wait; other systems' read-
//!   only modes are settings and last) and "Could not acquire lock for"
//!   (a file another upload holds; the re-run passed).
//! - Lasting: Google Analytics' "blocked from the reporting API for at
//!   least an hour", weak; FastF1's hourly "calls/h" limit (strong, beside
//!   its strong `RateLimitExceededError`) and OpenSSL's "dh key too small"
//!   (a server's key a client refuses until someone changes either),
//!   strong; Matomo's "A solution to this error is generally to
//!   increase" (a PHP memory limit), Voiceflow's "check for infinite
//!   loops", EasyPost's "payment method is not valid", .NET's "Object
//!   reference not set to an instance of an object" (a server's bug
//!   behind its 500: ShipStation's and DocuSign's threads) and RSSHub's
//!   "target website might be blocking our access", weak.

use super::Category::{Permanent, Quota, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("missing content from server", Transient, Weak),
    (
        "error reading from telegram updates stream",
        Transient,
        Weak,
    ),
    ("the wiki is currently in read-only mode", Transient, Weak),
    ("could not acquire lock for", Transient, Weak),
    ("from the reporting api for at least an hour", Quota, Weak),
    ("calls/h", Quota, Strong),
    ("dh key too small", Permanent, Strong),
    (
        "a solution to this error is generally to increase",
        Permanent,
        Weak,
    ),
    ("check for infinite loops", Permanent, Weak),
    ("payment method is not valid", Quota, Weak),
    (
        "object reference not set to an instance of an object",
        Permanent,
        Weak,
    ),
    (
        "target website might be blocking our access",
        Permanent,
        Weak,
    ),
];
