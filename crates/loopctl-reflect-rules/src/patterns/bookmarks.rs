//! Bookmark and link servers, home inventory, web analytics, pastebins, self-hosted git, and iOS and mod tooling: their words for a download another process is already making, a login limit that names its short wait, an authentication server down for a moment, and for a database set up wrong and a device daemon not running.
//!
//! From `final83`'s misses, each from the system's own code or thread:
//!
//! - Passing, weak unless a wait or advice is named: Shlink's GeoLite
//!   database "already being downloaded by another process"; Homebox's
//!   "too many authentication attempts" (its limiter backs off for at
//!   most five minutes) and r2modman's "too many attempts in a short
//!   period of time" (Go's SSH server and client and Java's HTTP client say
//!   the first of a login they refuse, and those forms are refused);
//!   Plausible's "Too many login attempts. Wait a minute", which the
//!   credential literal "login attempts" inside it had refused surely;
//!   Vortex's "SSL payload corrupted", which it calls "likely a temporary
//!   issue".
//! - A credential failure that names an authentication server down for
//!   a moment (Forgejo's, Plausible's for Google) is no longer refused
//!   surely: the server's state stands beside it, so the verdict is
//!   unsure and `rules+llm` asks the model.
//! - Lasting, weakly, since each also prefixes a passing cause: YOURLS'
//!   "Incorrect DB config" (surely in its longer form, printed when the
//!   configuration is missing), LinkAce's "Database could not be
//!   configured", a daemon the text asks to be started ("Make sure it's
//!   running", pymobiledevice3's usbmuxd), and libimobiledevice's lockdownd
//!   it could not connect to (a device not paired or trusted).
//!
//! Not named, since the words say nothing of the cause: MaxMind's 429 on
//! the GeoLite download (its limit is a day's), Karakeep's and
//! Linkwarden's time-outs, PrivateBin's "server error or not responding",
//! Homebox's SQLite lock under AppArmor, Mealie's OpenAI connection error
//! that lasted until credits were bought.

use super::Category::{Auth, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // shlinkio/shlink (GeolocationDbUpdater)
    (
        "is already being downloaded by another process",
        Transient,
        Weak,
    ),
    // sysadminsmedia/homebox (the login limiter); ebkr/r2modmanPlus. But
    // Go's SSH server and client and Java's HTTP client say the same words
    // of logins they refuse (the review)
    ("too many authentication attempts", Transient, Weak),
    ("ssh: too many authentication attempts", Auth, Strong),
    ("reason 2: too many authentication attempts", Auth, Strong),
    ("too many authentication attempts. limit", Auth, Strong),
    (
        "too many attempts in a short period of time",
        Transient,
        Weak,
    ),
    // plausible/analytics (auth_controller.ex), in its own words only, of
    // the strong tier so that it hides the credential literal inside it.
    // Not "too many login attempts. please wait" (Ghost's, in `final30`):
    // a wait given in words ("an hour", "until tomorrow", "for an
    // administrator") would read as passing (the review)
    ("too many login attempts. wait a minute", Transient, Strong),
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
    // Nexus-Mods/Vortex (its network error, "likely a temporary issue",
    // which it also says of a proxy set up wrong: the review); the longer
    // match hides "corrupted" inside it
    ("ssl payload corrupted", Transient, Weak),
    // YOURLS/YOURLS#1408; Kovah/LinkAce#335. Weak, since both put these
    // words before any error of their database set-up, "Too many
    // connections" and a deadlock among them; only YOURLS' longer form,
    // printed when the configuration is missing, is sure (the review)
    ("incorrect db config", Permanent, Weak),
    (
        "incorrect db config, please refer to documentation",
        Permanent,
        Strong,
    ),
    ("database could not be configured", Permanent, Weak),
    // libimobiledevice/usbmuxd#232 (pymobiledevice3); weak, since usbmuxd
    // stops when the last device is unplugged and starts again with the
    // next, and a server starting up says it too (the review)
    ("make sure it's running", Permanent, Weak),
    // libimobiledevice/usbmuxd#248, libimobiledevice/ideviceinstaller#81
    ("could not connect to lockdownd", Permanent, Weak),
];
