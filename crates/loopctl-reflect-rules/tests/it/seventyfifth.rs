//! The seventy-fifth round, read after `final66.jsonl` was measured: identity proxies, job libraries, developer environments, ML app platforms, log pipelines and dependency scanners.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_lasting_surely, assert_passing, assert_refused_beside,
};

#[test]
fn upstreams_replicas_pools_and_workers_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // NixOS/nix#9664
            "error: some substitutes for the outputs of derivation '/nix/store/2wb3wxcvl6kl8qiws6yavn46fsj1srmc-mpv-0.36.0.drv' failed (usually happens due to networking issues); try '--fallback' to build derivation from source",
            // ory/hydra
            "The request could not be completed because another request is competing for the same resource.",
            // ory/kratos
            "Unable to check if password has been leaked because an unexpected network error occurred",
            // pomerium/pomerium
            "health streaming server not yet available",
            // oauth2-proxy/oauth2-proxy
            "There was a problem connecting to the upstream server.",
            // goauthentik/authentik
            "{\"error\":\"authentik starting\"}",
            // sidekiq/sidekiq
            "READONLY You can't write against a replica.",
            // osunyorg/admin#1929
            "Interrupted after starting perform at '2024-05-27 16:14:23 +0200'",
            // logstash-plugins/logstash-output-elasticsearch
            "Attempted to send a bulk request but there are no living connections in the pool (perhaps Elasticsearch is unreachable or down?)",
            // vectordotdev/vector
            "Redis pub/sub connection dropped; will reconnect.",
            // apache/nifi
            "Transient graph client failure, rolling back session for retry",
            // replicate/cog
            "Too many stream subscribers",
            // streamlit/streamlit
            "Connection failed with status 0.",
            // renovatebot/renovate
            "docker registry connection failure",
        ],
    );
}

#[test]
fn settings_scripts_quotas_and_versions_that_stay_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // levihsu/OOTDiffusion#205
            "You have exceeded your GPU quota (46s left vs. 60s requested). Sign-up on Hugging Face to get more quotas or retry in 0:09:48.",
            // vectordotdev/vector
            "Client error encountered, not retrying.",
            // devcontainers/cli
            "No dev container config and no workspace found.",
            // devcontainers/cli
            "--platform or --push require BuildKit enabled.",
            // jetify-com/devbox
            "Process manager is not running. Run `devbox services up` to start it.",
            // NixOS/nix
            "No commits returned by GitLab API -- does the git ref really exist?",
            // jdx/mise
            "cargo-binstall is not available, but cargo.binstall_only is set",
            // jetify-com/devbox
            "no devbox.json found in the current directory (or any parent directories). Did you run `devbox init` yet?",
            // ory/keto
            "networkx migrations are not yet applied",
            // resque/resque
            "Please give each worker at least one queue.",
            // hibiken/asynq
            "asynq: the server is in the stopped state. Waiting for shutdown.",
            // RichardKnop/machinery
            "please specify BrokerMessageGroupId attribute for task Signature when submitting a task to FIFO queue",
            // riverqueue/river
            "UniqueOpts.ByPeriod should not be less than 1 second",
            // hibiken/asynq#654
            "could not enqueue task: UNKNOWN: redis eval error: ERR Error running script (call to f_6b2833bade2cce3e7bae2440c9187cd23e3ae042): @user_script:5: @user_script: 5: Wrong number of args calling Redis command From Lua script",
            // hibiken/asynq#138
            "Dequeue error: ERR Error running script (call to f_119a32ad4f4ac4f23fba1b8be91aacd2948feb88): @user_script:4: @user_script: 4: Lua script attempted to access a non local key in a cluster node",
            // riverqueue/river
            "underlying driver pool is closed",
            // vectordotdev/vector
            "failed to lock buffer.lock; is another Vector process running and using this buffer?",
            // zeek/zeek-af_packet-plugin#51
            "fatal error: problem with interface enp6s0 (pcap_error: That device is not up (pcap_activate))",
            // syslog-ng/syslog-ng
            "Failed to open disk-buffer dirlock file",
            // falcosecurity/falco
            "Fatal error: Stats queue reached maximum capacity. Exiting.",
            // falcosecurity/falco#2274
            "libcurl error: Problem with the SSL CA cert (path? access rights?)",
            // gradio-app/gradio
            "This space has been paused by the author. If you would like to try this demo, consider duplicating the space.",
            // gradio-app/gradio
            "This Gradio app might have multiple endpoints. Please specify an `api_name` or `fn_index`",
            // modal-labs/modal-client
            "Web Functions do not support retries.",
            // modal-labs/modal-client
            "Class is not hydrated - this is probably a bug in the Modal client. Contact support",
            // gradio-app/awesome-demos#17
            "Runtime error. Space failed to start. Exit code: 1",
            // Graylog2/graylog2-server#2613
            "ERROR: com.google.common.util.concurrent.ServiceManager - Service JournalReader [FAILED] has failed in the RUNNING state.",
            // aquasecurity/trivy
            "Trivy version is old. Update to the latest version.",
            // renovatebot/renovate
            "Renovate is unable to update branch(es) due to force pushes being disallowed.",
            // snyk/cli
            "Too many vulnerable paths to process the project",
            // aquasecurity/trivy#3794
            "ERROR\tUnable to initialize the Java DB: Java DB update failed: Java DB client not initialized",
            // openclarity/openclarity#488
            "ERROR\tUnable to initialize the Java DB: Java DB update failed: Java DB update error: DB download error: repository name error (:1): could not parse reference: :1",
            // jdx/mise
            "AWS signature mismatch. Check your AWS_SECRET_ACCESS_KEY environment variable.",
            // NixOS/nix
            "you are not privileged to build input-addressed derivations",
        ],
    );
}

#[test]
fn lasting_words_beside_a_named_passing_failure_last_unsure() {
    // A rate limit, a 500, gRPC's INTERNAL or a generic failure word beside
    // them leaves the verdict lasting but no longer sure.
    assert_all(
        (false, Confidence::Weak),
        &[
            // renovatebot/renovate
            "Rate limit exceeded for api.github.com, as no hostRules set for this host. Please set a GITHUB_COM_TOKEN",
            // ory/keto#601
            "{\n  \"error\": {\n    \"code\": 500,\n    \"status\": \"Internal Server Error\",\n    \"message\": \"malformed string input\"\n  }\n}",
            // gitpod-io/gitpod#7343
            "Request startWorkspace failed with message: 13 INTERNAL: cannot resolve workspace image: hostname required",
            // potamides/DeTikZify#9
            "Scheduling failure: unable to schedule",
        ],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "failed (usually happens due to networking issues)",
        "competing for the same resource",
        "an unexpected network error occurred",
        "streaming server not yet available",
        "problem connecting to the upstream server",
        "{\"error\":\"authentik starting\"}",
        "You can't write against a replica",
        "interrupted after starting perform",
        "no living connections in the pool",
        "connection dropped; will reconnect",
        "rolling back session for retry",
        "too many stream subscribers",
        "Connection failed with status 0.",
        "Streamlit server is not responding",
        "undeclared keys were accessed during rehashing of the slot",
        "docker registry connection failure",
    ]);
}

#[test]
fn what_the_second_reader_found_or_narrowed_stays_so() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Redis' own wording of READONLY since version 5 (src/server.c),
            // which an older table names
            "READONLY You can't write against a read only replica.",
            // streamlit 1.67's wheel
            "Streamlit server is not responding. Are you connected to the internet?",
            // redis src/script.c
            "Unable to execute command 'get' in script because undeclared keys were accessed during rehashing of the slot",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            // spaces' zero/client.py, the current wording
            "You have exceeded your free ZeroGPU quota (60s requested vs. 30s left). Try again in 0:12:34.",
            // vectordotdev/vector's Doris sink
            "Failed to parse Doris response, not retrying to avoid data duplication.",
            // Hugging Face's 503 for a Space in error
            "503 Your space is in error, check its status on hf.co",
            // git's refusal, which Renovate reads as a force-push denial
            " ! [remote rejected] renovate/foo -> renovate/foo (denying non-fast-forward)",
            // NixOS/nix's daemon.cc, its other refusals
            "error: you are not privileged to create perm roots",
            "error: you are not privileged to repair paths",
        ],
    );
    // The narrowed entries no longer reach these (constructed after the
    // texts the review quotes).
    assert_passing(&[
        "API error encountered, not retrying: 429 Too Many Requests",
        "Codespace failed to start: Timed out waiting for the agent",
        "warning: the interval should not be less than 1 second; dial tcp 127.0.0.1:6379: connect: connection refused",
    ]);
    // final15: a Lua script's READONLY where the client was pointed at a
    // replica, which lasted.
    assert_lasting(&[
        "ERR Error running script (call to f_71fe2e79): @user_script:4: @user_script: 4: -READONLY You can't write against a read only slave.",
    ]);
    // "OpenAPI schema not available" is no blip: cog answers it for ever
    // once a model's setup failed, and a tool route's 404 and a
    // TouchDesigner module's missing folder say it too (as the review
    // quotes them).
    assert_lasting(&[
        "{\"error\": \"OpenAPI schema not available\"}",
        "error: 'OpenAPI schema not available for this tool'",
        "\"OpenAPI schema not available\" - Make sure the modules/ folder is next to your .tox file",
    ]);
    // Bluetooth's and APNs' statuses are no Streamlit blip.
    assert_lasting(&["Bluetooth connection failed with status 0x05; not trying again"]);
    // Vector logs a lost-events warning and carries on: no lasting verdict
    // from those words alone.
    assert_not_lasting_surely(&[
        "Last record written to data file is behind expected position. Events have likely been lost.",
    ]);
}
