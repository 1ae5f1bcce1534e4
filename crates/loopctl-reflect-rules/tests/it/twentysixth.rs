//! The twenty-sixth round, read after `final17.jsonl` was measured: an unknown tool in the Vercel AI SDK's words, plan quotas and hourly limits, services that are not there and limits that are settings; passing failures in the words of grpc-java, tonic, Mint, pnpm, Redis, Temporal, Nomad, CircleCI, Delta, Microsoft Graph and GitLab.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // vercel/ai:packages/ai/src/ui/process-ui-message-stream.test.ts
        "Model tried to call unavailable tool 'nonExistentTool'.",
        // google-gemini/cookbook:quickstarts/Search_Grounding.ipynb
        "google.genai._interactions.RateLimitError: Error code: 429 - {'error': {'message': 'You do not have enough quota to make this request.', 'code': 'too_many_requests'}}",
        // letsencrypt/website:content/en/docs/rate-limits.md
        "too many new registrations (10) from this IP address in the last 3h0m0s,\nretry after 1970-01-01 00:18:15 UTC.",
        // supabase/auth:internal/api/mail.go
        "email rate limit exceeded",
        // containers/podman:docs/tutorials/podman-for-windows.md
        "Cannot connect to Podman. Please verify your connection to the Linux system using `podman system connection list`, or try `podman machine init` and `podman machine start` to manage a new Linux VM\nError: unable to connect to Podman socket: Get \"http://d/v5.7.1/libpod/_ping\": ssh: rejected: connect failed (open failed)",
        // argoproj/argo-cd:docs/user-guide/diffing.md
        "JQ patch execution timed out",
        // astronomer/docs:learn/airflow-dbt.md
        "DagBag import timeout",
    ]);
}

#[test]
fn what_passes() {
    assert_passing(&[
        // pnpm/pnpm:pnpm11/cli/default-reporter/test/reportingErrors.ts
        "Actual size (99) of tarball (https://foo) did not match the one specified in 'Content-Length' header (100)",
        // grpc/grpc-java:core/src/main/java/io/grpc/internal/KeepAliveManager.java
        "Keepalive failed. The connection is likely gone",
        // grpc/grpc-java:netty/src/main/java/io/grpc/netty/NettyClientHandler.java
        "Network closed for unknown reason",
        // hyperium/tonic:tonic-xds/src/client/loadbalance/errors.rs
        "no ready endpoints available",
        // elixir-mint/mint:lib/mint/http2.ex
        "request was not processed by the server, which means that it's safe to retry on a different or new connection",
        // sidekiq/sidekiq:test/sidekiq_test.rb
        "UNBLOCKED force unblock from blocking operation, instance state changed (master -> replica?)",
        // temporalio/temporal:common/rpc/interceptor/health.go
        "Frontend is not healthy yet",
        // hashicorp/nomad:nomad/plan_queue.go
        "plan queue is disabled",
        // circleci/circleci-docs:docs/guides/modules/ROOT/partials/troubleshoot/self-hosted-runner-troubleshoot-snip.adoc
        "Oops, there was an issue with your infrastructure. Verify your self-hosted runner infrastructure is operating and try re-running the job. If the issue persist, see our troubleshooting guide",
        // delta-io/delta:kernel/kernel-api/src/main/java/io/delta/kernel/exceptions/ConcurrentWriteException.java
        "Transaction has encountered a conflict and can not be committed. Query needs to be re-executed using the latest version of the table.",
        // alcionai/corso:src/pkg/services/m365/api/graph/errors.go
        "IO error during request payload read",
        // python-gitlab/python-gitlab:tests/unit/test_gitlab_http_methods.py
        "Resource lock",
    ]);
}
