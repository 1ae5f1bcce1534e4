//! Identity tenants, device agents, data versioning, store publishing, coverage uploads and SIP stacks: their own words for a run, a link or a store that passes, and for a flow, a setting or a review that stays.
//!
//! From `final61`'s misses, each from the system's own code or its thread:
//!
//! - Passing, weak: Puppet's "another puppet instance is already running"
//!   and Rudder's "agent check is already running" (a run holding the lock
//!   until it ends; only these sentences, since the fiftieth and
//!   fifty-fifth rounds' reviews keep work "already running" that never
//!   ends, or a daemon to kill, from passing); Stytch's "Unable to contact
//!   our servers" and "Invalid response from our servers" (offline, or a
//!   non-JSON 503); Clerk's "Network request failed while offline"; Kratos'
//!   session "already being extended by another request or does not
//!   exist" (a row lock); Dolt's lost push races and its replication
//!   waiters; Puppet Server's queue of requests waiting for a JRuby
//!   instance (a 503 with Retry-After); PJSIP's "no working DNS
//!   nameserver" (bad servers are probed again after a minute); jambonz'
//!   "no available Freeswitch" (it reconnects every three seconds).
//! - Lasting, weak, each right in every labelled text that says it and
//!   from several systems: "is suspended" (fifteen), a missing package's
//!   "`pip install" and "install with: pip install" (six), "need to set"
//!   (five), "isn't valid" (four) and "did you forget" (three).
//! - Lasting, strong: a spent passcode, invitation code or one-time token,
//!   an expired flow or one to restart, a changed biometric enrolment, a
//!   key set with no signing keys, requests blocked as a security
//!   violation, a changed Salt master key, an expired device certificate
//!   (Hanko, Casdoor, Logto, Stytch, Clerk, Ory Kratos, Salt, MicroMDM);
//!   settings a server or client lacks (SuperTokens' connection URI, Oxen's
//!   S3 options, Dolt's binlog and its old client, DVC's Google Drive
//!   remote, git-annex's rclone and Drive remotes, osquery's netlink
//!   owner); extension stores' reviews, agreements and unchanged packages
//!   (Edge, Chrome, Open VSX, Raycast); coverage uploaders' missing
//!   reports, commits and arguments (Codecov, Codacy, qlty, DeepSource,
//!   Semgrep); SIP stacks' failed ICE checks, insecure transports,
//!   NXDOMAIN, unresolvable next hops, calls already on hold and
//!   registrations given up (PJSIP, Kamailio, OpenSIPS, Asterisk). A plain
//!   "try again later" beside them (Edge's review in progress, Munki's
//!   other users) leaves them sure: the change the retry waits for is a
//!   person's.
//!
//! A second reader took out the Chrome Web Store's "error: in_progress"
//! (a logic error and a refused claim say the same words), Dolt's "table
//! file not found. please try again" ("Executable file not found. Please
//! try again."), "could not be parsed" (a model's or an upstream's
//! response, which may parse on the next call) and "is not set" (Docker
//! Compose's warning that a variable is not set, printed before any
//! failure); and narrowed "our servers" (also "you are blocked from our
//! servers"), "pip install" (pip's own "To update, run: pip install
//! --upgrade pip" notice), SuperTokens' core (the short sentence is also
//! thrown when every core refuses connections), Dolt's "make sure the
//! server is started with" (a hint after refused connections elsewhere)
//! and Asterisk's given-up registration ("stopping registration attempts
//! until cooldown expires") to their own sentences.
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
    ("unable to contact our servers", ServerDown, Weak),
    ("invalid response from our servers", ServerDown, Weak),
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
    (
        "waiting for a jruby instance has exceeded the limit",
        ServerDown,
        Weak,
    ),
    ("(pjlib_util_ednsnoworkingns)", Transient, Weak),
    ("no available freeswitch", ServerDown, Weak),
    ("is suspended", Permanent, Weak),
    ("`pip install", Permanent, Weak),
    ("install with: pip install", Permanent, Weak),
    ("need to set", Permanent, Weak),
    ("isn't valid", Input, Weak),
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
    ("restart the verification flow", Permanent, Strong),
    ("did not contain any signing keys", Permanent, Strong),
    ("has been blocked for security reasons", Permanent, Strong),
    ("this is a security violation", Permanent, Strong),
    ("instance is blocked", Permanent, Weak),
    (
        "please pass supertokens > connectionuri to the init function",
        Permanent,
        Strong,
    ),
    ("please contact your data provider", Permanent, Strong),
    ("server has no s3 opts configured", Permanent, Strong),
    (
        "make sure the server is started with @@log_bin",
        Permanent,
        Strong,
    ),
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
    (
        "maximum retries reached when attempting outbound registration",
        Permanent,
        Strong,
    ),
];
