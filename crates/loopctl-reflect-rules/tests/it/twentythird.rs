//! The twenty-third round, written before `final15.jsonl` was measured: a wait that spent its whole budget (apimachinery's `wait.ErrWaitTimeout`) is not a blip.

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
