//! The nineteenth round: what `final11.jsonl` measured wrong once, each text from the source named beside it, and the rule that a limit counted by the day outlasts a retry.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_lasting, assert_passing, verdict};

#[test]
fn credential_failures_in_the_sdks_words() {
    for text in [
        // aws/aws-sdk-go#5138: a time-out on the way does not make it pass.
        "failed to sign request: failed to retrieve credentials: failed to refresh cached credentials, no EC2 IMDS role found, operation error ec2imds: GetMetadata, request canceled, context deadline exceeded",
        // supabase/supabase#31027
        "Connection closed when state was authentication",
    ] {
        assert!(!verdict(text).0, "{text}");
    }
}

#[test]
fn a_limit_counted_by_the_day_outlasts_a_retry() {
    assert_lasting(&[
        // open-meteo/open-meteo#854
        "Daily API request limit exceeded. Please try again tomorrow.",
        // EFForg/action-center-platform#874: "Throttling" and a busy server,
        // but the quota is the day's.
        r#"<?xml version="1.0" encoding="UTF-8"?> <error> <name>Net::SMTPServerBusy</name> <message>454 Throttling failure: Daily message quota exceeded. </message> </error>"#,
        // phpclassic/php-shopify#81
        "Daily variant creation limit reached. Please try again later.",
    ]);
    // Only weakly: the words are less sure than a wait the server names.
    assert_eq!(
        verdict("Daily API request limit exceeded. Please try again tomorrow."),
        (false, Confidence::Weak)
    );
    // A daily job's blip names no limit, and still passes.
    assert_passing(&[
        "daily export job failed: read tcp 10.0.0.2:51234->10.0.0.9:5432: read: connection reset by peer",
        "Nightly sync (runs daily) aborted: 503 Service Unavailable, please try again later",
    ]);
}

#[test]
fn conditions_that_stay() {
    assert_lasting(&[
        // apalache-mc/apalache#2622 and grpc/grpc-dotnet#1962: gRPC sends
        // its message size limits as RESOURCE_EXHAUSTED.
        "io.grpc.StatusRuntimeException: RESOURCE_EXHAUSTED: gRPC message exceeds maximum size 4194304: 5177182",
        r#"Grpc.Core.RpcException: Status(StatusCode="ResourceExhausted", Detail="Received message exceeds the maximum configured message size.")"#,
        // cert-manager/cert-manager#4676: Let's Encrypt counts by the hour.
        r#"The certificate request has failed to complete and will be retried: Failed to wait for order resource "drammenlegesenter-no-cert-kjbs7-3761388167" to become ready: order is in "errored" state: Failed to create Order: 429 urn:ietf:params:acme:error:rateLimited: Error creating new order :: too many failed authorizations recently: see https://letsencrypt.org/docs/rate-limits/"#,
        // heroku/heroku-repo#64 and reacherhq/backend#195
        r#"2017-03-23T17:59:13.869386+00:00 heroku[router]: at=error code=H10 desc="App crashed" method=POST path="/webhook" host=fabfit.herokuapp.com request_id=24a5387b-fdde-43ce-95ed-b210c5e6e529 fwd="69.63.188.204" dyno= connect= service= status=503 bytes= protocol=https"#,
        "Error R10 (Boot timeout) -> Web process failed to bind to $PORT within 60 seconds of launch",
        // DataDog/integrations-core#15489
        "psycopg.OperationalError: sending query failed: another command is already in progress",
        // vitessio/vitess#19978
        "E0416 22:30:39.611449       1 rpc_query.go:171] failed to reload the schema Code: ABORTED\nRow count exceeded 10000\nin Engine.reload(), reading tables",
        // Neurotech-HQ/heyoo#94: "try again" after adding the number.
        "Response: {'error': {'message': '(#131030) Recipient phone number not in allowed list', 'type': 'OAuthException', 'code': 131030, 'error_data': {'messaging_product': 'whatsapp', 'details': 'Recipient phone number not in allowed list: Add recipient phone number to recipient list and try again.'}, 'fbtrace_id': <ID>}}",
        // apify/actor-scraper#51
        "ACTOR: The actor run has reached the timeout of 300 seconds, aborting it. You can increase the timeout in run options.",
    ]);
}

#[test]
fn failures_their_systems_retry() {
    assert_passing(&[
        // apache/arrow#40539: libcurl's own wording of its code 6.
        "OSError: When reading information for key '<REDACTED>' in bucket '<REDACTED>': AWS Error NETWORK_CONNECTION during HeadObject operation: curlCode: 6, Couldn't resolve host name",
        // alismith-dev/webpack-sentry-plugin#115
        r#"ERROR in Sentry Plugin: StatusCodeError: 429 - "\"You are attempting to use this endpoint too frequently. Limit is 70 requests in 1 seconds\"""#,
        // kubernetes-sigs/controller-runtime#379 and metallb/metallb#130
        "reflector.go:270] sigs.k8s.io/controller-runtime/pkg/cache/internal/informers_map.go:126: watch of *v1.Namespace ended with: The resourceVersion for the provided watch is too old.",
        "W0110 12:59:46.537729       1 reflector.go:341] go.universe.tf/metallb/internal/k8s/k8s.go:170: watch of *v1.ConfigMap ended with: too old resource version: 2564451 (2566080)",
        // dmwm/WMCore#9277
        "(cx_Oracle.DatabaseError) ORA-25408: can not safely replay call",
        // pgbouncer/pgbouncer#582
        "2021-04-05 06:15:20.549 3224 WARNING C-0x7f0e6aadd410: abc/xyz@xx.xx.xx.xx:63996 pooler error: pgbouncer cannot connect to server",
        // cloudflare/cloudflare-docs: Workers AI's error 3040.
        "No more data centers to forward the request to",
    ]);
}

#[test]
fn a_second_readers_texts() {
    // A day named in a workflow's or a branch's name, beside a rate limit
    // that passes: github/gh-aw#49987 and #49779.
    assert_passing(&[
        "Workflow Failure Workflow: Daily AIC Consumption Report (Sentry + Grafana OTel) Branch: main Run: https://github.com/github/gh-aw/actions/runs/30815094466 Warning AI Credits Rate Limit The Copilot API returned a rate limit response (HTTP 429), but the workflow did not report the explicit AI credits budget-exceeded guardrail signal. Used 120.8 of 1K max.",
        "Workflow Failure Workflow: Impeccable Skills Reviewer Branch: copilot/aw-fix-daily-experiment-report Run: https://github.com/github/gh-aw/actions/runs/30745435628 Pull Request: #49750 Warning AI Credits Rate Limit The Copilot API returned a rate limit response (HTTP 429), but the workflow did not report the explicit AI credits budget-exceeded guardrail signal. Used 29 of 1K max.",
        // Let's Encrypt sheds load with ACME's `rateLimited` type:
        // nginx-proxy/acme-companion#1041, diafygi/acme-tiny#281.
        r#"subdomain.domain.tld:Verify error:{"type":"urn:ietf:params:acme:error:rateLimited", "detail":"Service busy; retry later."}"#,
        "Response Code: 503 Response: {'type': 'urn:ietf:params:acme:error:rateLimited', 'detail': 'Service busy; retry later.'}",
    ]);
    // A caller that resends a compacted resourceVersion meets the same 410:
    // apache/airflow#23521. Only a reflector's own log line passes.
    assert!(!verdict("kubernetes.client.exceptions.ApiException: (410) Reason: Expired: too old resource version: 380528372 (382477719)").0);
    // The SDK's credential words also wrap a time-out: never retried, but
    // no longer sure.
    assert_eq!(
        verdict(
            "operation error S3: GetObject, failed to sign request: failed to retrieve credentials: failed to refresh cached credentials, operation error ec2imds: GetMetadata, request canceled, context deadline exceeded"
        ),
        (false, Confidence::Weak)
    );
}
