//! The forty-second round, read after `final32.jsonl` was measured: sessions to open again by hand, elections and paused tenants, an archive restore under way.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn a_session_to_open_again_is_a_credential_failure_whatever_the_advice() {
    // Generic words, like "credentials": they decide where nothing names a
    // passing failure, unsure, so `rules+llm` asks the model.
    assert_all(
        (false, Confidence::Weak),
        &[
            // ollama/ollama:app/ui/ui.go
            "Could not verify you are signed in. Please sign in and try again.",
            // In the words of Railway's CLI (`final20.jsonl`), without its
            // "Unauthorized".
            "Please login with `railway login`",
            // Azure/azure-storage-azcopy (`final32.jsonl`)
            "no cached token found, please log in with azcopy's login command",
            "You are not signed in.",
            "Please sign-in and try again",
        ],
    );
    // Enterprise Gateway names the refusal itself.
    assert_all(
        (false, Confidence::Strong),
        &[
            // jupyter-server/enterprise_gateway:docs/source/operators/config-security.md
            "User 'bob' is not in the set of users authorized to start kernel 'Spark - Python (YARN Client Mode)'. Ensure KERNEL_USERNAME is set to an appropriate value and retry the request.",
        ],
    );
    // A fetched page's banner beside its own 503 is the 503, and code
    // signing is not a session.
    assert!(verdict("503 Service Unavailable. Please log in to see status.").0);
    assert_ne!(
        verdict(
            "SignTool Error: binary not signed in time: the timestamp server could not be reached"
        ),
        (false, Confidence::Strong)
    );
}

#[test]
fn words_of_a_passing_state_leave_a_credential_word_deciding() {
    for refused in [
        "Your API key is invalid. Bedrock is unable to process your request",
        "credentials rejected; no primary available",
        "Missing credentials; the upload must be retried",
        "namespace is resuming; credentials have expired",
        "API key invalid, keyspace being resharded",
    ] {
        assert!(!verdict(refused).0, "{refused}");
    }
}

#[test]
fn an_election_a_move_or_a_tenant_coming_back_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // typesense/typesense:src/raft_server.cpp
            "Could not find a leader.",
            // twmb/franz-go:pkg/kerr/kerr.go
            "The coordinator is not available.",
            // laravel/framework:src/Illuminate/Database/LostConnectionDetector.php
            "no primary available for branch",
            "current keyspace is being resharded",
            // kubernetes/apiserver:pkg/storage/cacher/ready_test.go
            "storage is (re)initializing",
            // weaviate/weaviate:usecases/namespaces/controller.go
            "namespace is resuming",
            // RooCodeInc/Roo-Code:src/api/providers/__tests__/bedrock-error-handling.spec.ts
            "Bedrock is unable to process your request",
            // rclone/rclone:backend/storj/fs.go
            "bucket was not available, now created, the upload must be retried",
        ],
    );
}

#[test]
fn an_archive_restore_under_way_takes_hours() {
    // minio/minio:cmd/api-errors.go
    assert_eq!(
        verdict("Object restore is already in progress"),
        (false, Confidence::Weak)
    );
    // An upload merely "in progress", or a local restore, still passes.
    assert!(verdict("Another upload is in progress, please wait").0);
    assert!(verdict("A restore is already in progress, please wait").0);
}
