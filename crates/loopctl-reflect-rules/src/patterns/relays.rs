//! Radio control and APRS-IS relays, documentation deploys, mail sync, data catalogs and push relays: their own words for a link their clients bring back, and for a refusal or a cap that stays.
//!
//! From `final59`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: Hamlib's "Communication bus collision" (not among its
//!   "soft" errors, which retries cannot fix; `rigctld` reopens the rig on
//!   every other error); Dire Wolf's "Error sending to IGate server" and
//!   "Error reading from IGate server" (it reconnects to the server) and
//!   "Will try to reattach" (its network TNC); aprslib's "no banner from
//!   server" (a server not ready, connected again); aprsc's "# Server full"
//!   and "# Port full" (every slot taken, freed as clients leave);
//!   SoapySDR's "device deletion in-progress" (a device being released);
//!   lieer's "re-try in a bit" and its repository held "by another gmi
//!   instance"; and Healthchecks' "(SMTP status code: 4" (its bounce
//!   handler: a 4.x.x code is temporary), but not 4.4.7, a delivery whose
//!   time ran out after days of retries.
//! - Lasting, strong: Unity Catalog's function "canceled due to excessive
//!   resource consumption" (raise its limits first), Thunderbird's "Advanced
//!   IMAP Server Settings" dialog (fewer cached connections asked for),
//!   ntfy's upstream 429 that asks for "fewer daily messages", the Iceberg
//!   REST specification's "Gateway timed out during commit" (a commit whose
//!   outcome is unknown, which its clients must not send again), Ruby's
//!   "uninitialized constant" (a bug in the calling code), aprslib's
//!   "invalid banner from server", aprsc's refused login strings and
//!   GitHub Pages' deploy action's "No artifacts named" and "Multiple
//!   artifacts named". Refused, strong: Nessie's and Iceberg's device flow
//!   "Timed out waiting for user to authorize device", Iceberg REST's
//!   "Credentials have timed out", aprsc's "# Login by user not allowed"
//!   and its "unverified, server" login answer (a wrong passcode), the
//!   deploy action's "Ensure GITHUB_TOKEN has permission", Hamlib's
//!   "Security error password not provided" and a "Device code expired".
//!
//! A second reader took out Hamlib's "Communication bus error" (returned
//! for every call while a rig is off, and not retried by Hamlib) and
//! GitHub Pages' "Please re-run the deployment at a later time" (printed
//! above lasting errors such as "No artifacts named"); narrowed the
//! Iceberg commit and the device flow to their exact failure texts
//! (elsewhere a transaction "timed out during commit" was rolled back and
//! runs again, and a pending device poll logs "waiting for user to
//! authorize device"); and, since Dire Wolf prints its IGate errors after
//! any disconnect, a refused login among them, made aprsc's refusals
//! strong so they still decide.

use super::Category::{Auth, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("communication bus collision", Transient, Weak),
    ("error sending to igate server", Transient, Weak),
    ("error reading from igate server", Transient, Weak),
    ("will try to reattach", Transient, Weak),
    ("no banner from server", Transient, Weak),
    ("# server full", Transient, Weak),
    ("# port full", Transient, Weak),
    ("device deletion in-progress", Transient, Weak),
    ("re-try in a bit", Transient, Weak),
    ("in use by another gmi instance", Transient, Weak),
    ("(smtp status code: 4", Transient, Weak),
    (
        "canceled due to excessive resource consumption",
        Permanent,
        Strong,
    ),
    ("advanced imap server settings", Permanent, Strong),
    ("fewer daily messages", Permanent, Strong),
    ("gateway timed out during commit", Permanent, Strong),
    ("uninitialized constant", Permanent, Strong),
    (
        "timed out waiting for user to authorize device",
        Auth,
        Strong,
    ),
    ("credentials have timed out", Auth, Strong),
    ("# login by user not allowed", Auth, Strong),
    ("# invalid username format", Permanent, Strong),
    ("# invalid login string", Permanent, Strong),
    ("unverified, server", Auth, Strong),
    ("invalid banner from server", Permanent, Strong),
    ("no artifacts named", Permanent, Strong),
    ("multiple artifacts named", Permanent, Strong),
    ("ensure github_token has permission", Auth, Strong),
    ("security error password not provided", Auth, Strong),
    ("device code expired", Auth, Strong),
    ("(smtp status code: 4.4.7", Permanent, Strong),
];
