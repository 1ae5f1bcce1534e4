//! The twenty-fifth round, read after `final16.jsonl` was measured: credential failures in Netlify's and Azure Pipelines' words, services that are not there (NATS' no responders, a Docker daemon not running, a node outside the swarm), Flink's missing slots and .NET's spent client time-out; connections closed under a call in other runtimes' words, Jenkins agents that went away, Databricks' worker environments, Dataflow's zone capacity, Dagster's code server, kafka-node's missing leader and FCM's deadline.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, verdict};

#[test]
fn credential_failures_in_their_systems_words() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // netlify/cli:src/utils/command-helpers.ts
            "Authorization was denied or the login session expired. Run netlify login to try again.",
            // microsoft/azure-pipelines-agent:src/Agent.Worker/ContainerOperationProvider.cs
            "Could not acquire ACR token from given AAD token. Please check that the necessary access is provided and try again.",
        ],
    );
}

#[test]
fn services_that_are_not_there_and_limits_that_stay() {
    assert_lasting(&[
        // choria-io/asyncjobs#113
        "panic: nats: no responders available for request",
        // gitlabhq/gitlab-runner:docs/executors/docker_machine.md
        "ERROR: Job failed (system failure): prepare environment: Cannot connect to the Docker daemon at tcp://10.200.142.223:2376. Is the docker daemon running? (docker.go:650:120s). Check https://docs.gitlab.com/runner/shells/#shell-profile-loading for more information",
        // docker/cli:cli/command/stack/deploy.go
        "this node is not a swarm manager. Use \"docker swarm init\" or \"docker swarm join\" to connect this node to swarm and try again",
        // Aleksandr-Filichkin/flink-k8s#1
        "org.apache.flink.runtime.jobmanager.scheduler.NoResourceAvailableException: Could not allocate all requires slots within timeout of 300000 ms.",
        // CactuseSecurity/firewall-orchestrator#1305
        "Delete Management - Unclassified error: : The request was canceled due to the configured HttpClient.Timeout of 100 seconds elapsing. . See log for details!",
    ]);
}

#[test]
fn connections_and_agents_that_went_away_and_states_that_pass() {
    assert_passing(&[
        // SOHU-Co/kafka-node#741
        "{ BrokerNotAvailableError: Could not find the leader\n    at new BrokerNotAvailableError (C:\\Users\\nithin.a\\Desktop\\asp_handler\\node_modules\\kafka-node\\lib\\errors\\BrokerNotAvailableError.js:11:9)\n    at Client.sendToBroker (C:\\Users\\nithin.a\\Desktop\\asp_handler\\node_modules\\kafka-node\\lib\\client.js:551:17)",
        // apache/mxnet#21113
        "java.nio.channels.ClosedChannelException",
        // apache/mxnet#11644
        "Remote call on JNLP4-connect connection from ip-172-31-25-206.us-west-2.compute.internal/172.31.25.206:52920 failed. The channel is closing down or has closed down",
        // databricks/terraform-provider-databricks#33
        "Current organization 6286703153333741 does not have any associated worker environments",
        // apache/beam#26552
        "SEVERE: 2023-05-03T14:50:49.539Z: Startup of the **** pool in zone us-central1-b failed to bring up any of the desired 5 ****s. Please refer to https://cloud.google.com/dataflow/docs/guides/common-errors#****-pool-failure for help troubleshooting. ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS: Instance 'load0tests0java0dataflow0-05030749-95jc-harness-mgjn' creation failed: The zone 'projects/apache-beam-testing/zones/us-central1-a' does not have enough resources available to fulfill the request.  '(resource type:compute)'.",
        // dagster-io/dagster#33446
        "UserWarning: Error loading repository location hvv_import:dagster._core.errors.DagsterUserCodeUnreachableError: Could not reach user code server. gRPC Error code: UNKNOWN",
        // sneako/finch#62
        "** (MatchError) no match of right hand side value: {:error, %Mint.TransportError{reason: :closed}}",
        // breez/breez-sdk-greenlight#962
        "Error: Generic: status: Unknown, message: \"transport error\", details: [], metadata: MetadataMap { headers: {} }, source: Some(tonic::transport::Error(Transport, hyper::Error(Io, Kind(AddrNotAvailable))))",
        // grpc/grpc-dotnet:test/Grpc.Net.Client.Tests/Balancer/ConnectionManagerTests.cs
        "Error connecting to subchannel.",
        // dmanjunath/node-redshift#8
        "Error: This socket has been ended by the other party",
        // rubygems/rubygems:bundler/spec/bundler/fetcher/downloader_spec.rb
        "Network error while fetching http://www.uri-to-fetch.com/api/v2/endpoint (error about network)",
        // firebase/firebase-admin-node:src/messaging/error.ts
        "The FCM server could not process the request in time. See the error documentation for more details.",
    ]);
}

#[test]
fn each_word_of_the_round_on_its_own() {
    // Credential phrases, each alone (netlify/cli's message holds both).
    assert_all(
        (false, Confidence::Strong),
        &["Authorization was denied.", "Your login session expired."],
    );
    // Lasting: moby/moby#32658 and Ensembl/ensembl-client#121 (a daemon
    // not running), nats-io/nats.go#866 (nothing subscribes).
    assert_all(
        (false, Confidence::Weak),
        &[
            "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?",
            "Cannot connect to the Docker daemon at tcp://docker:2375. Is the docker daemon running?",
            "nats: error: could not list Streams: nats: no responders available for request",
        ],
    );
    // Passing: wojtekmach/req#312, databricks/databricks-sdk-go's
    // `apierr/errors_test.go` and its transient list, and kafka-node's two
    // words for a missing leader.
    assert_passing(&[
        "(Mint.TransportError) socket closed\\n    (req 0.4.8) lib/req.ex:1029: Req.request!/",
        "worker env WorkerEnvId(workerenv-XXXXX) not found",
        "com.databricks.backend.manager.util.UnknownWorkerEnvironmentException",
        "There is no worker environment with id 1234",
        "BrokerNotAvailableError",
        "Could not find the leader",
    ]);
}

#[test]
fn a_validation_target_out_of_reach_colabs_limits_and_an_upload_not_yet_sent() {
    // natemcmaster/LettuceEncrypt#208
    assert!(!verdict(
        "Failed to validate ownership of domainName 'barbarosa.ge'. Reason: urn:ietf:params:acme:error:connection: Timeout during connect (likely firewall problem), Code = BadRequest"
    )
    .0);
    // Colab's limits decide even beside "Unable to connect":
    // HenriquesLab/ZeroCostDL4Mic#239 and googlecolab/colabtools#1438.
    assert_all(
        (false, Confidence::Strong),
        &[
            "Unable to connect to GPU backend. You are currently unable to connect to a GPU due to Colab's usage limits.",
            "Cannot connect to GPU backend\nYou cannot currently connect to a GPU due to usage limits in Colab.",
        ],
    );
    // matrix-org/matrix-spec:data/api/client-server/content-repo.yaml
    assert!(
        verdict("{\n  \"errcode\": \"M_NOT_YET_UPLOADED\",\n  \"error\": \"Content has not yet been uploaded\"\n}").0
    );
}
