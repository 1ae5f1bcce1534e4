//! Monitoring servers, bare-metal provisioners, CRMs, log platforms, web conferencing and game streaming: their words for a reload, an activation or a lock held for a moment and workers all busy, and for an administrator to ask, a choice to change, a positive number, a robot check, and credentials refused in their own words.
//!
//! From the misses of `final86` and `final87`, each in its system's own
//! words:
//!
//! - Passing, weak: Icinga's API answering 503 "Icinga is reloading";
//!   Checkmk's 423 "There is already an activation running" (an
//!   activation takes seconds); Ironic's 503 for the "lack of free
//!   conductor workers", which its client retries; Parseable's "Server
//!   resources over-utilized", cleared when its monitor next sees normal
//!   load; CiviCRM's "Database lock encountered" and "Failed to acquire
//!   lock on cache key", both on its own retry list.
//! - Lasting, strong: "must be a positive integer" (NRPE and four other
//!   systems' texts, none passing).
//! - Lasting, weak: "contact your administrator" and "contact the
//!   administrator" (eighteen labelled texts, none passing), so that
//!   mailcow's password recovery "currently unavailable. Please contact
//!   your administrator" is not read as a blip, and "please select a
//!   different" (six, none passing), each only where the text advises no
//!   retry (`UNLESS_ADVISED`; the review found a storage provider
//!   "temporarily unavailable. Please try again later or contact your
//!   administrator", which passes); Attendize's "Robot verification
//!   failed", a captcha a person must solve; Moonlight's "Close any
//!   DRM-protected content", in its own words, since "close ... and try
//!   again" elsewhere mostly follows a failed load (the review).
//! - Refused: Netdata's "Forbidding access" to an API key it does not
//!   allow, of the strong tier since errno 11 ("Resource temporarily
//!   unavailable") follows it and a weak refusal yields to a passing
//!   word; and, weakly, MAAS' "Incorrect username" for a BMC,
//!   Greenlight's registration "pending approval from the administrator"
//!   and Moonlight's pairing PIN that "didn't match".
//!
//! Not named, since the words say nothing of the cause: refused
//! connections to an agent, IMAP, SMTP or spamd that the configuration
//! pointed nowhere; Pixelfed's "we've reached our quota" and its licence
//! sync "twice per 24 hours" (a limit counted by the day, with no word of
//! a limit); Moonlight's bare "Connection terminated with error".

use super::Category::{Auth, Input, Permanent, ServerDown, Transient};
use super::Tier::{Strong, Weak};
use super::{Found, Pattern};

/// Words that say a failure lasts only where the text advises no retry
/// (the review): "temporarily unavailable. Please try again later or
/// contact your administrator" passes, "currently unavailable. Please
/// contact your administrator" does not. Matched with the tables, and
/// read after the pass (`categories`).
pub(super) const UNLESS_ADVISED: &[Pattern] = &[
    // mailcow, OpenObserve and the labelled files
    ("contact your administrator", Permanent, Weak),
    ("contact the administrator", Permanent, Weak),
    // bigbluebutton/greenlight and the labelled files
    ("please select a different", Input, Weak),
];

/// Whether `text` advises a retry: a literal of the tables that advises
/// one was read (`found`), or it names a failure that may recur ("if the
/// problem persists"), which only a passing failure is said to do.
pub(super) fn advised_anywhere(text: &str, found: &Found) -> bool {
    found.advised || crate::text::contains_ignore_case(text.as_bytes(), b"persist")
}

pub(super) const PATTERNS: &[Pattern] = &[
    // Icinga/icinga2 (lib/remote: 503 while reloading)
    ("icinga is reloading", ServerDown, Weak),
    // Checkmk's REST API (423 Locked)
    ("there is already an activation running", Transient, Weak),
    // openstack/ironic (503 NoFreeConductorWorker)
    ("lack of free conductor workers", ServerDown, Weak),
    // parseablehq/parseable (its resource monitor)
    ("server resources over-utilized", ServerDown, Weak),
    // civicrm/civicrm-core (CRM_Core_Transaction's deadlock retries,
    // CRM_Contact_BAO_GroupContactCache)
    ("database lock encountered", Transient, Weak),
    ("failed to acquire lock on cache key", Transient, Weak),
    // NagiosEnterprises/nrpe and the labelled files
    ("must be a positive integer", Input, Strong),
    // Moonlight (a host refusing to stream protected content)
    ("close any drm-protected content", Permanent, Weak),
    // Attendize (its captcha)
    ("robot verification failed", Permanent, Weak),
    // canonical/maas (IPMI errors), netdata/netdata (streaming API keys),
    // bigbluebutton/greenlight, moonlight-stream/moonlight-qt
    ("incorrect username", Auth, Weak),
    ("forbidding access", Auth, Strong),
    ("registration is pending approval", Auth, Weak),
    ("pin from the pc didn't match", Auth, Weak),
];
