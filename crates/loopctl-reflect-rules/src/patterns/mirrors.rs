//! Database admin GUIs, BI tools, learning platforms, mailing lists and package mirrors, game server panels and documentation servers: their words for a query still running, a login limit of a second, a build problem of the host's, a version check that did not answer and a wait of a few minutes, and for a directory to configure, an index out of order, a daemon to update and builds switched off.
//!
//! From `final89`'s misses, each in its system's own words:
//!
//! - Passing, weak: pgAdmin's "Asynchronous query execution/operation
//!   underway" (the query is still running); CloudBeaver's "Too frequent
//!   authentication requests" (a minimum gap of a second between logins);
//!   LinuxGSM's SteamCMD "Not returning version info", which a second run
//!   returned (its other version checks say the same words of a page that
//!   stays broken, so only SteamCMD's is read); Read the Docs' "problem
//!   with Read the Docs while building", its own failure, not the
//!   project's (weak: its threads show it lasting for hours too); and a
//!   return asked for "in a few minutes" ("returning to this page in a few
//!   minutes", "come back in a few minutes"), not any few minutes named:
//!   an email "in a few minutes" or logs available "in a few minutes"
//!   name no retry (the review).
//! - Lasting, weak: Apache Kylin's "please check LDAP configuration";
//!   reprepro's "Package database is not sorted", an index to rebuild;
//!   Pelican's "Make sure wings is up to date", a daemon to upgrade; Read
//!   the Docs' builds "disabled for this project" (three labelled texts,
//!   none passing).
//! - Refused, weakly: Beekeeper Studio's "you didn't sign in on your
//!   browser", a sign-in that never happened, in its own words, since a
//!   security notice's "If you didn't sign in" refuses nothing (the
//!   review).
//!
//! Not named: refused networks ("Network is unreachable") and a 502 from
//! apt-cacher-ng, each lasting in its thread; Cube's pool "ResourceRequest
//! timed out", a pool set too small; a GitHub limit that asks to "set a
//! token", which the strong "rate limit exceeded" still reads as passing.

use super::Category::{Auth, Corrupt, Permanent, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // pgadmin-org/pgadmin4 (sqleditor)
    (
        "asynchronous query execution/operation underway",
        Transient,
        Weak,
    ),
    // dbeaver/cloudbeaver (authentication service)
    ("too frequent authentication requests", Transient, Weak),
    // GameServerManagers/LinuxGSM#440
    ("steamcmd: not returning version info", Transient, Weak),
    // readthedocs/readthedocs.org (build errors)
    ("problem with read the docs while building", Transient, Weak),
    // a return the text asks for in a few minutes, in words
    ("this page in a few minutes", Transient, Weak),
    ("back in a few minutes", Transient, Weak),
    // apache/kylin
    ("please check ldap configuration", Permanent, Weak),
    // ionos-cloud/reprepro
    ("package database is not sorted", Corrupt, Weak),
    // pelican-dev/panel
    ("make sure wings is up to date", Permanent, Weak),
    // readthedocs/readthedocs.org and the labelled files
    ("disabled for this project", Permanent, Weak),
    // beekeeper-studio/beekeeper-studio
    ("didn't sign in on your browser", Auth, Weak),
];
