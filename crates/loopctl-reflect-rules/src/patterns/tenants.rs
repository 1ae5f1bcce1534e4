//! Identity tenants, device agents, data versioning, store publishing, coverage uploads and SIP stacks: their own words for a run, a link or a store that passes, and for a flow, a setting or a review that stays.
//!
//! From `final61`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: Puppet's "another puppet instance is already running"
//!   and Rudder's "agent check is already running" (a run holding the lock
//!   until it ends; only these sentences, since the fiftieth and
//!   fifty-fifth rounds' reviews keep work "already running" that never
//!   ends, or a daemon to kill, from passing); "our servers" (a service speaking of itself being unreachable or
//!   overloaded: Stytch, OpenAI, Slack; six of six); Clerk's "Network
//!   request failed while offline"; Kratos' session "already being
//!   extended by another request" (a row lock); Dolt's lost push races,
//!   "table file not found. please try again" (a conjoin during a clone)
//!   and its replication waiters; Puppet Server's queue of requests
//!   waiting for a JRuby instance (a 503 with Retry-After); the Chrome Web
//!   Store's "IN_PROGRESS" (still processing an upload); PJSIP's "no
//!   working DNS nameserver" (bad servers are probed again after a
//!   minute); jambonz' "no available Freeswitch" (it reconnects every
//!   three seconds).
//! - Lasting, weak, each right in every labelled text that says it and
//!   from several systems: "is suspended" (fifteen), "pip install" (a
//!   missing package; six), "could not be parsed" (six), "need to set"
//!   (five), "isn't valid" (four), "is not set" (ten) and "did you forget"
//!   (three).
//! - Lasting, strong: a spent passcode, invitation code or one-time token,
//!   an expired flow, a changed biometric enrolment, a key set with no
//!   signing keys, requests blocked as a security violation, a changed
//!   Salt master key, an expired device certificate (Hanko, Casdoor,
//!   Logto, Stytch, Clerk, Ory Kratos, Salt, MicroMDM); settings a server
//!   or client lacks (SuperTokens' core, Oxen's S3 options, Dolt's binlog
//!   and its old client, DVC's Google Drive remote, git-annex's rclone and
//!   Drive remotes, osquery's netlink owner); extension stores' reviews,
//!   agreements and unchanged packages (Edge, Chrome, Open VSX, Raycast);
//!   coverage uploaders' missing reports, commits and arguments (Codecov,
//!   Codacy, qlty, DeepSource, Semgrep); SIP stacks' failed ICE checks,
//!   insecure transports, NXDOMAIN, unresolvable next hops, calls already
//!   on hold and registrations given up (PJSIP, Kamailio, OpenSIPS,
//!   Asterisk). Where the same text carries passing words of its own
//!   (Kratos' "please go back and try again", Edge's "please try again
//!   later", Munki's "try again later after the other users have logged
//!   out"), the conflict rule makes it lasting but unsure.
//!
//! Django REST framework's "Expected available in N seconds" is read as a
//! wait (`loopctl_backoff`'s keys), so AMO's 17-hour throttle outlasts a
//! retry while Klaviyo's 56 seconds do not.

use super::Category::{Auth, Input, NotFound, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    (
        "another puppet instance is already running",
        Transient,
        Weak,
    ),
    ("agent check is already running", Transient, Weak),
    ("our servers", ServerDown, Weak),
    ("network request failed while offline", Transient, Weak),
    (
        "is already being extended by another request or does not exist",
        Transient,
        Weak,
    ),
    (
        "received too many writes while we were pushing",
        Transient,
        Weak,
    ),
    (
        "concurrent waiters conflicted with each other",
        Transient,
        Weak,
    ),
    ("table file not found. please try again", Transient, Weak),
    (
        "waiting for a jruby instance has exceeded the limit",
        ServerDown,
        Weak,
    ),
    ("error: in_progress", Transient, Weak),
    ("(pjlib_util_ednsnoworkingns)", Transient, Weak),
    ("no available freeswitch", ServerDown, Weak),
    ("is suspended", Permanent, Weak),
    ("pip install", Permanent, Weak),
    ("could not be parsed", Input, Weak),
    ("need to set", Permanent, Weak),
    ("isn't valid", Input, Weak),
    ("is not set", Permanent, Weak),
    ("did you forget", Permanent, Weak),
    ("entered wrong too many times", Auth, Strong),
    ("verify again to ensure your account safety", Auth, Strong),
    ("the token has been consumed", Auth, Strong),
    (
        "biometrics enrollment on the device has changed",
        Auth,
        Strong,
    ),
    ("add a new biometric registration", Auth, Strong),
    ("the master key has changed", Auth, Strong),
    ("device certificate is expired", Auth, Strong),
    ("run `semgrep login`", Auth, Strong),
    ("invitation code exhausted", Permanent, Strong),
    ("the flow has expired", Permanent, Strong),
    ("did not contain any signing keys", Permanent, Strong),
    ("has been blocked for security reasons", Permanent, Strong),
    ("this is a security violation", Permanent, Strong),
    ("instance is blocked", Permanent, Weak),
    ("no supertokens core available to query", Permanent, Strong),
    ("please contact your data provider", Permanent, Strong),
    ("server has no s3 opts configured", Permanent, Strong),
    ("make sure the server is started with", Permanent, Strong),
    ("while a merge is in progress", Permanent, Strong),
    ("in dvc config", Permanent, Strong),
    (
        "ensure that 'rclone config' has been run",
        Permanent,
        Strong,
    ),
    ("re-run git annex enableremote", Permanent, Strong),
    ("upgrade your dolt client", Permanent, Strong),
    ("failed to set the netlink owner", Permanent, Strong),
    ("you can enable it with", Permanent, Weak),
    (
        "publisher agreement with the eclipse foundation is outdated",
        Permanent,
        Strong,
    ),
    ("a copyright declaration is necessary", Permanent, Strong),
    ("since there are no updates", Permanent, Strong),
    ("has modules that are not valid", Permanent, Strong),
    ("extension submission is in progress", Permanent, Strong),
    (
        "may not edit or publish an item that is in review",
        Permanent,
        Strong,
    ),
    ("nothing new to publish", Permanent, Strong),
    ("upload it manually", Permanent, Weak),
    (
        "there are other users logged into this computer",
        Permanent,
        Strong,
    ),
    ("no coverage reports found", Permanent, Strong),
    ("can't detect any coverage report", Permanent, Strong),
    ("no junit xml files were found", Permanent, Strong),
    ("unable to detect sha", Permanent, Strong),
    ("unable to determine commit sha", Permanent, Strong),
    ("no paths matched existing files", Permanent, Strong),
    ("base and head sha can't be the same", Input, Strong),
    ("empty argument for --", Input, Strong),
    (
        "make sure you are running the cli from a git repository",
        Permanent,
        Strong,
    ),
    ("nothing to report", Permanent, Weak),
    ("(pjnath_eicefailed)", Permanent, Strong),
    ("(pjsip_esessioninsecure)", Permanent, Strong),
    ("(pjlib_util_edns_nxdomain)", NotFound, Strong),
    ("unresolvable destination", Permanent, Strong),
    ("both dialog legs are on hold", Permanent, Strong),
    ("stopping registration attempt", Permanent, Strong),
];
