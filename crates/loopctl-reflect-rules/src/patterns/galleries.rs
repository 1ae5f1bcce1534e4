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
//!   "Problems conecting to the server" (on Bazarr's own retry list).
//! - Lasting: a value out of its range ("can only be an integer between",
//!   "must be false or a number between", though the setting is named
//!   `timeout`), MQTT's "Identifier Rejected" (a client id the broker
//!   will not take), CollectiveAccess' password that "does not match
//!   confirmation".
//! - Refused: Omeka's "Login information incorrect" and the Universal
//!   Viewer's "log-in attempt did not appear to be successful", each
//!   ending "Please try again".
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
    // ome/omero-blitz (ServerErrors.ice: DatabaseBusyException), omero-py
    ("cannot acquire connection", Transient, Weak),
    ("cannot create transaction", Transient, Weak),
    ("server not fully initialized", Transient, Weak),
    // collectiveaccess/providence; transaction pools in fresh and final32
    ("connection limit exceeded", Transient, Weak),
    // morpheus65535/bazarr (the BSPlayer provider's spelling)
    ("problems conecting to the server", Transient, Weak),
    // pyais, AIS-catcher: a setting's range, whatever it is called
    ("can only be an integer between", Input, Strong),
    ("must be false or a number between", Input, Strong),
    // MQTT 3.1.1's CONNACK return code 2, as AIS-catcher prints it
    ("identifier rejected", Permanent, Strong),
    // collectiveaccess/providence (UsersController)
    ("does not match confirmation", Input, Strong),
    // omeka/Omeka (UsersController)
    ("login information incorrect", Auth, Strong),
    // UniversalViewer (authorisationFailedMessage)
    (
        "log-in attempt did not appear to be successful",
        Auth,
        Strong,
    ),
];
