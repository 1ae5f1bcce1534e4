//! The forty-third round, read after `final33.jsonl` was measured: writers contending for the same data and a rate named by its allowance.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn contention_and_an_allowance_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // hashicorp/terraform-provider-google:google/transport/error_retry_predicates_test.go
            "Aborted due to cross-transaction contention",
            "Lock contention on table orders; retry",
            "write failed: resource contention on the shard",
            // IBM-Cloud/ibm-cloud-cli-release#60
            "Error response from server. Status code: 429; description: The request frequency from this IP exceeded the allowable rate of 30 per 60000 ms with a minimum separation of 0 ms.",
        ],
    );
}

#[test]
fn a_refusal_beside_contention_stays_a_refusal() {
    assert!(!verdict("API key invalid; lock contention").0);
    // The word alone names settings and reports, not a failure.
    assert!(!verdict("unknown config key \"lock.contention.threshold\"").0);
    assert!(!verdict("Import failed: invalid header (no contention detected)").0);
    // Lambda's role that cannot be assumed is a wait in half the threads
    // and a wrong trust policy in the other half: not read as passing.
    assert!(
        !verdict("InvalidParameterValueException: The role defined for the function cannot be assumed by Lambda.").0
    );
    // A bare "exceeded" beside a 429 still reads as a quota.
    assert!(!verdict("Status code: 429; description: monthly allowance exceeded").0);
}
