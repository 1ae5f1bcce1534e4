//! App servers, sync engines, CAPTCHA services, tunnels, app build tools and mod platforms: their own words for a token, a client file or a plan that stays, and for a solver, a lock or an edge that passes.
//!
//! From `final63`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: Anti-Captcha's "No idle workers are available" (and
//!   its client's "No idle captcha workers"), `ERROR_NO_SLOT_AVAILABLE`
//!   (its description: try a bit later), 2Captcha's `CAPCHA_NOT_READY`
//!   (poll again in five seconds); ElectricSQL's replication slot "already
//!   in use by another database connection" (its error marks it as one a
//!   retry may fix), PowerSync's "Replication stream is locked by another
//!   process", CouchDB's replicator `sel_conn_closed`, Sync Gateway's
//!   "database went away - asking client to reconnect" (a 503), Realm's
//!   "Sync connection was not fully established in time" (not fatal; it
//!   reconnects) and its `error_action=Transient`; cloudflared's "already
//!   connected to this server, trying another address" and its quick
//!   tunnel's unparsed ID (an API that fails now and then, retried); the
//!   SSL handshake a remote host terminated (retried by Flutter's Gradle
//!   wrapper; two of two); codesign's "The timestamp service is not
//!   available".
//! - Lasting, strong: Turnstile's and reCAPTCHA's `timeout-or-duplicate`
//!   (a token is validated once) and `hostname-mismatch`, FlareSolverr's
//!   mandatory parameter, Anti-Captcha's unknown task id; Realm's client
//!   files to wipe and client resets, Replicache's lost client state,
//!   PouchDB's reserved ids and missing attachment stubs; ngrok's location
//!   block, paid-plan features and region-bound addresses, zrok's
//!   environment not enabled, bore's port range, Tailscale's missing Funnel
//!   attribute; Flutter's unsigned Xcode licence, Capacitor's missing
//!   package, native-run's missing Android API (under both its codes), the
//!   emulator's AVD in use; uWSGI's missing application; CurseForge's
//!   projects closed to third parties, Nexus Mods' TLS version mismatch;
//!   Anti-Captcha's zero balance (a quota). Refused: hCaptcha's and
//!   Turnstile's secret mismatches, missing and invalid secrets, CapMonster's
//!   and Anti-Captcha's unknown keys and blocked IPs, ngrok's missing token,
//!   cloudflared's missing origin certificate, Replicache's spent
//!   re-authentication, Realm's `error_action=LogOutUser`, bore's "server
//!   error: invalid secret".
//! - Lasting, weak: the emulator that "quit before it finished opening",
//!   Anti-Captcha's refused proxy, Unicorn's failed listener, uWSGI's other
//!   instance on the same address, a "message with an unknown type", and
//!   two warnings that stand beside other failures: electron-builder's
//!   release of another type and PM2's unstable restarts (a database still
//!   starting crashes an app sixteen times in as many seconds).
//!
//! A second reader took out ngrok's "a successful ngrok tunnel session has
//! not yet been established" (its npm wrapper has already retried it for
//! twenty seconds when a caller sees it) and WatermelonDB's "previous
//! pulled-at time was greater" (a warning the sync carries on past); made
//! the two warnings above weak; and narrowed bore's secret and the unknown
//! message type to their own words ("invalid secret name" is no refusal).

use super::Category::{Auth, Input, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("no idle workers are available", ServerDown, Weak),
    ("no idle captcha workers are available", ServerDown, Weak),
    ("error_action=transient", Transient, Weak),
    ("error_no_slot_available", ServerDown, Weak),
    ("capcha_not_ready", Transient, Weak),
    (
        "replication slot already in use by another database connection",
        Transient,
        Weak,
    ),
    (
        "replication stream is locked by another process",
        Transient,
        Weak,
    ),
    ("sel_conn_closed", Transient, Weak),
    (
        "database went away - asking client to reconnect",
        ServerDown,
        Weak,
    ),
    (
        "sync connection was not fully established in time",
        Transient,
        Weak,
    ),
    (
        "already connected to this server, trying another address",
        Transient,
        Weak,
    ),
    ("failed to parse quick tunnel id", Transient, Weak),
    ("remote host terminated the handshake", Transient, Weak),
    ("the timestamp service is not available", ServerDown, Weak),
    ("timeout-or-duplicate", Permanent, Strong),
    ("hostname-mismatch", Permanent, Strong),
    ("is mandatory in 'request.", Input, Strong),
    ("error_no_such_capcha_id", Permanent, Strong),
    ("please wipe the file on the client", Permanent, Strong),
    ("error_action=clientreset", Permanent, Strong),
    ("clientstatenotfound", Permanent, Strong),
    (
        "only reserved document ids may start with underscore",
        Input,
        Strong,
    ),
    ("attachment stub wasn't found", Permanent, Strong),
    (
        "we do not allow access to ngrok.com from your location",
        Permanent,
        Strong,
    ),
    ("only paid plans may", Permanent, Strong),
    ("only accounts on paid plans", Permanent, Strong),
    ("is allocated for a different region", Permanent, Strong),
    ("did you 'zrok enable'", Permanent, Strong),
    ("client port number not in allowed range", Input, Strong),
    ("\"funnel\" node attribute not set", Permanent, Strong),
    (
        "xcode end user license agreement not signed",
        Permanent,
        Strong,
    ),
    (
        "needs to run at the root of an npm package",
        Permanent,
        Strong,
    ),
    ("err_unsuitable_api_installation", Permanent, Strong),
    (
        "cannot create avd because there is no suitable api installation",
        Permanent,
        Strong,
    ),
    (
        "running multiple emulators with the same avd",
        Permanent,
        Strong,
    ),
    (
        "existing type not compatible with publishing type",
        Permanent,
        Weak,
    ),
    ("had too many unstable restarts", Permanent, Weak),
    ("no python application found", Permanent, Strong),
    ("have denied 3rd parties", Permanent, Strong),
    (
        "protocol version mismatch between client and server",
        Permanent,
        Strong,
    ),
    ("sitekey-secret-mismatch", Auth, Strong),
    ("invalid-input-secret", Auth, Strong),
    ("missing-input-secret", Auth, Strong),
    ("error_wrong_user_key", Auth, Strong),
    ("error_ip_blocked", Auth, Strong),
    ("error_action=logoutuser", Auth, Strong),
    ("error_zero_balance", Quota, Strong),
    ("error_key_does_not_exist", Auth, Strong),
    ("token could not be found in request", Auth, Strong),
    ("client didn't specify origincert path", Auth, Strong),
    ("tried to reauthenticate too many times", Auth, Strong),
    ("server error: invalid secret", Auth, Strong),
    ("quit before it finished opening", Permanent, Weak),
    ("error_proxy_connect_refused", Permanent, Weak),
    ("adding listener failed", Permanent, Weak),
    (
        "probably another instance of uwsgi is running on the same address",
        Permanent,
        Weak,
    ),
    ("message with an unknown type", Permanent, Weak),
];
