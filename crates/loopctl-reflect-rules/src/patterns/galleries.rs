//! Keyword-driven automation, bioimage servers, weather data, aircraft and ship tracking, image servers and digital collections, and subtitle tools: their words for a database busy for a moment and a server still starting, and for values out of range, rejected client ids, passwords that differ and logins that failed.
//!
//! From `final79`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: OMERO's "Cannot acquire connection" and "cannot
//!   create transaction" (its `DatabaseBusyException`, which its error
//!   list tells clients to retry after the given back-off) and "Server
//!   not fully initialized" (the Python client retries it), a server's
//!   "connection limit exceeded" (CollectiveAccess, and the transaction
//!   pools of two labelled files), Bazarr's BSPlayer provider's
//!   "Problems conecting to the server".
//! - Lasting: a value out of its range ("can only be an integer between",
//!   "must be false or a number between", though the setting is named
//!   `timeout`), MQTT's "Identifier Rejected" (a client id the broker
//!   will not take), CollectiveAccess' password that "does not match
//!   confirmation".
//! - Refused: Omeka's "Login information incorrect", ending "Please try
//!   again". The Universal Viewer's "log-in attempt did not appear to be
//!   successful" lasts, weakly: it also follows a failed network request.
//!
//! Not named, since their threads disagree or the words say nothing of
//! the cause: Omeka's CSV import "settings expired. Please try again."
//! (a session cut short by invalid UTF-8, failing on every re-run), a
//! Robot Framework remote library's refused connection, docker-compose's
//! read time-out in Islandora's stack.

use super::Category::{Auth, Input, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // ome/omero-blitz (ServerErrors.ice: DatabaseBusyException), omero-py;
    // weak, since both catch-alls also cover a database down or set up
    // wrong, and omero-py's three quick retries of the third can run out
    // (the review)
    ("cannot acquire connection", Transient, Weak),
    ("cannot create transaction", Transient, Weak),
    ("server not fully initialized", Transient, Weak),
    // collectiveaccess/providence; Vitess' transaction pool in fresh and
    // final32. Not the bare words: Alpaca's streaming API says them of the
    // one connection a plan allows, held while the other session lives
    // (the review)
    ("server connection limit exceeded", Transient, Weak),
    ("pool connection limit exceeded", Transient, Weak),
    // morpheus65535/bazarr (the BSPlayer provider's spelling, for any
    // status of 400 or above, so weak; Bazarr pauses a provider that keeps
    // failing)
    ("problems conecting to the server", Transient, Weak),
    // pyais, AIS-catcher: a setting's range, whatever it is called
    ("can only be an integer between", Input, Strong),
    ("must be false or a number between", Input, Strong),
    // MQTT 3.1.1's CONNACK return code 2, as AIS-catcher and the
    // fusesource client print it
    ("identifier rejected", Permanent, Strong),
    ("identifier_rejected", Permanent, Strong),
    // collectiveaccess/providence (UsersController)
    ("does not match confirmation", Input, Strong),
    // omeka/Omeka (UsersController)
    ("login information incorrect", Auth, Strong),
    // UniversalViewer (authorisationFailedMessage): lasting, weakly, not a
    // refusal, since it shows for any image request that did not end in
    // 200 or 302, a failed network or CORS check among them (the review)
    (
        "log-in attempt did not appear to be successful",
        Permanent,
        Weak,
    ),
];
