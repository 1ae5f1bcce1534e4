//! Analytics, feeds, sports data, bot runtimes, shipping labels and wikis: their own words for a download, a lock or a read-only wiki that comes back, and for an hourly block, a payment method, a bug or a site that blocks its caller.
//!
//! Sources, by family:
//!
//! - Passing, weak: gPodder's "Missing content from server" (a short
//!   download it has retried three times, which a re-run resumes,
//!   `download.py`), MediaWiki's "The wiki is currently in read-only
//!   mode." (`apierror-readonly`, which pywikibot and WikibaseIntegrator
//!   retry after a wait; other systems' read-only modes are settings and
//!   last) and "Could not acquire lock for" (a file another upload holds;
//!   the re-run passed; Outline's and Quay's locks are the same kind).
//! - Lasting, strong: Google Analytics' "blocked from the reporting API
//!   for at least an hour", whatever rate-limit words wrap it; FastF1's
//!   hourly limits ("any API: 500 calls/h", "jolpi.ca: 200 calls/h",
//!   beside its strong `RateLimitExceededError`; only after a space, as no
//!   path or URL has one before it); OpenSSL's "dh key too small" (a
//!   server's key a client refuses until someone changes either).
//! - Lasting, weak: Matomo's "(A or This) solution to this error is
//!   generally to increase" (a PHP memory limit), EasyPost's "payment
//!   method is not valid" (an account not set up, or a bad argument),
//!   .NET's "Object reference not set to an instance of an object" (a
//!   server's bug behind its 500: ShipStation's and DocuSign's threads)
//!   and RSSHub's "target website might be blocking our access".
//!
//! A second reader took out ErrBot's "Error reading from Telegram updates
//! stream" (its wrapper around any exception, Telegram's lasting
//! `Conflict` among them) and Voiceflow's "check for infinite loops" (a
//! fifteen-second turn time-out, mostly slow steps), made the Analytics
//! block strong, narrowed FastF1's limit and Matomo's sentence, and moved
//! the payment method from quotas to conditions that stay.

use super::Category::{Permanent, Quota, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("missing content from server", Transient, Weak),
    ("the wiki is currently in read-only mode", Transient, Weak),
    ("could not acquire lock for", Transient, Weak),
    ("from the reporting api for at least an hour", Quota, Strong),
    (" calls/h", Quota, Strong),
    ("dh key too small", Permanent, Strong),
    (
        "solution to this error is generally to increase",
        Permanent,
        Weak,
    ),
    ("payment method is not valid", Permanent, Weak),
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
