//! Public data APIs, documents and media, blockchain RPC, chat platforms, compute jobs, functions platforms and developer toolchains: what their own clients retry, and what they give up on.
//!
//! Each entry is a system's fixed message whose meaning for a retry its own
//! code or documentation states, by family:
//! - Public data: MediaWiki's `maxlag` answer ("Waiting for ...: N seconds
//!   lagged"), which pywikibot waits out and resubmits; Overpass' "Server
//!   load too high", which overpy retries.
//! - Documents and media: docling-serve's 503 while its models load and
//!   its "please wait for a completion status" for a task still running;
//!   Cog's 503 while setup runs; yt-dlp's video still processing and an
//!   archive "available shortly", and its geo-blocks ("in your country"),
//!   which no wait lifts; Gotenberg's time-out that names the setting to
//!   raise; pytesseract's time-out, which the caller set.
//! - Midjourney proxies' Chinese answers: "请稍后重试" and "请稍后尝试"
//!   (retry, try later) and the concurrency cap "并发数已达上限", which
//!   falls as running jobs finish.
//! - Blockchain RPC: viem retries `LimitExceededRpcError` ("Request exceeds
//!   defined limit"); Alchemy's concurrent-request capacity is a 429 its
//!   SDK backs off from; foundry's explorer client reads a bare "Page not
//!   found" as the API "likely down"; CometBFT's mempool is full only while
//!   it rechecks; eth_defi retries an upstream without the block yet; a
//!   locked Ledger waits for a person; a log query over the provider's
//!   result or block-range limit needs a narrower range.
//! - Chat platforms: aiogram's `RestartingTelegram`; Discord's 502 "no
//!   gateway available ... wait a bit and retry"; python-zulip-api's event
//!   loop after "probably a server restart"; Slack's RTM `goodbye`, after
//!   which the client reconnects.
//! - Compute jobs: dbt-spark's lost Thrift connection ("TSocket read 0
//!   bytes") and dbt-athena's `ICEBERG_COMMIT_ERROR`, re-executed; Spark
//!   Connect's `INVALID_CURSOR.DISCONNECTED`, retried; delta-rs'
//!   `ConcurrentAppend`, whose query is rerun; dbt-redshift's "could not
//!   open relation with OID", retried; Dask's P2P out of disk and
//!   xgboost-ray's spent allowance of dead actors, which need a larger
//!   cluster or setting.
//! - Functions platforms: Azure Functions' host health monitor restarts
//!   the host when its thresholds are exceeded; the Functions Framework's
//!   "Could not load the function"; workerd's critical section awaiting a
//!   promise that never completes; Appwrite's 30-second cap on synchronous
//!   executions; Cloud Functions' first 2nd-gen deployment, which asks for a
//!   retry in a few minutes.
//! - Toolchains: conda's "a simple retry will get you on your way"; the
//!   Language Server Protocol's `ContentModified` and `ServerCancelled`,
//!   which the client sends again; rustup's component missing from a
//!   nightly; Surefire's fork killed at its configured time-out.
//! - Read after `final29`: Interactive Brokers' error 1100, the Census
//!   API's unknown key, yt-dlp's incomplete answers, Rekognition's error
//!   table, Azure Speech's retired voices, bitcoind's warm-up, The Graph's
//!   gateway, WhatsApp's Cloud API codes, discord.py's gateway look-up,
//!   RunPod's capacity, HTCondor's busy schedd and refused logins,
//!   Dataflow's failed work item, Cloudflare D1's reset isolate, Bright
//!   Data's and Scrapfly's error codes.

use super::Category::{Auth, Input, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Public data.
    ("seconds lagged", Transient, Strong),
    ("server load too high", ServerDown, Strong),
    // Interactive Brokers' 1100, which 1102 "restored - data maintained"
    // follows by itself; the Census API's page for a key it does not know.
    (
        "connectivity between ib and trader workstation has been lost",
        Transient,
        Strong,
    ),
    (
        "you included a key with this request, however, it is not valid",
        Auth,
        Strong,
    ),
    // Documents and media.
    ("models not yet loaded", ServerDown, Strong),
    ("please wait for a completion status", Transient, Strong),
    ("setup has not finished yet", ServerDown, Strong),
    ("this video is processing", Transient, Strong),
    ("will be available shortly", Transient, Strong),
    ("in your country", Permanent, Strong),
    // yt-dlp's retry manager fetches YouTube's answer again when it came
    // back cut short (weak: it prints the words again once its own retries
    // are spent); Rekognition's error table says to retry its S3
    // throughput limit; Azure Speech's retired voices stay retired.
    ("incomplete data received", Transient, Weak),
    ("incomplete yt initial data received", Transient, Weak),
    ("s3 download limit exceeded", Transient, Strong),
    (
        "standard voices will no longer be supported",
        Permanent,
        Strong,
    ),
    ("increase it with --api-timeout", Permanent, Strong),
    ("tesseract process timeout", Permanent, Weak),
    ("请稍后重试", Transient, Strong),
    ("请稍后尝试", Transient, Strong),
    ("并发数已达上限", Transient, Strong),
    // Blockchain RPC.
    ("request exceeds defined limit", Transient, Strong),
    (
        "exceeded its concurrent requests capacity",
        Transient,
        Strong,
    ),
    ("api server is likely down", ServerDown, Strong),
    ("mempool is still rechecking", Transient, Strong),
    ("does not have the requested block yet", Transient, Strong),
    ("please unlock it", Permanent, Strong),
    // The log-query limits of RPC providers (Infura's 10,000 results,
    // geth's and Foundry's block ranges), which a narrower range meets and
    // the same range never does; they also name what viem wraps as
    // "Request exceeds defined limit".
    ("query returned more than", Input, Strong),
    ("exceed maximum block range", Input, Strong),
    // bitcoind's `RPC_IN_WARMUP` (-28) while it loads its index, which
    // after a reindex takes hours (weak); a subgraph gateway whose
    // indexers were all busy.
    ("loading block index", ServerDown, Weak),
    ("exhausted list of indexers", Transient, Weak),
    // Chat platforms.
    // WhatsApp's Cloud API codes 2494100 and 138003, documented with "Try
    // again in a few minutes" and "when the current call ends" (weak: a
    // call has no end it names); discord.py's reconnect loop around
    // `GatewayNotFound`, which also wraps a ban (weak).
    (
        "the business phone number is in maintenance mode",
        ServerDown,
        Strong,
    ),
    (
        "a call is already ongoing with the receiver",
        Transient,
        Weak,
    ),
    (
        "the gateway to connect to discord was not found",
        Transient,
        Weak,
    ),
    ("\"description\":\"restarting\"", ServerDown, Strong),
    ("wait a bit and retry", Transient, Strong),
    ("probably a server restart", ServerDown, Strong),
    ("got a goodbye message", Transient, Strong),
    // Compute jobs.
    ("tsocket read 0 bytes", Transient, Strong),
    ("iceberg_commit_error", Transient, Strong),
    ("invalid_cursor.disconnected", Transient, Strong),
    ("concurrent transactions added new data", Transient, Strong),
    ("could not open relation with oid", Transient, Strong),
    ("out of available disk space", Permanent, Strong),
    ("maximum number of dead actors", Permanent, Strong),
    // RunPod's host without the GPUs asked for, and HTCondor's busy schedd
    // (weak: capacity can stay short); Dataflow's batch job, failed once a
    // work item failed four times (weak: its log may name a time-out).
    (
        "does not have the resources to deploy this pod",
        Transient,
        Weak,
    ),
    ("failed to fetch ads from", ServerDown, Weak),
    ("a work item has failed 4 times", Permanent, Weak),
    // HTCondor's refused logins, which the pilots' submissions met for
    // good (not the bare "failed to authenticate", which Salt prints for
    // a time-out too).
    ("failed to authenticate with any method", Auth, Strong),
    // Functions platforms. Cloudflare D1 resets an isolate over its memory
    // limit; its team calls the failure transient, its error table asks
    // for smaller queries (weak).
    ("exceeded its memory limit and was reset", Transient, Weak),
    ("host thresholds exceeded", ServerDown, Strong),
    ("could not load the function", Permanent, Strong),
    ("apparently will never complete", Permanent, Strong),
    ("use asynchronous execution instead", Permanent, Strong),
    ("retry the deployment in a few minutes", Transient, Strong),
    // Toolchains.
    ("a simple retry will", Transient, Weak), // right 3 of 4 times it decided
    ("content modified", Transient, Strong),
    ("server cancelled the request", Transient, Strong),
    ("is unavailable for download for channel", Permanent, Strong),
    ("there was a timeout in the fork", Permanent, Strong),
    // Scraping services' retryable codes: Bright Data's peers in their
    // cooling period, Scrapfly's crashed browser driver.
    ("proxy_cooling_peers", Transient, Strong),
    ("err::scrape::driver_crashed", Transient, Strong),
    // HAFAS, the timetable back end of Deutsche Bahn and other railways:
    // hafas-client marks `CGI_READ_FAILED` and `CGI_NO_SERVER` as server
    // errors ("CGI: server could not be reached"), which pass once the
    // back end answers again. Travelport's uAPI client retries a booking
    // another change is still settling ("The reservation has been
    // modified, unable to ticket now").
    ("cgi_read_failed", ServerDown, Weak),
    ("cgi_no_server", ServerDown, Weak),
    ("cgi: server could not be reached", ServerDown, Weak),
    ("has been modified, unable to ticket now", Transient, Weak),
    // MapServer's exceptions are in `geodata.rs`.
    // XRootD's "[ERROR] Operation expired", its request time-out, which
    // passes on the next try in most reports. Not netCDF's "DAP failure",
    // its catch-all for remote reads, which as often names a request too
    // large or a login missing.
    ("xrootd error: [error] operation expired", Transient, Weak),
    // Bioinformatics and music services that pass on the next try:
    // Cromwell resubmits a task that ended with "PAPI error code 10" (a
    // preempted or failed worker); Nextflow resubmits a pod on a node "is
    // shutting, evicting pods" or rejected "OutOfcpu" by a kubelet that
    // counted resources late; pylast's "Malformed response from Last.fm" is
    // a cut-off page only when the XML parser names a "mismatched tag" (its
    // other causes, an empty body or a changed API, last); Deezer's `Quota
    // limit exceeded` with code 4 is its 50-requests-in-5-seconds limit (its
    // API's error table), compact or as `json.dumps` spaces it. Syncthing's
    // "no connected device has the required version" was left out after a
    // review: it is printed after Syncthing's own retries failed, and lasted
    // hours to months in real threads.
    ("papi error code 10.", Transient, Weak),
    ("node is shutting, evicting pods", ServerDown, Weak),
    ("reason: outofcpu", Transient, Weak),
    (
        "malformed response from last.fm. underlying error: mismatched tag",
        Transient,
        Weak,
    ),
    (
        "\"message\":\"quota limit exceeded\",\"code\":4}",
        Transient,
        Weak,
    ),
    (
        "\"message\": \"quota limit exceeded\", \"code\": 4}",
        Transient,
        Weak,
    ),
    // Twitter's old 420 "Enhance Your Calm", which Sketchfab's API answers
    // too when a client downloads too fast; it passes after a pause.
    ("enhance your calm", Transient, Weak),
    // WP-CLI's update check without a token meets GitHub's hourly limit for
    // anonymous callers; an hour is not a retry.
    ("this is due to github api rate limiting", Quota, Weak),
    // Servarr's health checks (Sonarr, Radarr, Prowlarr): indexers or
    // applications "unavailable due to failures for more than 6 hours",
    // which wait for someone to fix them.
    ("unavailable due to failures for more than", Permanent, Weak),
];
