//! Lab notebooks, database proxies, podcast apps, translation tools, forums, content management systems and flashcard apps: their words for a standby that cancelled a query, a proxy draining its connections, a flood limit of seconds and a form token that must be fetched again.
//!
//! From the misses of `final96` and `final97`, in words the labelled files
//! share where they do and in each system's own words where they do not:
//!
//! - Passing, weak: PostgreSQL's "conflict with recovery" (a hot standby
//!   cancelled the query to replay changes; four labelled texts from
//!   three systems, all passing); Odyssey's "online restart", its
//!   connections "killed by Odyssey configuration reloading" (not its
//!   "online restart feature works only with SO_REUSEPORT"), its "soft
//!   out of memory" and a replica whose "replication lag" is too big;
//!   TencentDB's proxy that "cannot find valid backend server" or whose
//!   "backend connection" was "not found" (its error 1999, which Tencent
//!   says to retry); OmegaT's team project that "will be synchronized next
//!   time"; phpBB's flood limit ("so soon after your last"); an upload
//!   "only partially uploaded" (PHP's `UPLOAD_ERR_PARTIAL`); Drupal's file
//!   "already locked for writing".
//! - Lasting, weak: PHP's "Missing a temporary folder" (three texts, none
//!   passing); an "unknown key '...'" or "unknown keys" in a configuration
//!   (seven, none passing; not obs-sign's `unknown key: <user>`, a key
//!   Copr generates so the same call passes later); a record that "has
//!   been edited by another user" (two, none passing: the same call
//!   carries the stale version; not uniCenta's ticket "being edited by
//!   another User", a lock held for now); a CAPTCHA "not completed".
//! - Refused, surely: a CSRF token refused, in the words that say so
//!   ("invalid", "did not match", "expired", "missing"; ten labelled texts
//!   hold "CSRF token", none passing: a form or session token that must be
//!   fetched again; not Unraid's "CSRF token not found yet", which its API
//!   writes shortly after it starts; the review added the other word
//!   orders, "CSRF token is invalid", "CSRF token missing", "CSRF
//!   failed"; words any system may use, so they stand in
//!   `credentials.rs`), Invision Community's
//!   `TOO_MANY_REQUESTS_WITH_BAD_KEY` and SilverStripe's login form's
//!   "details don't seem to be correct", each ending in advice to try again
//!   that would otherwise read as passing.
//! - Refused, weakly: "permissions on" a folder or a resource (two
//!   labelled texts, none passing); weak, since rsync's "failed to set
//!   permissions on" comes before the system's own error, a passing one
//!   too, and other tools print it as a guess at the cause.
//!
//! Not named: Maxwell's "unable to connect in 5000ms" and its reconnection
//! attempts spent, a refused connection and a database connection to
//! configure, each lasting as often as passing elsewhere; "already
//! locked" alone (six labelled texts lasting, four passing).

use super::Category::{Auth, Input, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // PostgreSQL's hot standby (through Pgpool-II and others)
    ("conflict with recovery", Transient, Weak),
    // yandex/odyssey
    ("performing online restart", Transient, Weak),
    ("killed by odyssey configuration reloading", Transient, Weak),
    ("soft out of memory", Transient, Weak),
    ("replication lag of the node", Transient, Weak),
    // TencentDB for MySQL's proxy (error 1999)
    ("proxy cannot find valid backend server", Transient, Weak),
    ("backend connection not found", Transient, Weak),
    // omegat-org/omegat
    ("will be synchronized next time", Transient, Weak),
    // phpbb/phpbb
    ("so soon after your last", Transient, Weak),
    // PHP's UPLOAD_ERR_PARTIAL, Concrete CMS
    ("only partially uploaded", Transient, Weak),
    // drupal/core
    ("already locked for writing", Transient, Weak),
    // PHP's UPLOAD_ERR_NO_TMP_DIR, MyBB, Concrete CMS
    ("missing a temporary folder", Permanent, Weak),
    // clang-tidy, and configuration readers elsewhere
    ("unknown key '", Input, Weak),
    ("unknown keys", Input, Weak),
    ("unknown keyword", Input, Weak),
    // LabKey and others
    ("has been edited by another user", Permanent, Weak),
    // vanilla/vanilla
    ("captcha was not completed", Input, Weak),
    // Permissions on a resource (the refused CSRF tokens, words any
    // system may use, are in `credentials.rs`), Invision Community,
    // SilverStripe
    ("permissions on", Auth, Weak),
    ("too_many_requests_with_bad_key", Auth, Strong),
    ("details don't seem to be correct", Auth, Strong),
];
