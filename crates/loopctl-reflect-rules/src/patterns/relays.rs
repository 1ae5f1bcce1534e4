//! Radio control and APRS-IS relays, documentation deploys, mail sync, data catalogs and push relays: their own words for a link their clients bring back, and for a refusal or a cap that stays.
//!
//! From `final59`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: Hamlib's "Communication bus collision" and
//!   "Communication bus error" (not among its "soft" errors, which retries
//!   cannot fix; `rigctld` reopens the rig on every other error); Dire
//!   Wolf's "Error sending to IGate server" and "Error reading from IGate
//!   server" (it reconnects to the server) and "Will try to reattach" (its
//!   network TNC); aprslib's "no banner from server" (a server not ready,
//!   connected again); aprsc's "# Server full" and "# Port full" (every
//!   slot taken, freed as clients leave); SoapySDR's "device deletion
//!   in-progress" (a device being released); lieer's "re-try in a bit"
//!   and its repository held "by another gmi instance"; Healthchecks'
//!   "(SMTP status code: 4" (its bounce handler: a 4.x.x code is
//!   temporary); and GitHub Pages' "Please re-run the deployment at a
//!   later time" (its deploy action, when GitHub's API fails). Not the bare
//!   "at a later time": passing in all eight labelled texts that say it,
//!   but the fifty-sixth round's review found it on a site's notice that a
//!   feature "is not compatible with this site yet".
//! - Lasting, strong: Unity Catalog's function "canceled due to excessive
//!   resource consumption" (raise its limits first), Thunderbird's "Advanced
//!   IMAP Server Settings" dialog (fewer cached connections asked for),
//!   ntfy's upstream 429 that asks for "fewer daily messages", Iceberg
//!   REST's "timed out during commit" (a commit whose outcome is unknown,
//!   which its clients must not send again), and Ruby's "uninitialized
//!   constant" (a bug in the calling code). Refused, strong: Nessie's
//!   device flow "waiting for user to authorize device" and Iceberg REST's
//!   "Credentials have timed out".

use super::Category::{Auth, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("communication bus collision", Transient, Weak),
    ("communication bus error", Transient, Weak),
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
    ("re-run the deployment at a later time", Transient, Weak),
    (
        "canceled due to excessive resource consumption",
        Permanent,
        Strong,
    ),
    ("advanced imap server settings", Permanent, Strong),
    ("fewer daily messages", Permanent, Strong),
    ("timed out during commit", Permanent, Strong),
    ("uninitialized constant", Permanent, Strong),
    ("waiting for user to authorize device", Auth, Strong),
    ("credentials have timed out", Auth, Strong),
];
