//! The thirty-third round, read after `final23.jsonl` was measured: the platforms' own words for a failure (`patterns/platforms.rs`).

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // grafana/tempo#1489
        "failed to get trace with id: ea233ba0fabfdf58 Status: 500 Internal Server Error Body: response larger than the max (45940141 vs 16777216)",
        // elastic/apm-agent-python#150
        "elasticapm.transport.base.TransportException: HTTP 400: Problem validating JSON document against schema: unexpected EOF",
        // ngrok/ngrok-javascript#154
        "ERROR:  [Error: failed to connect session: Your account is limited to 1 simultaneous ngrok agent sessions.\nYou can run multiple simultaneous tunnels from a single agent session by defining the tunnels in your agent configuration file and starting them with the command `ngrok start --all`.\nRead more about the agent configuration file: https://ngrok.com/docs/secure-tunnels/ngrok-agent/reference/config\nYou can view your current agent sessions in the dashboard:\nhttps://dashboard.ngrok.com/tunnels/agents error_code: ERR_NGROK_108] {\n  code: 'GenericFailure',\n  errorCode: 'ERR_NGROK_108'\n}",
        // netbirdio/netbird#2934
        "Error: failed to connect to daemon error: context deadline exceeded. If the daemon is not running please run: netbird service install netbird service start",
        // awsdocs/amazon-transcribe-developer-guide#12
        "The input media file length is too small. Check the length of the file and try your request again.",
        // amazon-connect/amazon-connect-realtime-transcription#43
        "java.util.concurrent.CompletionException: software.amazon.awssdk.services.transcribestreaming.model.BadRequestException: Your request timed out because no new audio was received for 15 seconds. (Service: transcribe, Status Code: 400,",
    ]);
}

#[test]
fn what_passes() {
    assert_passing(&[
        // braintree/braintree_dotnet#92
        "Braintree.Exceptions.DownForMaintenanceException: Exception of type 'Braintree.Exceptions.DownForMaintenanceException' was thrown.\n  at Braintree.HttpService.ThrowExceptionIfErrorStatusCode(HttpStatusCode httpStatusCode, String message)\n  at Braintree.HttpService.<GetHttpResponseAsync>d__20.MoveNext()",
        // wechatpy/wechatpy:wechatpy/constants.py
        "API 调用太频繁，请稍候再试",
        // grafana/mimir#4655
        "the write request has been rejected because the ingester exceeded the allowed number of inflight push requests (err-mimir-ingester-max-inflight-push-requests). To adjust the related limit, configure -ingester.instance-limits.max-inflight-push-requests, or contact your service administrator.",
        // tektoncd/pipeline:pkg/resolution/common/errors.go
        "Resource request is still in-progress",
        // jenkinsci/jenkins:core/src/main/resources/hudson/model/Messages.properties
        "Waiting for next available executor",
        // cert-manager/cert-manager#5044
        "E0412 07:26:52.768374       1 sync.go:186] cert-manager/challenges \"msg\"=\"propagation check failed\" \"error\"=\"DNS record for \\\"vareniyam.me\\\" not yet propagated\" \"dnsName\"=\"vareniyam.me\" \"resource_kind\"=\"Challenge\" \"resource_name\"=\"my-quickstart-example-tls12-tmmvx-3876323966-2883862466\" \"resource_namespace\"=\"default\" \"resource_version\"=\"v1\" \"type\"=\"DNS-01\" ",
        // browserless/browserless:src/limiter.ts
        "Health checks have failed, rejecting",
        // browserless/browserless:src/routes/management/http/pressure.get.ts
        "CPU is over the configured maximum for cpu percent",
    ]);
}
