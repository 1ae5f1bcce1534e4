//! The thirty-seventh round, read after `final27.jsonl` was measured: what cloud control planes, model servers, agent runtimes, payment APIs and stores retry or give up on, by their own words.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing};

#[test]
fn what_waits_for_another_operation_or_a_moment_passes() {
    assert_passing(&[
        // openshift/openshift-azure#1332
        "Please see https://aka.ms/arm-debug for usage details.\\\", Target:(*string)(nil), Details:[]map[string]interface {}{map[string]interface {}{\\\"code\\\":\\\"Conflict\\\", \\\"message\\\":\\\"{\\\\r\\\\n  \\\\\\\"error\\\\\\\": {\\\\r\\\\n    \\\\\\\"code\\\\\\\": \\\\\\\"StorageAccountOperationInProgress\\\\\\\",\\\\r\\\\n    \\\\\\\"message\\\\\\\": \\\\\\\"An operation is currently performing on this storage account that requires exclusive access.\\\\\\\"\\\\r\\\\n  }\\\\r\\\\n}\\\"}}, InnerError:map[string]interface {}(nil), AdditionalInfo:[]map[string]interface {}(nil)}\" func=\"github.com/openshift/openshift-azure/pkg/fakerp.(*Server).badRequest\" file=\"/go/src/github.com/openshift/openshift-azure/pkg/fakerp/util.go:11\"",
        // oracle/terraform-provider-oci#1185
        "Error: Service error:IncorrectState. The existing Db System with ID <OCID> has a conflicting state of UPDATING",
        // scaleway/python-scaleway#49
        "scaleway_core.api.ScalewayException: {\"current_state\":\"updating\",\"message\":\"resource is in a transient state\",\"resource\":\"container\",\"resource_id\":\"xxx-xxx-xxx-xxx-xxx\",\"type\":\"transient_state\"}",
        // hashicorp/terraform-provider-google:google/transport/error_retry_predicates_test.go
        "Unable to retrieve P4SA: [service-111111111111@gcp-gae-service.iam.gserviceaccount.com] from GAIA. Could be GAIA propagation delay or request from deleted apps.",
        // astral-sh/uv#13246
        "curl: (23) client returned ERROR on write of 16375 bytes\nfailed to download https://github.com/astral-sh/uv/releases/download/0.7.2/uv-x86_64-unknown-linux-gnu.tar.gz\nthis may be a standard network error, but it may also indicate\nthat uv's release process is not working. When in doubt",
        // square/square-python-sdk:README.md
        "{\"error\": \"Continue wait\"}",
        // plaid/quickstart#25
        "INSTITUTION_NOT_RESPONDING | 400 | The financial institution is failing to respond to some of our requests. Your user may be successful if they retry another time.",
    ]);
}

#[test]
fn what_the_systems_own_words_say_stays_is_refused_strongly() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // mendableai/firecrawl:apps/api/src/lib/extract/extraction-service.ts
            "All provided URLs are invalid. Please check your input and try again.",
            // Azure/azureml-examples#1635
            "HttpResponseError: (InferencingClientCallFailed) \"Endpoint Quota reached for subscription ***.Current usage/limit: 300/300.Please clean up existing endpoints and try again\"\nCode: InferencingClientCallFailed\nMessage: \"Endpoint Quota reached for subscription ***.Current usage/limit: 300/300.Please clean up existing endpoints and try again\"",
        ],
    );
}

#[test]
fn lasting_words_beside_passing_ones_are_lasting_but_unsure() {
    // A time-out, a disconnection, an unavailable session or a server's
    // own retry stands beside each, so the rules decide by priority and
    // hand the text on.
    assert_all(
        (false, Confidence::Weak),
        &[
            // openai/openai-agents-python:src/agents/extensions/sandbox/cloudflare/sandbox.py
            "sandbox session is unavailable after an ambiguous mount transition",
            // redis/go-redis:error_test.go
            "-SEARCH_TIMEOUT Timeout limit was reached",
            // matlab/matlab-mcp-server#82
            "Unable to connect to extension server. Please try disabling and re-enabling the extension.",
            // anthropics/claude-code#38043
            "The following deferred tools are no longer available (their MCP server disconnected). Do not search for them — ToolSearch will return no match",
            // triton-inference-server/pytriton:docs/guides/deploy.md:
            // a credential failure behind gRPC's `UNAVAILABLE`, handed on and
            // never retried.
            "StatusCode.UNAVAILABLE: This protocol is restricted, expecting header 'triton-grpc-protocol-triton-access-token'",
            // ray-project/ray#34750: "UNHEALTHY" and its own retry beside it.
            "RuntimeError: Deployment hello_Hello is UNHEALTHY: The Deployment failed to start 3 times in a row. This may be due to a problem with the deployment constructor or the initial health check failing. See logs for details. Retrying after 1 seconds.",
            // mudler/LocalAI:docs/content/reference/runtime-errors.md
            "grpc service not ready",
            // mendableai/firecrawl:apps/api/src/scraper/scrapeURL/error.ts
            "The page failed to load with the specified timeout. Please increase the timeout parameter in your request.",
        ],
    );
}

#[test]
fn what_the_review_left_to_the_model_is_handed_on() {
    // GKE refuses a call while another cluster operation runs and asks
    // for it again "once it is done"; an upgrade holds a cluster for an
    // hour or more, so its own words do not make the call passing, and
    // `FailedPrecondition` beside them decides, weakly.
    assert_all(
        (false, Confidence::Weak),
        &[
            // prometheus/test-infra#84
            "2018/08/02 03:48:47 Cluster in 'FailedPrecondition' state 'rpc error: code = FailedPrecondition desc = Operation operation-1533161820212-e0451fc6 is currently creating a node pool for cluster prombench. Please wait and try again once it is done.'",
            // kubernetes-sigs/cluster-api-provider-gcp#1363
            "rpc error: code = FailedPrecondition desc = Cluster is running incompatible operation operation-1731137433803-29e34938-9333-469b-b14f-5bdf10b143d2.\n\terror details: name = ErrorInfo reason = CLUSTER_ALREADY_HAS_OPERATION domain = container.googleapis.com metadata = map[]",
        ],
    );
    // TorchServe says "use scale workers API" also when its job queue is
    // full under load, so no literal reads it as lasting.
    assert_all(
        (true, Confidence::Weak),
        &[
            // pytorch/serve#3087
            "error=\"sentiment4c : prediction failed: rpc error: code = Internal desc = Model \\\"distilroberta\\\" has no worker to serve inference request. Please use scale workers API to add workers. If this is a sequence inference, please check if it is closed, or expired; or exceeds maxSequenceJobQueueSize\\nInternalServerException.()\"",
        ],
    );
}
