//! Note sync, self-hosted API gateways, time tracking, helpdesks and CRMs, photo servers and image registries: their words for a connection lost and a database not built yet, and for a name already taken, a request to change, a gateway's administrator to ask and an API its publisher blocked.
//!
//! From `final82`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: TiddlyWiki's "the connection to the server has been
//!   lost" (its syncer retries every five seconds); zot's "cve-db is not
//!   present" (it downloads the database after it starts, and its own
//!   client retries).
//! - Lasting, whatever "try again" follows: a name or an address "already
//!   taken" (Standard Notes, and three more labelled texts); Obsidian
//!   LiveSync's "update your config"; Toggl's "Change your request"; Tyk's
//!   organisation limits that ask for "your API administrator" (its rate
//!   limit in the same words passes); SMTP's "Need rcpt command" (a 503
//!   of the mail dialogue, not of HTTP, as Invoice Ninja prints it;
//!   weakly). Refused: WSO2's API its publisher blocked (error 900907,
//!   though it says "temporarily").
//!
//! Not named, since the words say nothing of the cause or the threads
//! disagree: Trilium's sync login that answered 500, Standard Notes'
//! "couldn't handle your request" during a long outage, APISIX's refused
//! etcd, Toggl's and Harvest's HTML pages where JSON was expected (a 429
//! behind them), Akaunting's refused database, zot's S3 path not found
//! while the store caught up.

use super::Category::{Auth, Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Jermolene/TiddlyWiki5 (core/language/en-GB/Misc.multids)
    ("connection to the server has been lost", Transient, Weak),
    // project-zot/zot (errors/errors.go: ErrCVEDBNotFound)
    ("cve-db is not present", ServerDown, Weak),
    // standardnotes/server (auth); the labelled files' usernames and Azure
    // storage account names. Weak since the calibration counted `final88`
    // (right 7 times in 8): Tdarr's node ID "is already taken" until the
    // node's own retry registers it seconds later.
    ("is already taken", Permanent, Weak),
    // but a lock "already taken" by another running task, which Foreman's
    // and GitLab registry's scripts retry (the review); of the strong tier
    // so that it hides the lasting words inside it, though with no advice
    // or wait it decides only unsure
    ("lock is already taken", Transient, Strong),
    // vrtmrz/obsidian-livesync (messages), and in every shorter form the
    // review found lasting ("Please update your configuration and try
    // again.", kubo's and ESLint's in the labelled files)
    ("update your config", Permanent, Strong),
    // toggl/toggl_api_docs#397
    ("change your request", Input, Strong),
    // TykTechnologies/tyk (mw_organisation_activity.go); its rate limit in
    // the same words passes (the review), unsure as any passing failure
    // with no wait or advice
    ("please contact your api administrator", Permanent, Strong),
    (
        "rate limit has been exceeded, please contact your api administrator",
        Transient,
        Strong,
    ),
    // wso2/docs-apim (error handling: 900907, an API blocked by its
    // publisher until it is unblocked, which WSO2 sends as "User is NOT
    // authorized"; the review), and its 700700 block set by an
    // administrator, lasting though unsure since it says "try again later"
    ("the requested api is temporarily blocked", Auth, Strong),
    ("this api has been blocked temporarily", Permanent, Weak),
    // invoiceninja/invoiceninja#3482: SMTP's 503 5.5.2, a bad sequence of
    // commands; weak, since it follows a rejected recipient, which a
    // greylisting 450 makes passing (the review)
    ("need rcpt command", Permanent, Weak),
];
