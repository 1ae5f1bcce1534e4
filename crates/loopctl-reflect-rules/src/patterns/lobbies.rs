//! Minecraft proxies, video front ends, passkey libraries, Git-based editors, SMS gateways, test reporters and private messengers: their words for a proxy restarting, a message still queued, a device blocked after wrong PINs and advice that asks for a change before the retry.
//!
//! From the misses of `final98` and `final99`, in words the labelled files
//! share where they do and in each system's own words where they do not:
//!
//! - Passing, weak: BungeeCord's "proxy server is restarting"; playSMS's
//!   message "still in queue"; Pages CMS' run that "cannot be cancelled
//!   yet"; Android's `RESULT_RIL_SMS_SEND_FAIL_RETRY`, the radio's own
//!   word that the send should be retried.
//! - Lasting, weak: a file that "no longer exists" (seven labelled texts
//!   from seven systems, none passing), one that "has changed since you
//!   last loaded" it, a live chat "disabled by the uploader", a native
//!   "binding is unavailable", a phone "inside the phone menu" (Gammu), and
//!   the advice Session and Briar give before a retry: an "Account ID is
//!   invalid", "too few" or "too many words", words of a "Recovery
//!   Password" that "are incorrect", a mailbox to "unlink", the "latest
//!   version of the app" to install first.
//! - Refused, surely: webauthn-rs' whole "Too many failed attempts in one
//!   row. Your device has been temporarily blocked" (a security key's PIN
//!   blocked until it is re-plugged), which its advice to re-plug read as
//!   passing; only the whole sentence, since the round's review found
//!   "too many failed attempts in a row" beside a wait of seconds that
//!   passes.
//!
//! The review also added the American "cannot be canceled yet", and kept
//! every passing word here weak: BungeeCord says its proxy "is
//! restarting" on every stop, a shutdown for good included.
//!
//! Not named: a login server or a host that could not be reached
//! (BungeeCord, NewPipe), an Invidious 429 its docs say lasts a day, and
//! Sourcegraph's "404 page not found" while it starts, each lasting as
//! often as passing elsewhere.

use super::Category::{Auth, Input, NotFound, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // SpigotMC/BungeeCord
    ("proxy server is restarting", Transient, Weak),
    // playsms/playsms
    ("still in queue", Transient, Weak),
    // pages-cms/pages-cms
    ("cannot be cancelled yet", Transient, Weak),
    ("cannot be canceled yet", Transient, Weak),
    // capcom6/android-sms-gateway
    ("send_fail_retry", Transient, Weak),
    // Files gone or changed since they were read
    ("no longer exists", NotFound, Weak),
    ("has changed since you last loaded", Permanent, Weak),
    // FreeTube, FormatJS, Gammu
    ("disabled by the uploader", Permanent, Weak),
    ("binding is unavailable", Permanent, Weak),
    ("inside the phone menu", Permanent, Weak),
    // session-foundation/session-desktop
    ("account id is invalid", Input, Weak),
    ("entered too few words", Input, Weak),
    ("entered too many words", Input, Weak),
    ("recovery password are incorrect", Input, Weak),
    // briar/briar
    ("unlink the mailbox", Permanent, Weak),
    ("latest version of the app and try again", Permanent, Weak),
    // kanidm/webauthn-rs (CTAP2 PIN blocked)
    (
        "failed attempts in one row. your device has been temporarily blocked",
        Auth,
        Strong,
    ),
];
