//! The thirty-fifth round, read after `final25.jsonl` was measured: what the clients of data APIs, document and media tools, blockchain RPC, chat platforms, compute jobs, functions platforms and toolchains retry or give up on (`patterns/ecosystems.rs`).

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // yt-dlp/yt-dlp:yt_dlp/extractor/mixcloud.py#L149
        "Track unavailable in your country due to licensing restrictions",
        // gotenberg/gotenberg:pkg/modules/api/middlewares.go#L47
        "The request exceeded the time limit. Increase it with --api-timeout, or reduce the workload.",
        // madmaze/pytesseract:pytesseract/pytesseract.py#L152
        "Tesseract process timeout",
        // NomicFoundation/hardhat:packages/hardhat-errors/src/descriptors.ts#L3273
        "The ledger device is locked. Please unlock it and try again.",
        // dask/distributed:distributed/shuffle/_exceptions.py
        "P2P ran out of available disk space while temporarily storing transferred data. Please make sure that P2P has enough disk space available by increasing the number of workers or the size of the attached disk.",
        // ray-project/xgboost_ray:xgboost_ray/main.py
        "A Ray actor died during training and the maximum number of dead actors in elastic training was reached. Shutting down training.",
        // GoogleCloudPlatform/functions-framework-nodejs:src/main.ts
        "Could not load the function, shutting down.",
        // cloudflare/workerd:src/workerd/io/io-gate.c++
        "A critical section within this Durable Object awaited a Promise that apparently will never complete. This could happen in particular if a critical section awaits a task that was initiated outside of the critical section. Since a critical section blocks all other tasks from completing, this leads to deadlock.",
        // appwrite/appwrite:app/config/errors.php#L648
        "Synchronous function execution timed out. Use asynchronous execution instead, or ensure the execution duration doesn't exceed 30 seconds.",
        // rust-lang/rustup:tests/suite/cli_v2.rs
        "error: component 'rls' for target '[HOST_TUPLE]' is unavailable for download for channel 'nightly-[HOST_TUPLE]'\nnote: sometimes not all components are available in any given nightly",
        // apache/maven-surefire:maven-surefire-plugin/src/site/apt/examples/shutdown.apt.vm
        "There was a timeout in the fork",
    ]);
}

#[test]
fn what_passes() {
    assert_passing(&[
        // wikimedia/pywikibot:tests/api_tests.py
        "Waiting for 10.64.32.115: 0.14024019241333 seconds lagged",
        // DinoTools/python-overpy:overpy/exception.py
        "Server load too high",
        // docling-project/docling-serve:tests/test_health_probes.py
        "Models not yet loaded",
        // docling-project/docling-serve:docling_serve/app.py
        "Task result not found. Please wait for a completion status.",
        // replicate/cog:crates/coglet/src/predictor.rs#L73
        "Setup has not finished yet. Wait until it has finished, or GET /health-check for status.",
        // yt-dlp/yt-dlp:yt_dlp/extractor/reddit.py#L446
        "This video is processing",
        // yt-dlp/yt-dlp:yt_dlp/extractor/eplus.py#L187
        "This event has ended, and the archive will be available shortly",
        // trueai-org/midjourney-proxy:src/Midjourney.API/Controllers/SubmitController.cs#L1231
        "并发数已达上限",
        // wevm/viem:src/utils/buildRequest.test.ts#L604
        "[LimitExceededRpcError: Request exceeds defined limit.\n\nURL: http://localhost\nRequest body: {\"method\":\"eth_blockNumber\"}\n\nDetails: message\nVersion: viem@x.y.z]",
        // alchemyplatform/alchemy-sdk-js:test/unit/nft-api.test.ts#L1636
        "Your app has exceeded its concurrent requests capacity.",
        // foundry-rs/block-explorers:crates/block-explorers/src/errors.rs#L53
        "Received `Page not found` response. API server is likely down",
        // cometbft/cometbft:mempool/errors.go#L16
        "mempool is still rechecking after a new committed block, so it is considered as full",
        // tradingstrategy-ai/web3-ethereum-defi:eth_defi/middleware.py#L146
        "{'message': 'upstream does not have the requested block yet', 'code': -32603}",
        // aiogram/aiogram:tests/test_api/test_client/test_session/test_base_session.py#L173
        "{\"ok\":false,\"description\":\"restarting\"}",
        // zulip/python-zulip-api:zulip/zulip/__init__.py#L788
        "HTTP error fetching events -- probably a server restart",
        // slackapi/python-slack-sdk:slack_sdk/rtm_v2/__init__.py#L111
        "Got a goodbye message. Reconnecting to the server ...",
        // dbt-labs/dbt-adapters:dbt-spark/tests/unit/test_polling.py
        "TSocket read 0 bytes",
        // dbt-labs/dbt-adapters:dbt-athena/tests/unit/test_connections.py
        "Runtime Error\n  ICEBERG_COMMIT_ERROR: could not commit",
        // apache/spark-connect-swift:Tests/SparkConnectTests/RetryPolicyTests.swift
        "INVALID_CURSOR.DISCONNECTED: The cursor has been disconnected.",
        // delta-io/delta-rs:crates/core/src/kernel/transaction/conflict_checker.rs#ConcurrentAppend
        "Commit failed: a concurrent transactions added new data.\nHelp: This transaction's query must be rerun to include the new data. Also, if you don't care to require this check to pass in the future, the isolation level can be set to Snapshot Isolation.",
        // dbt-labs/dbt-adapters:dbt-redshift/tests/unit/test_connection.py#test_retries_on_oid_not_found
        "could not open relation with OID 12345",
        // Azure/azure-functions-host:test/WebJobs.Script.Tests.Integration/Host/WebJobsScriptHostServiceTests.cs
        "Host thresholds exceeded: [Connections]. For more information, see https://aka.ms/functions-thresholds.",
        // rust-lang/rust-analyzer:crates/rust-analyzer/src/handlers/dispatch.rs
        "content modified",
        // rust-lang/rust-analyzer:crates/rust-analyzer/src/main_loop.rs
        "server cancelled the request",
    ]);
}

#[test]
fn what_the_system_itself_says_to_retry_passes_strongly() {
    assert_all(
        (true, Confidence::Strong),
        &[
            // trueai-org/midjourney-proxy:src/Midjourney.API/DiscordAccountInitializer.cs#L1244
            "作业执行中，请稍后重试",
            // novicezk/midjourney-proxy:docs/api.md#L65
            "{\n    \"code\": 23,\n    \"description\": \"队列已满，请稍后尝试\",\n    \"result\": \"14001929738841620\",\n    \"properties\": {\n        \"discordInstanceId\": \"1118138338562560102\"\n     }\n}",
            // discord/discord-api-docs:developers/topics/opcodes-and-status-codes.mdx#L128
            "There was not a gateway available to process your request. Wait a bit and retry.",
            // firebase/firebase-tools:src/gcp/cloudfunctionsv2.ts
            "Since this is your first time using 2nd gen functions, we need a little bit longer to finish setting everything up. Retry the deployment in a few minutes.",
        ],
    );
}

#[test]
fn condas_simple_retry_passes_but_only_weakly_since_final27() {
    // conda's own advice failed in 1 of the 4 texts where it decided
    // (conda/conda#9837, every install failing the same way), so the
    // calibration left it weak.
    assert_all(
        (true, Confidence::Weak),
        &[
            // conda/conda:conda/gateways/connection/download.py
            "An HTTP error occurred when trying to retrieve this URL.\nHTTP errors are often intermittent, and a simple retry will get you on your way.",
        ],
    );
}

#[test]
fn a_retried_limit_that_wraps_a_lasting_one_stays_lasting() {
    // viem names every JSON-RPC -32005 "Request exceeds defined limit" and
    // puts the provider's own message under "Details:"; Infura's log query
    // over 10,000 results fails the same way until its range is narrowed.
    assert_lasting(&[
        "LimitExceededRpcError: Request exceeds defined limit.\n\nDetails: query returned more than 10000 results\nVersion: viem@2.21.0",
    ]);
}

#[test]
fn a_log_query_over_the_providers_limit_is_refused_strongly() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // foundry-rs/foundry:crates/cast/src/lib.rs#L2668
            "query returned more than 10000 results",
            // ethereum/go-ethereum:eth/filters/filter_test.go#L647
            "exceed maximum block range 5",
        ],
    );
}
