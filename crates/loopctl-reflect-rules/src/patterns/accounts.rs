//! Fleet, scheduling, localization, secrets, marketing and health systems: their own words for a wrong password, code or key that ends in "try again", for a daily allowance, and for a lock, a bus or a token that comes back.
//!
//! Sources, by family:
//!
//! - Refused, strong: "password is incorrect" (Vaultwarden's "Username or
//!   password is incorrect. Try again", ClickHouse's "Authentication
//!   failed: password is incorrect", an IBM i "Name or password is
//!   incorrect"; every labelled text that says it lasted), Kit's "The
//!   entered code is invalid", OpenMRS' lockouts ("You have attempted to
//!   log in too many times", "Invalid number of connection attempts") and
//!   Mautic's "Keys are not available for this transaction".
//! - Lasting: the Kia and Hyundai API's daily "Exceeds number of
//!   requests", strong, so that neither Home Assistant's "Retrying setup"
//!   nor the library's `RateLimitingError` beside it makes it pass; and
//!   Mautic's "Please ask a developer to check server permissions", weak.
//! - Passing, weak: Tesla's `could_not_wake_buses` (teslajsonpy sends the
//!   command again), the Crowdin CLI's "Attempting to retry the request
//!   due to the error: File not found in the storage" (it re-sends the
//!   request while the storage catches up; other stores' missing files
//!   last), POEditor's "Too
//!   many upload requests" (one upload per 10 to 20 seconds), External
//!   Secrets' "unable to access secret since it is locked" (another push
//!   holds the lock; the controller requeues), Vaultwarden's "Too many
//!   login requests" (a limiter refilled every minute), Blaze's "No token
//!   available yet." (its token fetch still running; 503 with a transient
//!   issue code).
//!
//! A second reader took out Infisical's "No tries left" (retry libraries
//! and boot loaders say it of their own attempts, and it turned a 503 into
//! a refusal) and Mautic's empty SMTP reply (its sources show wrong ports,
//! TLS and mail-server set-ups, not load), made the Kia allowance strong,
//! and narrowed Mautic's request for a developer and Crowdin's storage to
//! their own sentences ("If it keeps happening, please ask a developer"
//! advises a retry).

use super::Category::{Auth, Permanent, Quota, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("password is incorrect", Auth, Strong),
    ("entered code is invalid", Auth, Strong),
    ("attempted to log in too many times", Auth, Strong),
    ("invalid number of connection attempts", Auth, Strong),
    ("keys are not available for this transaction", Auth, Strong),
    ("exceeds number of requests", Quota, Strong),
    (
        "please ask a developer to check server permissions",
        Permanent,
        Weak,
    ),
    ("could_not_wake_buses", Transient, Weak),
    (
        "retry the request due to the error: file not found in the storage",
        Transient,
        Weak,
    ),
    ("too many upload requests", Transient, Weak),
    (
        "unable to access secret since it is locked",
        Transient,
        Weak,
    ),
    ("too many login requests", Transient, Weak),
    ("no token available yet", Transient, Weak),
];
