//! Hosted back ends and test platforms (BaaS, device farms, documentation hosts, annotation and archive services): their own words for a state that settles by itself, and for a setting or a person.
//!
//! Every entry is weak. Sources, by family:
//!
//! - VizieR (astroquery's recorded answer): `value="The database is not
//!   currently reachable."` in its VOTable is the service's own database,
//!   back in minutes. Only that form: apps print the bare sentence before
//!   "Confirm DATABASE_URL", a setting.
//! - Appium's XCUITest driver retries xcodebuild's "Connection peer refused
//!   channel request" for the simulator's daemon channel
//!   (`XCTestManager_DaemonConnectionInterface`) while the test runner
//!   starts; on a real device's channel (`XCTestDriverInterface`) it lasted
//!   until the device was replugged or restarted in every thread.
//! - Read the Docs: "We can't perform the versions/branches synchronize at
//!   the moment." while another sync runs.
//! - Convex: "Search indexes bootstrapping and not yet available for use"
//!   after a deploy, and "Environment variables have changed during push"
//!   when another push raced it.
//! - Firestore's transactions: "Document version changed between two
//!   reads." is the conflict its SDK retries the transaction for.
//! - rq (under CVAT): "Task exceeded maximum timeout value" ("Job ..." in
//!   older releases) is the job's own limit; the same task times out again.
//! - Label Studio: "doesn't look like a valid ML backend" is a back end not
//!   set up; Jumio: "please contact the app vendor"; Maestro: "Start an
//!   emulator manually and try again"; PocketBase: "Try changing the SDK
//!   URL"; Overleaf's git bridge: "Your Git repository contains a reference
//!   we cannot resolve" (a submodule to remove). Each waits on a person.
//! - IDnow: "... is not correct. Please check and try again." asks for
//!   another input; GraphQL's `Variable "$x" of required type "Int!" was not
//!   provided.` is a query missing a variable.

use super::Category::{Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    (
        "value=\"the database is not currently reachable.",
        ServerDown,
        Weak,
    ),
    (
        "connection peer refused channel request for \"dtxproxy:xctestmanager_ideinterface:xctestmanager_daemonconnectioninterface\"",
        Transient,
        Weak,
    ),
    (
        "can't perform the versions/branches synchronize at the moment",
        Transient,
        Weak,
    ),
    (
        "search indexes bootstrapping and not yet available",
        ServerDown,
        Weak,
    ),
    (
        "environment variables have changed during push",
        Transient,
        Weak,
    ),
    (
        "document version changed between two reads",
        Transient,
        Weak,
    ),
    ("task exceeded maximum timeout value", Permanent, Weak),
    ("job exceeded maximum timeout value", Permanent, Weak),
    ("doesn't look like a valid ml backend", Permanent, Weak),
    ("please contact the app vendor", Permanent, Weak),
    ("start an emulator manually and try again", Permanent, Weak),
    ("try changing the sdk url", Permanent, Weak),
    (
        "your git repository contains a reference we cannot resolve",
        Permanent,
        Weak,
    ),
    ("is not correct. please check and try again", Input, Weak),
    ("\" of required type \"", Input, Weak),
];
