//! The twenty-first round: client-go's `localhost:8080` fallback, nats-server's payload limit, Gemini's models with no free tier, Google Calendar's usage limits, what is no longer supported, and a request larger than the whole limit it is counted against, read from their sources after `final13.jsonl` missed them.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, verdict};

#[test]
fn a_kubernetes_client_with_no_kubeconfig() {
    assert_lasting(&[
        // KusionStack/karpor#563
        r#"Error: INSTALLATION FAILED: Kubernetes cluster unreachable: Get "http://localhost:8080/version": dial tcp 127.0.0.1:8080: connect: connection refused"#,
        // kubernetes/kubectl#737
        "The connection to the server localhost:8080 was refused - did you specify the right host or port?",
    ]);
    // Another server refused, as an API server that is restarting does, is
    // no sign of a missing kubeconfig.
    assert_ne!(
        verdict(
            "The connection to the server 10.0.0.1:6443 was refused - did you specify the right host or port?"
        ),
        (false, Confidence::Strong)
    );
    assert_ne!(
        verdict(
            r#"Get "https://10.0.0.1:6443/version": dial tcp 10.0.0.1:6443: connect: connection refused"#
        ),
        (false, Confidence::Strong)
    );
    // Nor is a page served on localhost:8080 that is still coming up.
    assert!(
        verdict(r#"net::ERR_CONNECTION_REFUSED at http://localhost:8080/\n- navigating to "http://localhost:8080/", waiting until "load""#).0
    );
}

#[test]
fn limits_that_no_retry_within_minutes_outlasts() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // peer-observer/peer-observer#99 (nats-server's -ERR)
            "Maximum Payload Violation on connection [12]",
            // ai-christianson/RA.Aid#182
            "Encountered ResourceExhausted: 429 Gemini 2.5 Pro Preview doesn't have a free quota tier. Please use Gemini 2.5 Pro Experimental instead. retry_delay { seconds: 33 }",
            // derekantrican/GAS-ICS-Sync#167
            "Error, Retrying...GoogleJsonResponseException: API call to calendar.events.insert failed with error: Calendar usage limits exceeded.",
        ],
    );
    // camel-ai/owl#48: a retired site, beside the client's own "retrying in
    // 30 seconds". "No longer supported" decides only weakly, alone too:
    // npm prints it as a warning beside the failure that matters.
    assert_eq!(
        verdict(
            "Unexpected error during start crawl job: Status code 403. This website is no longer supported, please reach out to help@firecrawl.com for more info on how to activate it on your account., retrying in 30 seconds..."
        ),
        (false, Confidence::Weak)
    );
    assert_eq!(
        verdict("Error: model text-davinci-003 is no longer supported"),
        (false, Confidence::Weak)
    );
}

#[test]
fn a_request_larger_than_the_whole_limit_never_fits() {
    // danielmiessler/Fabric#364: Groq's per-minute limit, which this one
    // request outgrows however long it waits.
    assert_eq!(
        verdict(
            "Error code: 429 - {'error': {'message': 'Rate limit reached for model `llama3-70b-8192` in organization `org_01hrsvc1b8ey0anvbgha0xckf2` on tokens per minute (TPM): Limit 7000, Used 0, Requested ~12903. Please try again in 50.597142857s.', 'type': 'tokens', 'code': 'rate_limit_exceeded'}}"
        ),
        (false, Confidence::Strong)
    );
    // VectorInstitute/health-rec#103: a request that fits once the minute
    // refills passes.
    assert_eq!(
        verdict(
            "Rate limit reached for gpt-4o in organization org-XwMmmeQD7sNASHgyQVORTOWI on tokens per min (TPM): Limit 1000000, Used 976163, Requested 70716. Please try again in 2.812s."
        ),
        (true, Confidence::Strong)
    );
}
