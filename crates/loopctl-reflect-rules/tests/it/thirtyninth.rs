//! The thirty-ninth round, read after `final29.jsonl` was measured: what databases, data APIs, media tools, chat platforms, scrapers, compute schedulers and blockchain nodes retry or give up on, by their own words.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing};

#[test]
fn what_a_system_retries_by_its_own_list_passes() {
    assert_passing(&[
        // laravel/framework:src/Illuminate/Database/LostConnectionDetector.php
        "The connection is broken and recovery is not possible. The connection is marked by the client driver as unrecoverable. No attempt was made to restore the connection.",
        // dotnet/efcore:src/EFCore.SqlServer/Storage/Internal/SqlServerTransientExceptionDetector.cs
        "The current transaction attempted to update a record that has been updated since the transaction started.",
        // oracle/python-oracledb:src/oracledb/errors.py
        "the Oracle instance is not available for use",
        // QuantConnect/Lean.Brokerages.InteractiveBrokers#129
        "InteractiveBrokersBrokerage.HandleError(): RequestId: -1 ErrorCode: 1100 - Connectivity between IB and Trader Workstation has been lost.",
        // IbcAlpha/IBC#251
        "IN: Msg id (ERRORMESSAGE)=4;Version=2;Id=-1;Error code=1100;Error msg=Connectivity between IB and Trader Workstation has been lost.;Advanced order reject=;",
        // yt-dlp/yt-dlp:yt_dlp/extractor/youtube/_base.py
        "Incomplete data received",
        // yt-dlp/yt-dlp:yt_dlp/extractor/youtube/_tab.py
        "Incomplete yt initial data received",
        // awsdocs/amazon-rekognition-developer-guide:doc_source/error-handling.md
        "S3 download limit exceeded.",
        // Rapptz/discord.py:discord/errors.py
        "The gateway to connect to discord was not found.",
        // david-lev/pywa:pywa/errors.py
        "A call is already ongoing with the receiver",
        // david-lev/pywa:pywa/errors.py
        "The business phone number is in maintenance mode.",
        // golang/net:http2/transport_common.go
        "http2: client conn not usable",
        // https://docs.brightdata.com/cn/scraping-automation/scraping-browser/error-codes
        "proxy_cooling_peers",
        // https://scrapfly.io/docs/scrape-api/error/ERR::SCRAPE::DRIVER_CRASHED
        "X-Scrapfly-Reject-Code: ERR::SCRAPE::DRIVER_CRASHED\nX-Scrapfly-Reject-Description: Driver used to perform the scrape can crash for many reason",
        // TheLastBen/fast-stable-diffusion#2484
        "this machine does not have the resources to deploy this pod",
        // dmwm/CRABServer#5946
        "-- Failed to fetch ads from: <137.138.148.19:4080?addrs=137.138.148.19-4080&noUDP&sock=1217476_d962_3> : vocms0137.cern.ch\nSECMAN:2007:Failed to end classad message.",
        // raspiblitz/raspiblitz#1467
        "bitcoin error: error code: -28\nerror message:\nLoading block index...",
        // graphprotocol/gateway-x#62
        "Failed to query subgraph deployment 'QmPeKW2Rmzo12KEgBAkGGks9M2JKQAmg4DZrhSjvbnAVYS': Exhausted list of indexers",
        // anolilab/lunora#424
        "D1 DB's isolate exceeded its memory limit and was reset",
    ]);
}

#[test]
fn a_refused_login_or_key_is_a_credential_failure_for_sure() {
    // Each stands beside a word that passes (a "try again", a failed
    // connection to the queue manager); the refusal decides.
    assert_all(
        (false, Confidence::Strong),
        &[
            // censusdis/censusdis#319
            "<div class=\"flex-container content\">\n    <div class=\"content-wrap center\">\n        <h1>Invalid Key</h1>\n        <p>\n            A valid <em>key</em> must be included with each data API request.\n            You included a key with this request, however, it is not valid.\n            Please check your key and try again.\n        </p>",
            // DIRACGrid/DIRAC#8048
            "Command ['condor_submit', '-terse', '-pool', 'ce504.cern.ch:9619', '-remote', 'ce504.cern.ch', '/opt/dirac/data/HTCondor/work/HTCondorCE_ypahb_pa.sub'] failed with: 1 - ERROR: Failed to connect to queue manager ce504.cern.ch\nAUTHENTICATE:1003:Failed to authenticate with any method\nAUTHENTICATE:1004:Failed to authenticate using SCITOKENS",
        ],
    );
}

#[test]
fn lasting_words_beside_passing_ones_are_lasting_but_unsure() {
    // Azure Speech's retired voices behind a closed connection, and
    // Dataflow's failed work item beside the time-outs its log may name.
    assert_all(
        (false, Confidence::Weak),
        &[
            // Vocab-Apps/anki-hyper-tts#176
            "Encountered an error while Playing Voice Sample: Could not request audio for [campus centre]: Status code: 400 (b'{\"error\": \"Could not generate audio: CancellationReason.Error Connection was closed by the remote host. Error code: 1007. Error details: Starting September 1st, 2021 standard voices will no longer be supported for new users. Please use n USP state: TurnStarted. Received audio size: 0 bytes.\"}\\n') (voice: English (US), Male, Guy (Standard), Azure)",
            // apache/beam#30482
            "The job failed because a work item has failed 4 times. Look in previous log entries for the cause of each one of the 4 failures. If the logs only contain generic timeout errors related to accessing external resources, such as MongoDB, verify that the worker service account has permission to access the resource's subnetwork. For more information, see https://cloud.google.com/dataflow/docs/guides/common-errors. The work item was attempted on these workers: \n\n      Root cause: Timed out waiting for an update from the worker. For more information, see https://cloud.google.com/dataflow/docs/guides/common-errors#worker-lost-contact.",
        ],
    );
}

#[test]
fn what_the_review_found_in_other_hands_is_left_to_the_model() {
    // Deprecation warnings say "will no longer be supported" of a future
    // version (lucide-icons/lucide's `console.warn`); only Azure Speech's
    // retired voices decide surely.
    assert_all(
        (false, Confidence::Weak),
        &[
            "[Lucide] Some icons were found with the now deprecated icon-name attribute. These will still be replaced for backwards compatibility, but will no longer be supported in v1.0 and you should switch to data-lucide",
        ],
    );
}
