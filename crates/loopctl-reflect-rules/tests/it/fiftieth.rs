//! The fiftieth round, read after `final41.jsonl` was measured: work of the same kind still under way, printers and research data services that answer on the next try, a maintenance mode that ends, and MapServer's refusals of a request that read as server faults.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn work_still_under_way_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // moby/moby: daemon/prune.go
            "a prune operation is already running",
            // opensearch-project/documentation-website: _tuning-your-cluster/replication-plugin/bulk-api.md
            "A bulk replication task is already running. Only one bulk task is allowed at a time.",
            // dequelabs/axe-core: lib/core/public/run.js
            "Axe is already running. Use `await axe.run()` to wait for the previous run to finish before starting a new run.",
            // https://help.smartling.com/hc/en-us/articles/1260805145550-Rate-Limits
            "The limit of 10 concurrent Smartling file API operations for this project has been exceeded.",
            // OpenPrinting/cups: backend/ipp.c
            "The printer is in use.",
        ],
    );
}

#[test]
fn services_that_answer_on_the_next_try_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // scikit-hep/uproot5#351
            "XRootD error: [ERROR] Operation expired",
            // Deltares/dfm_tools#613
            "FAILED tests/test_interpolate_grid2bnd.py::test_interpolate_tide_to_forcingmodel - RuntimeError: NetCDF: DAP failure",
            // GoogleChrome/lighthouse: build/build-sample-reports.js
            "Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_FCP)",
            // Smartling/api-sdk-java: api-sdk/src/test/java/com/smartling/api/sdk/file/FileApiClientImplTest.java
            "MAINTENANCE_MODE_ERROR\nError{key='some_error', message='Some error', details=ErrorDetails{field='null', errorId='null'}}",
        ],
    );
}

#[test]
fn mapserver_refusals_are_not_server_faults() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // MapServer/MapServer: msautotest/wxs/expected/ows_wcs11_disabled.xml,
            // wcs_exception.xml, wcs_getcov_exception_bbox.xml
            "msWCSDispatch(): WCS server error. WCS request not enabled. Check wcs/ows_enable_request settings.",
            "msWCSGetCoverage(): WCS server error. Required parameter CRS was not supplied.",
            "msWCSGetCoverage(): WCS server error. Requested BBOX (500,500,1000,1000) is outside requested coverage BBOX (0,0,400,300)",
        ],
    );
}

#[test]
fn the_words_leave_instances_and_refusals_alone() {
    // A second instance of a server stays until the first one is stopped.
    assert_ne!(
        verdict("Error: another instance of the server is already running on port 8080"),
        (true, Confidence::Weak)
    );
    assert_eq!(
        verdict("The printer is in use. 401 Unauthorized: invalid API key"),
        (false, Confidence::Strong)
    );
}
