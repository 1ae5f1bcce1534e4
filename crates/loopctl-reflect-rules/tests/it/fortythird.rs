//! The forty-third round, read after `final33.jsonl` was measured: writers contending for the same data, a rate named by its allowance, and an IAM role not yet propagated.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn contention_an_allowance_and_a_new_role_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // hashicorp/terraform-provider-google:google/transport/error_retry_predicates_test.go
            "Aborted due to cross-transaction contention",
            "Lock contention on table orders; retry",
            // IBM-Cloud/ibm-cloud-cli-release#60
            "Error response from server. Status code: 429; description: The request frequency from this IP exceeded the allowable rate of 30 per 60000 ms with a minimum separation of 0 ms.",
            // pulumi/pulumi-aws-native#148
            "operation CREATE failed with \"InvalidRequest\": The role defined for the function cannot be assumed by Lambda. (Service: Lambda, Status Code: 400)",
        ],
    );
}

#[test]
fn a_refusal_beside_contention_stays_a_refusal() {
    assert!(!verdict("API key invalid; lock contention").0);
    // A bare "exceeded" beside a 429 still reads as a quota.
    assert!(!verdict("Status code: 429; description: monthly allowance exceeded").0);
}
