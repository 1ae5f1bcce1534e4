//! A lasting or credential verdict beside a passing failure named in the same text is unsure: the verdict stands, but the next reader decides.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn a_lasting_verdict_beside_a_passing_failure_is_weak() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // GoogleCloudPlatform/gcs-fuse-csi-driver's troubleshooting page:
            // gRPC's Aborted is a passing code, "already exists" a lasting one.
            r#"MountVolume.SetUp failed for volume "data" : rpc error: code = Aborted desc = An operation with the given volume key vol-1 already exists"#,
            // A schema error raised around a rate limit.
            "ValueError: invalid literal for int() with base 10: 'x' (while handling HTTP 429 Too Many Requests)",
            "FileNotFoundError: [Errno 2] No such file or directory: '/data/in.csv' after connection refused by the NFS server",
            // A class that names the failure, a generic word that names
            // another.
            "botocore.errorfactory.BucketAlreadyExists: An error occurred (BucketAlreadyExists) when calling the CreateBucket operation (the connection timed out on the first attempt)",
        ],
    );
}

#[test]
fn a_credential_verdict_beside_a_passing_failure_is_weak_but_never_retried() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // Microsoft Graph throttling sent as accessDenied (learn.microsoft.com Q&A 1328107).
            r#"Error: 429 - {"error":{"code":"accessDenied","message":"Too Many Requests","innerError":{"code":"throttledRequest"}}}"#,
            "An error occurred (AccessDenied) when calling the PutObject operation: Access Denied; retried after SlowDown: Please reduce your request rate.",
            "401 Unauthorized: invalid api key (upstream returned 429 Too Many Requests)",
            "PermissionDenied: 403 the caller does not have permission; read ECONNRESET from the metadata server",
        ],
    );
}

#[test]
fn advice_names_no_passing_failure() {
    // "Fix it and try again" is how lasting and credential failures end;
    // it must not unsettle them.
    assert_all(
        (false, Confidence::Strong),
        &[
            "401 Unauthorized: please check your credentials and try again",
            "The API key provided has expired. Obtain a new key from the Dashboard or run `stripe login` and try again.",
            "Cannot publish over existing version. Update the 'version' field in package.json and try again.",
            "PermissionDenied: caller lacks permission on projects/retryable-app",
        ],
    );
}

#[test]
fn a_lasting_verdict_alone_stays_strong() {
    for text in [
        "FileNotFoundError: [Errno 2] No such file or directory: '/data/in.csv'",
        "botocore.errorfactory.BucketAlreadyExists: An error occurred (BucketAlreadyExists) when calling the CreateBucket operation",
    ] {
        assert_eq!(verdict(text), (false, Confidence::Strong), "{text}");
    }
}
