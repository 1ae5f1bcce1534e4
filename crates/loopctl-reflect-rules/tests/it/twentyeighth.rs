//! The twenty-eighth round, read after `final19.jsonl` was measured: Pusher's and NewsAPI's plan limits, Overpass's heavy query, Envoy's refused configuration, an SSH server that never answered, limits a setting or a device sets; passing failures in the words of Pusher, Exchange Online, MediaWiki, New Relic, Ray Serve, ACME, Windows and proper-lockfile, and the OpenAI SDKs' bare 429.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // nahid/talk#107
        "Pusher : Error : {\"type\":\"WebSocketError\",\"error\":{\"type\":\"PusherError\",\"data\":{\"code\":4004,\"message\":\"Account over quota\"}}}",
        // plotly/dash-web-trader#6
        "{\"status\":\"error\",\"code\":\"rateLimited\",\"message\":\"You have made too many requests recently. Developer accounts are limited to 500 requests over a 24 hour period (250 requests available every 12 hours). Please upgrade to a paid plan if you need more requests.\"}",
        // EdwardBetts/osm-wikidata#268
        "runtime error: Query timed out in \"query\" at line 144 after 301 seconds.",
        // envoyproxy/envoy#11096
        "source/common/config/grpc_mux_impl.cc:226] gRPC config for type.googleapis.com/envoy.api.v2.Listener update rejected: Error adding/updating listener listener_internal: route: unknown weighted cluster",
        // garygrossgarten/github-action-ssh#4
        "⚠️ The GitHub Action couldn't connect to 172.31.6.56. Error: Timed out while waiting for handshake\n    at Timeout._onTimeout (/home/runner/work/_actions/garygrossgarten/github-action-ssh/release/node_modules/ssh2/lib/client.js:695:19)\n    at listOnTimeout (internal/timers.js:531:17)\n    at processTimers (internal/timers.js:475:7) {\n  level: 'client-timeout'\n}",
        // theophilusx/ssh2-sftp-client#234
        "connect: Timed out while waiting for handshake after 2 attempts",
        // zhengyang-wang/Deeplab-v2--ResNet-101--Tensorflow#22: weakly,
        // beside the `ResourceExhaustedError` that carries it.
        "ResourceExhaustedError (see above for traceback): OOM when allocating tensor with shape[5760,4,4,2048]\n         [[Node: fc1_voc12_c3/convolution/SpaceToBatchND = SpaceToBatchND[T=DT_FLOAT, Tblock_shape=DT_INT32, Tpaddings=DT_INT32, _device=\"/job:localhost/replica:0/task:0/device:GPU:0\"](res5c_relu, fc1_voc12_c3/convolution/SpaceToBatchND/block_shape, fc1_voc12_c3/convolution/SpaceToBatchND/paddings)]]",
        // google-deepmind/gemma#85: weakly, beside `RESOURCE_EXHAUSTED`.
        "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 15.65G. That was not possible. There are 11.08G free.; (0x0x0_HBM0)",
        // netbirdio/netbird#2726: weakly, beside the time-out it reports.
        "Certbot failed to authenticate some domains (authenticator: nginx). The Certificate Authority reported these problems:\ndashboard-1 | Domain: nb2.example.com\ndashboard-1 | Type: connection\ndashboard-1 | Detail: During secondary validation: 35.221.174.49: Fetching http://nb2.example.com/.well-known/acme-challenge/IpkLf3E7NL8-vVivqWl9U9rS7xFhAy1ivXrUApnFA-s: Timeout during connect (likely firewall problem)",
        // grafana/tempo#3862: weakly, beside the 500 that carries it.
        "failed to get trace with id: ... Status: 500 Internal Server Error Body: trace exceeds max size (max bytes: <global.max_bytes_per_trace>)",
    ]);
}

#[test]
fn what_passes() {
    assert_passing(&[
        // pusher/pusher-websocket-react-native#135
        "onError: Pong reply not received code: 4201 exception: <PusherSwift.PusherError: 0x600000d73db0>",
        // timeoff-management/timeoff-management-application#308
        "Error: Message failed: 432 4.3.2 STOREDRV.ClientSubmit; sender thread limit exceeded [Hostname=DM5SPR00MB2471.namprd08.prod.outlook.com]",
        // sabuhish/fastapi-mail#75
        "aiosmtplib.errors.SMTPDataError: (432, '4.3.2 Concurrent connections limit exceeded. Visit https://aka.ms/concurrent_sending for more information. [Hostname=OS0PR01MB6099.jpnprd01.prod.outlook.com]')",
        // MER-C/wiki-java#134
        "Exception in thread \"main\" java.lang.UnknownError: MW API error. Server response was:\n<?xml version=\"1.0\"?>\n<api servedby=\"mw1203\">\n<error code=\"maxlag\" info=\"Waiting for [ip]: 3.7246119976044 seconds lagged\" xml:space=\"preserve\">See https://commons.wikimedia.org/w/api.php for API usage\n</error>\n</api>",
        // linkedpipes/etl#784
        "ERROR c.l.p.l.w.WikibaseApiConnection - Response with error node: {\n  \"code\" : \"maxlag\",\n  \"info\" : \"Waiting for all: 5.3166666666667 seconds lagged.\",\n  \"host\" : \"all\",\n  \"lag\" : 5.316666666666666,\n  \"type\" : \"wikibase-queryservice\",\n  \"queryserviceLag\" : 319,",
        // newrelic/newrelic-java-agent#2966
        "ERROR: Remote metric_data call failed : com.newrelic.agent.ForceRestartException: .",
        // newrelic/elixir_agent#522
        "new_relic_agent - Reconnecting agent\nnew_relic_agent - metric_data: (409) :force_restart",
        // ray-project/ray#52624
        "(ServeReplica:default:Parent pid=366594) WARNING 2025-04-25 23:33:15,376 default_Parent alg5lde8 cfd6ec2d-a3f8-49d5-9728-3f7f6ca8f58b -- Request dropped due to backpressure (num_queued_requests=1, max_queued_requests=1).",
        // kelunik/acme#10
        "[Kelunik\\Acme\\AcmeException]\n  Invalid response: JWS has invalid anti-replay nonce oJ29ZCkwqoQ4yg6NOHQHRbbQn5UpC77hTql5AGy87FM.\n  Request URI: https://acme-staging.api.letsencrypt.org/acme/new-cert.",
        // KalleHallden/desktop_cleaner#12
        "PermissionError: [WinError 32] The process cannot access the file because it is being used by another process:",
        // millerscout/Kenshi-Mod-Manager#1841
        "System.IO.IOException: The process cannot access the file 'C:\\Users\\Justi\\Desktop\\New folder (2)\\error.log' because it is being used by another process.",
        // nibor1896/Crow#139
        "URLError: [WinError 10054]",
        // moxystudio/node-proper-lockfile#92
        "Error: Lock file is already being held\n\n    at /Users/marc/bude/glut.ts/node_modules/proper-lockfile/lib/lockfile.js:68:47\n    at Object.newFs.<computed> [as stat] (/Users/marc/bude/glut.ts/node_modules/proper-lockfile/lib/adapter.js:20:13)",
        // cline/cline#962
        "API Request Failed: 429 status code (no body)",
    ]);
}
