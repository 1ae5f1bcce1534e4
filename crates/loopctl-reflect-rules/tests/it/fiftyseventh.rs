//! The fifty-seventh round, read after `final48.jsonl` was measured: media servers and SIP proxies, vehicles and home energy, map servers and raster reads, travel and fitness services.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_passing, assert_refused_beside_each, verdict,
};

#[test]
fn sessions_links_and_reads_that_come_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // livekit/livekit: pkg/rtc/errors.go, pkg/rtc/mediatrackreceiver.go
            "node has exceeded its configured limit",
            "cannot subscribe without a receiver in place",
            // livekit/client-sdk-js: src/api/WebSocketStream.ts
            "Encountered websocket error during connection establishment",
            // kamailio/kamailio: src/modules/dispatcher/dispatcher.c
            "Ongoing reload",
            // teslamotors/vehicle-command: pkg/protocol/error.go
            "MESSAGEFAULT_ERROR_TIMEOUT",
            "MESSAGEFAULT_ERROR_BUSY",
            "MESSAGEFAULT_ERROR_TIME_EXPIRED",
            "vehicle busy or finishing wake-up",
            // kellerza/pysma: src/pysma/sma_webconnect.py, raising its exception
            "pysma.exceptions.SmaReadException: Error detected while reading",
            // OSGeo/gdal#11552
            "ERROR 1: Request for 372390946-372700449 failed with response_code=0",
            // SlideRuleEarth/sliderule#145
            "Failure reading nsidc-s3://ATL03_20210510135814_07141106_005_01.h5//gt1l/heights/lat_ph: cURL fixed request to S3 failed (/gt1l/heights/lat_ph)",
            "cURL called failed when performing request: 35",
            // Travelport-Ukraine/uapi-json: test/FakeResponses/Air/AirTicketing-busyPNR
            "The Provider reservation is being modified externally. Please Air Ticket later.",
        ],
    );
}

#[test]
fn map_server_request_errors_are_wrong_calls() {
    // MapServer/MapServer: msautotest/wxs/expected
    assert_all(
        (false, Confidence::Weak),
        &[
            "msWMSLoadGetMapParams(): WMS server error. Number of layers requested exceeds LayerLimit.",
            "msWMSGetCapabilities(): WMS server error. UPDATESEQUENCE parameter (876) is higher than server (123)",
        ],
    );
    assert_eq!(
        verdict("msCGIDispatchAPIRequest(): Web application error. Invalid API signature."),
        (false, Confidence::Strong)
    );
    assert_eq!(
        verdict(
            "msWCSGetCoverage(): WCS server error. Requested BBOX (500,500,1000,1000) is outside requested coverage BBOX (0,0,400,300)"
        ),
        (false, Confidence::Strong)
    );
    // A missing parameter is read as a wrong input whose schema is unknown.
    assert_lasting(&[
        "msWCSGetCoverage(): WCS server error. Required parameter CRS was not supplied.",
    ]);
}

#[test]
fn a_map_server_chain_over_a_failed_server_still_passes() {
    // The second reader's chains, in MapServer's format (mapwmslayer.c,
    // mapwms.cpp, mapwfs.cpp): the WMS and WFS kinds are set over a
    // cascaded server's failure or a database that refused the connection.
    assert_passing(&[
        "msDrawWMSLayerLow(): WMS server error. WMS GetMap request failed for layer 'osm' (Status 503: Service Unavailable).",
        "msDrawMap(): WMS connection error. Failed to draw WMS layer named 'osm'.\nmsDrawWMSLayerLow(): WMS server error. WMS GetMap request failed for layer 'osm' (Status 504: Gateway Time-out).",
        "msWMSApplyFilter(): WMS server error. FLTApplyFilterToLayer() failed\nmsPostGISLayerOpen(): Query error. Database connection failed (FATAL:  sorry, too many clients already)",
        "msWFSGetFeature(): WFS server error. FLTApplyFilterToLayer() failed\nmsPostGISLayerOpen(): Query error. Database connection failed (could not connect to server: Connection refused)",
    ]);
}

#[test]
fn a_car_asleep_an_unpaired_key_and_hourly_or_blocked_limits_last() {
    // teslamotors/vehicle-command: pkg/protocol/error.go
    assert_eq!(
        verdict("vehicle rejected request: your public key has not been paired with the vehicle"),
        (false, Confidence::Strong)
    );
    // livekit/client-sdk-js: Room.ts puts "could not establish signal
    // connection" in front of every failed connect, refusals among them.
    for text in [
        "Error initializing interview: ConnectionError: could not establish signal connection: invalid authorization token",
        "could not establish signal connection: no permissions to access the room",
    ] {
        assert_eq!(verdict(text), (false, Confidence::Strong), "{text}");
    }
    // What the second reader took out: Janus' cleaning (lasting in
    // janus-gateway#1800), Tesla's epoch fault as a caller sees it
    // (home-assistant/core#136039), another program's parse error, and
    // Sabre's ICE error, which its sources disagree on, left undecided.
    assert_lasting(&[
        "Still cleaning a previous session",
        "could not establish signal connection",
        "operation_status: OPERATIONSTATUS_ERROR signed_message_fault: MESSAGEFAULT_ERROR_INCORRECT_EPOCH",
        "Error detected while reading input string.",
        "USG_SECURITY_ICE_ERROR",
        r#"{"errors": [{"errorType": "system", "fieldName": "n/a", "message": "Too Many Requests"}], "success": false}"#,
    ]);
    // The session fault named after a token stays out: "invalid_token" is a
    // credential failure everywhere else.
    assert!(!verdict("MESSAGEFAULT_ERROR_INVALID_TOKEN_OR_COUNTER").0);
    assert_lasting(&[
        // teslamotors/vehicle-command: pkg/connector/inet/inet.go
        "vehicle unavailable: vehicle is offline or asleep",
        // cyberjunky/python-garminconnect#337, bugficks/omramin#15
        "Login failed: 429 Client Error: Too Many Requests for url: https://connectapi.garmin.com/oauth-service/oauth/preauthorized?ticket=ST-2270077-9MyIgeAH1WjPg9JzkUUI-cas",
        "Login failed: Error in request: 429 Client Error: Too Many Requests for url: https://sso.garmin.com/sso/signin?id=gauth-widget&embedWidget=true",
        // yghokim/omnitrack_android#104, openmhealth/shimmer#32
        r#"{"errors":[{"errorType":"system","fieldName":"n\/a","message":"Too Many Requests"}],"success":false}"#,
        r#"{"errors":[{"errorType":"request","fieldName":"n/a","message":"Rate limit exceeded for this user. Please try again at the start of the hour. More information about rate limiting is at <https://dev.fitbit.com/>."}],"success":false}"#,
        // evcc-io/evcc#3835
        "Too many requests, please check your error handling and backoff logic. Your IP is registered in our systems and is now blocked, to undo please contact support.",
    ]);
}

#[test]
fn other_garmin_limits_and_other_waits_still_pass() {
    // Only Garmin's sign-in limits last; a data URL's 429 is a rate limit.
    assert!(verdict("429 Client Error: Too Many Requests for url: https://connectapi.garmin.com/activitylist-service/activities/search/activities").0);
    // A per-minute limit with Fitbit's envelope but another message.
    assert!(verdict(r#"{"errors":[{"errorType":"system","fieldName":"n/a","message":"Service Unavailable"}],"success":false}"#).0);
}

#[test]
fn a_refusal_beside_any_new_passing_word_stays_refused() {
    // The second reader's worst case: a credential failure the tables did
    // not name ("Wrong password", "account disabled") became a blip beside
    // any passing word.
    let passing = [
        "node has exceeded its configured limit",
        "cannot subscribe without a receiver in place",
        "Encountered websocket error during connection establishment",
        "Ongoing reload",
        "MESSAGEFAULT_ERROR_TIME_EXPIRED",
        "SmaReadException: Error detected while reading",
        "ERROR 1: Request for 0-100 failed with response_code=0",
        "cURL fixed request to S3 failed",
        "cURL called failed when performing request: 35",
        "The Provider reservation is being modified externally.",
    ];
    let refusals = [
        "Wrong password",
        "account disabled",
        "Invalid authorization token",
    ];
    assert_refused_beside_each(&passing, &refusals);
}
