//! The seventy-sixth round, read after `final67.jsonl` was measured: low-code automation, forums, file sync, media servers, MQTT clients and container registries.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_lasting_surely, assert_passing, assert_refused_beside,
    verdict,
};

/// The weak passing texts of the round, each from its system's own files
/// or thread: decided passing, and still refused beside a credential word.
const WEAK_PASSING: &[&str] = &[
    // node-red/node-red
    "too many pending messages in delay node",
    // n8n-io/n8n
    "The DNS server returned an error, perhaps the server is offline",
    // zapier/zapier-platform
    "Force killing process by Zapier for memory usage",
    // syncthing/syncthing
    "file changed during hashing",
    // nextcloud/desktop
    "Local file changed during sync. It will be resumed.",
    // eclipse/paho.mqtt.golang
    "pingresp not received, disconnecting",
    // eclipse/paho.mqtt.golang
    "reconnecting state and cleansession is true",
    // mqttjs/MQTT.js
    "No connection to broker",
    // eclipse/paho.mqtt.python
    "Message is not queued due to ERR_QUEUE_SIZE",
    // eclipse/paho.mqtt.python
    "Client or broker did not communicate in the keepalive interval.",
    // redpanda-data/redpanda
    "Waiting for partition to recover",
    // openshift/origin#4304
    "Error pushing to registry: Post http://172.30.221.187:5000/v2/test/origin-ruby-sample/blobs/uploads/: net/http: transport closed before response was received",
    // project-zot/zot
    "tls certificate not yet loaded",
];

#[test]
fn queues_keepalives_syncs_and_partitions_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_all(
        (true, Confidence::Weak),
        &[
            // huginn/huginn
            "Cannot submit: pending generation limit (50) reached. Wait for existing generations to complete.",
            // seaweedfs/seaweedfs
            "Simultaneous request bytes exceed limitations",
            // eclipse/mosquitto
            "Keepalive exceeded",
            // zulip/zulip#15541
            "AssertionError: Unexpected event type restart",
        ],
    );
}

#[test]
fn settings_payloads_credentials_and_disabled_features_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // redpanda-data/redpanda
            "Cannot cancel partition move operation as there is no move in progress",
            // seaweedfs/seaweedfs#5947
            "WithFilerClient 0 seaweedfs-filer.seaweedfs.svc:18888: assign volume failure count:1 collection:\"ingest-prd\" path:\"/files/prd/in/test/xx.txt\": assign volume: rpc error: code = Unknown desc = failed to find writable volumes for collection:ingest-prd replication:002 ttl: error: No writable volumes in volume layout",
            // haiwen/seafile
            "Storage quota full",
            // zapier/zapier-platform
            "You passed {raw: true} in request() - the response.content property is not available! Try response.body.pipe() for streaming, response.buffer() for a buffer, or response.text() for string.",
            // node-red/node-red
            "Disconnect from broker before connecting",
            // huginn/huginn
            "Please use GET/POST requests only",
            // syncthing/syncthing
            "different encryption passwords used",
            // deuxfleurs-org/garage
            "Parts given to CompleteMultipartUpload were not in ascending order",
            // syncthing/syncthing
            "device is untrusted, but configured to receive plain data",
            // rclone/rclone
            "outdated config - please reconfigure this backend",
            // rclone/rclone
            "can't upload files to the root",
            // rclone/rclone
            "too many tries to commit multipart upload - increase --low-level-retries",
            // juicedata/juicefs
            "user/group quota is inconsistent, please repair it with --repair flag",
            // NodeBB/NodeBB
            "A master token was received without a corresponding `_uid` in the request body",
            // obsproject/obs-websocket
            "Replay buffer is not available.",
            // obsproject/obs-websocket
            "Scenes may only have one instance of a group.",
            // obsproject/obs-websocket
            "You sent a non-object payload.",
            // xiph/Icecast-Server
            "Mountpoint is not available for direct access",
            // datarhei/core
            "At least one input and one output need to be defined",
            // bluenviron/mediamtx
            "stream makes use of codecs which are not compatible with this browser or operative system",
            // eclipse/paho.mqtt.java
            "Client identifier not valid.",
            // redpanda-data/redpanda
            "Unable to allocate topic with given replication factor",
            // vernemq/vernemq
            "Only encoding plain or base64 allows. No more URL parameters supported.",
            // quay/quay
            "Pushes to the registry are currently disabled. Please contact the administrator for more information.",
            // project-zot/zot#2802
            "image is filtered out by sync config",
            // distribution/distribution#2593
            "upload resumed at wrong offest: 39157760 != 135803542",
            // AlexxIT/go2rtc
            "Invalid 2fa code entered. Please try again.",
            // flarum/framework
            "CSRF token did not match",
            // vernemq/vernemq#789
            "<0.762.0>@vmq_mqtt_fsm:auth_on_publish:702 can't auth publish [undefined,{[],<<\"Piyushs-MacBook-Pro.local36\">>},0,[<<\"test\">>],<<\"\\e[A\\n\">>,false] due to chain_exhausted",
            // vernemq/vernemq#789
            "<0.762.0>@vmq_ranch:teardown:138 session stopped abnormally due to 'publish_not_authorized_3_1_1'",
        ],
    );
}

#[test]
fn a_schedule_in_the_past_lasts_beside_an_internal_error() {
    // Misskey wraps it in "Internal error occurred", which names a passing
    // failure: lasting, but no longer sure.
    assert_all(
        (false, Confidence::Weak),
        &[
            // misskey-dev/misskey#16620
            "Internal error occurred in notes/drafts/create: scheduledAt must be in the future",
        ],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn the_strong_passing_words_leave_a_credential_or_a_day_beside_them_lasting() {
    // Strong, so that they decide beside "limit reached" or "exceeded"; a
    // refusal or a daily limit beside them must not become a blip, and the
    // weak "quota exceeded" beside them leaves the verdict unsure, as
    // beside "connection reset by peer" (constructed).
    for word in [
        "Wait for existing generations to complete.",
        "Simultaneous request bytes exceed limitations",
        "Keepalive exceeded",
        "Unexpected event type restart",
    ] {
        for other in [
            "invalid api key",
            "401 Unauthorized",
            "account locked",
            "daily limit reached",
        ] {
            let text = format!("{word}; {other}");
            assert!(!verdict(&text).0, "{text}");
        }
        let text = format!("{word}; quota exceeded");
        assert_eq!(verdict(&text).1, Confidence::Weak, "{text}");
        assert_eq!(
            verdict(&text),
            verdict("connection reset by peer; quota exceeded"),
            "{text}"
        );
    }
}

#[test]
fn a_message_pool_full_for_an_actor_is_no_node_red_queue() {
    // final46: Filecoin's message pool, which lasted.
    assert_lasting(&[
        "pushing message to mpool: add locked failed: too many pending messages for actor",
    ]);
}

#[test]
fn what_the_second_reader_found_or_narrowed_stays_so() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // distribution/distribution, since v2.8.3 spelled right
            "upload resumed at wrong offset: 39157760 != 135803542",
            // vernemq/vernemq since 1.10.3, and its subscribe refusal
            "can't auth publish [undefined,{[],<<\"c1\">>},0,[<<\"test\">>],<<\"x\">>,false] due to plugin_chain_exhausted",
            "can't authorize SUBSCRIBE from v3 client {[],<<\"c1\">>} due to not_authorized",
            // eclipse/paho.mqtt.python's MQTT_ERR_AUTH
            "Authorisation failed.",
            // AlexxIT/go2rtc's Ring client
            "2FA required",
            // haiwen/seafile's daemon/seafile-error.c
            "No permission to sync this folder",
            "Do not have write permission to the library",
            "Update to file denied by folder permission setting",
            "Failed to establish secure connection. Please check server SSL certificate",
            // quay/quay's read-only mode (a 405)
            "System is currently read-only. Pulls will succeed but all write operations are currently suspended.",
        ],
    );
    // Icecast's 503 when a source's listener slots are full.
    assert_all(
        (true, Confidence::Weak),
        &["Maximum listeners reached for this source"],
    );
    // Taken out: a warning beside the real failure, a wrapper of any
    // database error, a learner promoted once it catches up, and a
    // follow-up lookup that failed after an upload.
    assert_passing(&[
        "This step was still trying to run code when the step ended. Make sure you await all Promises, or promisify callback functions.; 502 Bad Gateway",
        "Database query failed. This may be caused by an incompatibility between an extension and your database driver. SQLSTATE[40001]: Deadlock found when trying to get lock; try restarting transaction",
    ]);
    assert_not_lasting_surely(&[
        "Requested node is not a voter",
        "The server did not provide the file permissions",
    ]);
}
