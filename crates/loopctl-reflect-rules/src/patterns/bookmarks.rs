//! Bookmark and link servers, home inventory, web analytics, pastebins, self-hosted git, and iOS and mod tooling: their words for a download another process is already making, a login limit that names its short wait, an authentication server down for a moment, and for a database set up wrong and a device daemon not running.
//!
//! From `final83`'s misses, each from the system's own code or thread:
//!
//! - Passing, weak unless a wait or advice is named: Shlink's GeoLite
//!   database "already being downloaded by another process"; Homebox's
//!   "too many authentication attempts" (its limiter backs off for at
//!   most five minutes) and r2modman's "too many attempts in a short
//!   period of time"; a login limit that names its wait ("Too many login
//!   attempts. Wait a minute", Plausible's, and Ghost's "Please wait 3
//!   minutes" in `final30`), which the credential literal "login attempts"
//!   inside it had refused surely; Vortex's "SSL payload corrupted", which
//!   it calls "likely a temporary issue".
//! - A credential failure that names an authentication server down for
//!   a moment (Forgejo's, Plausible's for Google) is no longer refused
//!   surely: the server's state stands beside it, so the verdict is
//!   unsure and `rules+llm` asks the model.
//! - Lasting: YOURLS' "Incorrect DB config", LinkAce's "Database could not
//!   be configured", a daemon the text asks to be started ("Make sure it's
//!   running", pymobiledevice3's usbmuxd), and, weakly, libimobiledevice's
//!   lockdownd it could not connect to (a device not paired or trusted).
//!
//! Not named, since the words say nothing of the cause: MaxMind's 429 on
//! the GeoLite download (its limit is a day's), Karakeep's and
//! Linkwarden's time-outs, PrivateBin's "server error or not responding",
//! Homebox's SQLite lock under AppArmor, Mealie's OpenAI connection error
//! that lasted until credits were bought.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // shlinkio/shlink (GeolocationDbUpdater)
    (
        "is already being downloaded by another process",
        Transient,
        Weak,
    ),
    // sysadminsmedia/homebox (the login limiter); ebkr/r2modmanPlus
    ("too many authentication attempts", Transient, Weak),
    (
        "too many attempts in a short period of time",
        Transient,
        Weak,
    ),
    // plausible/analytics (auth_controller.ex); Ghost (final30). Of the
    // strong tier, so that it hides the credential literal inside it
    ("too many login attempts. wait", Transient, Strong),
    ("too many login attempts. please wait", Transient, Strong),
    // Forgejo's locale (auth server unavailable); plausible/analytics
    // (Google's sign-in): a passing state beside a credential literal
    (
        "authentication server is temporarily unavailable",
        ServerDown,
        Strong,
    ),
    (
        "authentication service is temporarily unavailable",
        ServerDown,
        Strong,
    ),
    // Nexus-Mods/Vortex (its network error, "likely a temporary issue");
    // of the strong tier, so that it hides "corrupted" inside it
    ("ssl payload corrupted", Transient, Strong),
    // YOURLS/YOURLS#1408; Kovah/LinkAce#335
    ("incorrect db config", Permanent, Strong),
    ("database could not be configured", Permanent, Strong),
    // libimobiledevice/usbmuxd#232 (pymobiledevice3)
    ("make sure it's running", Permanent, Strong),
    // libimobiledevice/usbmuxd#248, libimobiledevice/ideviceinstaller#81
    ("could not connect to lockdownd", Permanent, Weak),
];
