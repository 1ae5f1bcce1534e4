//! The twenty-third round, written before `final15.jsonl` was measured: a wait or a CI job that spent its whole budget (apimachinery's `wait.ErrWaitTimeout`, CircleCI's and GitLab Runner's job time-outs) is not a blip.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn a_wait_that_spent_its_whole_budget() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // helm/helm#1826: five minutes of `--wait`, then the release failed.
            "Error: UPGRADE FAILED: timed out waiting for the condition",
            // jupyterhub/zero-to-jupyterhub-k8s#127: fixed by a longer `--timeout`.
            "Error: timed out waiting for the condition",
            // `kubectl wait`'s wording (kubectl/pkg/cmd/wait) for a pod that never became ready.
            "error: timed out waiting for the condition on pods/web-0",
        ],
    );
    // A time-out of one request stays a blip.
    assert_eq!(
        verdict("Error: Get \"https://10.0.0.1:6443/api\": net/http: TLS handshake timeout"),
        (true, Confidence::Weak)
    );
}

#[test]
fn a_ci_job_that_spent_its_whole_budget() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // nspcc-dev/neo-go#2436: CircleCI's `no_output_timeout`.
            "go test -v -race ./...\n\nToo long with no output (exceeded 10m0s): context deadline exceeded",
            // DataBiosphere/azul#7026: GitLab Runner's script time-out.
            "Terminated\nWARNING: step_script could not run to completion because the timeout was exceeded. For more control over job and script timeouts see: https://docs.gitlab.com/ee/ci/runners/configure_runners.html#set-script-and-after_script-timeouts",
            // GitLab Runner's job time-out line on its own.
            "ERROR: Job failed: execution took longer than 1h0m0s seconds",
        ],
    );
}
