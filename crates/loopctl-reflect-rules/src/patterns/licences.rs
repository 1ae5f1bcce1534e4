//! Licence refusals of commercial engines: a licence expired, not valid for this version or user, not found, or not checked out, which no wait lifts.
//!
//! From `final69`'s misses, in the engines' own words: Gurobi's error
//! 10009 ("License expired", "license not valid for Gurobi version 10",
//! "not in authorized user list"), FICO Xpress' "Your license expired on
//! ...", MOSEK's error 1008 ("License cannot be located"), and the Wolfram
//! Engine's activation ("is not activated or is experiencing a
//! license-related problem", "could not be activated using your Wolfram
//! ID"); and, named by the review, Gurobi's other refusals ("No Gurobi
//! license found", "HostID mismatch", "license is for version", error
//! 10024) and MOSEK's response codes for an expired, wrong-version or
//! wrong-host licence. Each names a licence refused, so each is a
//! credential failure: someone must renew, move or activate the licence.
//!
//! Two are not refusals. The MATLAB Engine's "Error checking out license"
//! heads a checkout that failed for want of a free seat or a server as
//! much as for a refusal (a cluster's job script sleeps and resubmits on
//! it), so it lasts only weakly; MOSEK's "The license server is not
//! responding" (1015) passes, weakly. Gurobi's "Failed to set up a
//! license" heads every licence failure, its token server down among
//! them, and is not named.
//!
//! Not the word "license" alone: Unity's "problem communicating with the
//! license server" and "License is not active" passed on a retry in
//! `final53`, and Directus' "Licensing service is unreachable" in
//! `final65`; those tables keep their own entries, and a licence server
//! that cannot be reached is not named here.

use super::Category::{Auth, Permanent, ServerDown};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("license expired", Auth, Strong),
    ("license not valid for", Auth, Strong),
    ("not in authorized user list", Auth, Strong),
    // Gurobi's header for every licence failure, a server down among them,
    // is not named: what follows it is.
    ("no gurobi license found", Auth, Strong),
    ("hostid mismatch (licensed to", Auth, Strong),
    ("license is for version", Auth, Strong),
    (
        "web license service only available for container",
        Auth,
        Strong,
    ),
    ("license cannot be located", Auth, Strong),
    // MOSEK's response codes 1001, 1002 and 1025.
    ("the license has expired", Auth, Strong),
    ("the license is valid for another version of", Auth, Strong),
    (
        "host id specified in the license file does not match",
        Auth,
        Strong,
    ),
    // A checkout that failed: no seat free, the server down or a refusal,
    // as what follows says; lasting only weakly.
    ("error checking out license", Permanent, Weak),
    // MOSEK's 1015: the server comes back.
    ("the license server is not responding", ServerDown, Weak),
    ("experiencing a license-related problem", Auth, Strong),
    ("could not be activated using your", Auth, Strong),
];
