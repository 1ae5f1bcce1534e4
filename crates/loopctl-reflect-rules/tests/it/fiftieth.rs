//! The fiftieth round, read after `final41.jsonl` was measured: XRootD's request time-out, and MapServer's refusals of a request that read as server faults.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, verdict};

#[test]
fn xrootd_time_out_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // scikit-hep/uproot5#351
            "XRootD error: [ERROR] Operation expired",
        ],
    );
}

#[test]
fn mapserver_refusals_are_not_server_faults() {
    // Weak when this round added them; the fifty-seventh made the family
    // strong (`fiftyseventh.rs`), except where a missing parameter is read
    // as an input whose schema is unknown.
    assert_lasting(&[
        // MapServer/MapServer: msautotest/wxs/expected/ows_wcs11_disabled.xml,
        // wcs_exception.xml, wcs_getcov_exception_bbox.xml
        "msWCSDispatch(): WCS server error. WCS request not enabled. Check wcs/ows_enable_request settings.",
        "msWCSGetCoverage(): WCS server error. Required parameter CRS was not supplied.",
        "msWCSGetCoverage(): WCS server error. Requested BBOX (500,500,1000,1000) is outside requested coverage BBOX (0,0,400,300)",
    ]);
}

#[test]
fn the_words_leave_refusals_and_stuck_work_alone() {
    assert_eq!(
        verdict("XRootD error: [ERROR] Operation expired; 401 Unauthorized: invalid API key"),
        (false, Confidence::Strong)
    );
    // What the second reader found: work "already running" that never
    // ends, and a printer stuck "in use", stay undecided or lasting.
    assert_ne!(
        verdict("Cannot execute task: the task is already running."),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict(
            "Error: a backup operation is already running (lock held since 12 days by pid 4242)"
        ),
        (true, Confidence::Weak)
    );
}
