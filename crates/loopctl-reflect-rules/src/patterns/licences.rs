//! Licence refusals of commercial engines: a licence expired, not valid for this version or user, not found, or not checked out, which no wait lifts.
//!
//! From `final69`'s misses, in the engines' own words: Gurobi's error
//! 10009 ("License expired", "license not valid for Gurobi version 10",
//! "not in authorized user list", "Failed to set up a license"), FICO
//! Xpress' "Your license expired on ...", MOSEK's error 1008 ("License
//! cannot be located"), the MATLAB Engine's "Error checking out license",
//! and the Wolfram Engine's activation ("is not activated or is
//! experiencing a license-related problem", "could not be activated using
//! your Wolfram ID"). Each names a licence refused, so each is a
//! credential failure: someone must renew, move or activate the licence.
//!
//! Not the word "license" alone: Unity's "problem communicating with the
//! license server" and "License is not active" passed on a retry in
//! `final53`, and Directus' "Licensing service is unreachable" in
//! `final65`; those tables keep their own entries, and a licence server
//! that cannot be reached is not named here.

use super::Category::Auth;
use super::Pattern;
use super::Tier::Strong;

pub(super) const PATTERNS: &[Pattern] = &[
    ("license expired", Auth, Strong),
    ("license not valid for", Auth, Strong),
    ("not in authorized user list", Auth, Strong),
    ("failed to set up a license", Auth, Strong),
    ("license cannot be located", Auth, Strong),
    ("error checking out license", Auth, Strong),
    ("experiencing a license-related problem", Auth, Strong),
    ("could not be activated using your", Auth, Strong),
];
