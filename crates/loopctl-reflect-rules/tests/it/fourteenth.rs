//! The fourteenth round: what `final8.jsonl` measured wrong once, each text from the thread named beside it.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn failures_their_systems_retry() {
    assert_passing(&[
        // openai/openai-python#574
        "aiohttp.client_exceptions.ClientPayloadError: Response payload is not completed",
        // oracle/node-oracledb#605
        "[Error: ORA-12516: TNS:listener could not find available handler with matching protocol stack",
        // spring-projects/spring-amqp#2333
        "com.rabbitmq.client.ShutdownSignalException: channel error; protocol method: #method<channel.close>(reply-code=404, reply-text=NOT_FOUND - home node 'rabbit@Frodo' of durable queue 'si.test.queue' in vhost '/' is down or inaccessible, class-id=50, method-id=10)",
        // apache/pulsar#8147
        "org.apache.pulsar.broker.service.BrokerServiceException$ServiceUnitNotReadyException: Namespace bundle for topic (persistent://xxx/xxx/xxx) not served by this instance. Please redo the lookup. Request is denied: namespace=xxx/xxx",
        // googleapis/google-cloud-go#12328
        "rpc error: code = FailedPrecondition desc = The query requires an index. That index is currently building and cannot be used yet. See its status here: https://console.firebase.google.com/v1/r/project/gcloud-golang-firestore-tests/firestore/indexes?create_composite=CpEBcHJvamVjdHMvZ2Nsb3VkLWdvbGFuZy1maXJlc3RvcmUtdGVzdHMvZGF0YWJhc2VzLyhkZWZhdWx0KS9jb2xsZWN0aW9uR3JvdXBzL2dvLWludGVncmF0aW9uLXRlc3QtMjAyNDEyMjAtNzExNTE0MjkxOTc4MTEtMDAwMS9pbmRleGVzL0NJQ0FnS1N2Mlo0SxABGgoKBndlaWdodBABGgoKBmhlaWdodBABGgwKCF9fbmFtZV9fEAE",
    ]);
}

#[test]
fn conditions_that_stay() {
    assert_lasting(&[
        // anuraghazra/github-readme-stats#4661
        "This Deployment is paused by the owner.\nYour connection is working correctly.\nVercel is working correctly.\n503: SERVICE_UNAVAILABLE Code: DEPLOYMENT_PAUSED ID: fra1::np66w-1764148959869-e8d018b69add",
        // bia-pain-bache/BPB-Worker-Panel#687
        "Please check back later\nError 1027\n This website has been temporarily rate limited\n\nYou cannot access this site because the owner has reached their plan limits. Check back later once traffic has gone down.",
        // GoogleCloudPlatform/cloud-sql-proxy-operator#385
        "{\"severity\":\"ERROR\",\"timestamp\":\"2023-06-27T03:31:27.941Z\",\"message\":\"[project:region:instance] failed to connect to instance: Config error: instance does not have IP of type \\\"PUBLIC\\\" (connection name = \\\"project:region:instance\\\")\"}",
    ]);
}
