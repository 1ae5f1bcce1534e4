//! The thirtieth round, read after `final20.jsonl` was measured: a refused password and a locked account, DuckDuckGo's block of a scraper, ElevenLabs' and Infura's plan quotas, a video gone where the call runs, a file that is not a PDF and a cast Trino refuses as lasting; Bybit's and Firebase Auth's rate limits, a node behind its newest block, Hazelcast's reconnecting client and conda's unanswered request as passing.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // antonwierenga/activemq-cli#3
        "Failed to connect to broker: User name [admin] or password is invalid.",
        // fal-ai/fal#1168
        "403 — {\"detail\": \"User is locked. Reason: Admin lock. Please contact support@fal.ai\"}",
        // deedy5/ddgs#254
        "duckduckgo_search.exceptions.RatelimitException: https://duckduckgo.com/ 202 Ratelimit",
        // n3d1117/chatgpt-telegram-bot#550
        "Failed to get response ageturl() https://links.duckduckgo.com/d.js DuckDuckGoSearchException: Ratelimit",
        // elevenlabs/elevenlabs-python#13
        "RateLimitError: This request exceeds your quota. You have 119 characters remaining, while 965 characters are required for this request.",
        // gochain/web3#180
        "ERROR: Cannot get address balance from the network: 429 Too Many Requests {\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32005,\"message\":\"daily request count exceeded, request rate limited\",\"data\":{\"rate\":{\"allowed_rps\":1,\"backoff_seconds\":0,\"current_rps\":2.2},\"see\":\"https://infura.io/dashboard\"}}}",
        // KurtBestor/Hitomi-Downloader#4948
        "yt_dlp.utils.DownloadError: ERROR: [youtube] ltcd1B8WyTM: Video unavailable. The uploader has not made this video available in your country",
        // Leone25/booktab-downloader#38
        "pypdf2.errors.pdfreaderror: pdf starts with '{\"err', but '%pdf-' expected",
        // ministryofjustice/analytical-platform#2148
        "Query_id 7cbfd72f-0a3f-4a07-b514-7b9ca5f4946b, failed with response: INVALID_CAST_ARGUMENT: Cannot cast 'add update text goes here.  add update text goes here.  add update text goes here.  ' to BIGINT. You may need to manually clean the data at location 's3://athena-data-product-query-results-013433889002/tables/7cbfd72f-0a3f-4a07-b514-7b9ca5f4946b' before retrying. Athena will not delete data in your account.",
    ]);
}

#[test]
fn what_passes() {
    assert_passing(&[
        // donewiththedollar/directionalscalper#57
        "An error occurred while fetching all open orders: bybit {\"retCode\":10006,\"retMsg\":\"Too many visits\",\"result\":{},\"retExtInfo\":{},\"time\":1693924869139}",
        // firebase/firebase-admin-node#1916
        "{\"error\":{\"code\":400,\"message\":\"TOO_MANY_ATTEMPTS_TRY_LATER\",\"errors\":[{\"message\":\"TOO_MANY_ATTEMPTS_TRY_LATER\",\"domain\":\"global\",\"reason\":\"invalid\"}]}}",
        // MetaMask/metamask-extension#7234
        "{code: -32000, message: \"header not found\"}",
        // hazelcast/hazelcast#14741
        "com.hazelcast.client.HazelcastClientOfflineException: Client is offline\n\tat com.hazelcast.client.connection.nio.DefaultClientConnectionStrategy.beforeOpenConnection(DefaultClientConnectionStrategy.java:76)\n\tat com.hazelcast.client.connection.nio.ClientConnectionManagerImpl.triggerConnect(ClientConnectionManagerImpl.java:345)",
        // cvxpy/cvxpy#1440
        "CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://repo.anaconda.com/pkgs/r/noarch/repodata.json>",
    ]);
}
