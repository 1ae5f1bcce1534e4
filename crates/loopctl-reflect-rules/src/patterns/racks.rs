//! Routing daemons, home-lab dashboards, music and directory servers, container sandboxes, storage targets, search engines and pipelines: their words for a lock another session holds, a device that reports a reset once, and a limit per minute.
//!
//! From the misses of `final92` and `final93`, each in its system's own
//! words:
//!
//! - Passing, weak: FRRouting's configuration datastore locked by another
//!   session (mgmtd's "could not lock candidate DS", "Lock already taken
//!   on DS by another session", held for the length of one command);
//!   Homarr's own "the server is unstable or restarted"; Supysonic's
//!   daemon "currently scanning"; Zentyal's "Another process is updating";
//!   the SCSI additional sense texts of a device that reports a change
//!   once and then serves (T10's "in process of becoming ready", "Power
//!   on, reset, or bus device reset occurred" and the "Unit attention"
//!   sense key, as sg3_utils and smartctl print them, and the kernel's
//!   "Power-on or device reset occurred"; weak, since a device that never
//!   clears its unit attention exists); Marginalia Search's limit of
//!   queries per minute ("QPM Limit Exceeded"); "wait and retry", which
//!   advises the retry, unless negated ("will not wait and retry").
//! - Lasting, weak: a device "not ready" until a person acts ("not ready,
//!   manual intervention required", not "no manual intervention
//!   required") or a sanitize runs to its end, which takes hours; an
//!   "incorrect CAPTCHA", which a person must answer again.
//!
//! Taken out by the round's review: Apptainer's "failed to find loop
//! device", which never decided the texts it was written from (the weak
//! "no such" after it does) and where it decides ("no loop devices
//! available") lasts as often as it passes; nf-core's "Could not load
//! nf-core/config profiles", a warning every offline compute node prints
//! beside the failure that decides.
//!
//! Not named: a connection refused, a name that did not resolve, a time-out
//! and a 429 that their threads found lasting (a daemon not running, a host
//! misconfigured, Docker Hub's pull limit of six hours), which other texts
//! with the same words pass; ZFS's "dataset is busy" and EBUSY, lasting
//! and passing about as often in the labelled files.

use super::Category::{Input, Permanent, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // FRRouting/frr (mgmtd), on the candidate and the running datastore
    ("could not lock candidate ds", Transient, Weak),
    ("could not lock running ds", Transient, Weak),
    (
        "lock already taken on ds by another session",
        Transient,
        Weak,
    ),
    // homarr-labs/homarr
    ("the server is unstable or restarted", Transient, Weak),
    // spl0k/supysonic
    ("daemon is currently scanning", Transient, Weak),
    // zentyal/zentyal
    ("another process is updating", Transient, Weak),
    // T10 SPC additional sense and sense key texts (sg3_utils, vendors'
    // "in the process of becoming ready"), and the kernel's (drivers/scsi)
    ("process of becoming ready", Transient, Weak),
    (
        "power on, reset, or bus device reset occurred",
        Transient,
        Weak,
    ),
    ("power-on or device reset occurred", Transient, Weak),
    ("unit attention", Transient, Weak),
    ("not ready, manual intervention required", Permanent, Weak),
    ("sanitize in progress", Permanent, Weak),
    // MarginaliaSearch (queries per minute)
    ("qpm limit", Transient, Weak),
    // Advice to retry after a wait (Roboflow's "wait and retry"), and its
    // negations, which hide it and advise nothing (the review)
    ("wait and retry", Transient, Weak),
    ("not wait and retry", Permanent, Weak),
    ("does not wait and retry", Permanent, Weak),
    ("do not wait and retry", Permanent, Weak),
    ("no point to wait and retry", Permanent, Weak),
    // airsonic-advanced
    ("incorrect captcha", Input, Weak),
];
