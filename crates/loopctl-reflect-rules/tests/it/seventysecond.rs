//! The seventy-second round, read after `final63.jsonl` was measured: application servers, sync engines, CAPTCHA services, tunnels, app build tools and mod platforms.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_lasting_surely, assert_not_passing_unsure,
    assert_passing, assert_refused_beside, verdict,
};

#[test]
fn solvers_locks_edges_and_reconnects_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // luk6xff/Packt-Publishing-Free-Learning#81
            "No idle workers are available at the moment, please try a bit later or try increasing your maximum bid.",
            // V4NSH4J/discord-mass-DM-GO#562
            "{\"errorId\":2,\"errorCode\":\"ERROR_NO_SLOT_AVAILABLE\",\"errorDescription\":\"No idle workers are available at the moment. Please try a bit later or increase your maximum bid in menu Settings - API Setup in Anti-Captcha Customers Area.\"}",
            // The code alone, as clients print it (constructed)
            "anti-captcha: ERROR_NO_SLOT_AVAILABLE",
            // 2captcha.com
            "CAPCHA_NOT_READY",
            // electric-sql/electric
            "Replication slot already in use by another database connection, possibly external to Electric.",
            // powersync-ja/powersync-service
            "[PSYNC_S1003] Replication stream is locked by another process, standing by.",
            // apache/couchdb#4066
            "Replicator GET ******  failed due to error sel_conn_closed",
            // couchbase/sync_gateway
            "Sync Gateway database went away - asking client to reconnect",
            // realm/realm-core
            "Sync connection was not fully established in time",
            // cloudflare/cloudflared
            "already connected to this server, trying another address",
            // Open-ACP/OpenACP#50
            "failed to parse quick Tunnel ID: invalid UUID length: 0",
            // flutter/flutter
            "Exception in thread \"main\" javax.net.ssl.SSLHandshakeException: Remote host terminated the handshake",
            // defold/defold
            "/var/folders/6l/p6nhw59s2ns2x9chznhy9k1r0000gp/T/defsign.MamsrV/Defold-macosx.cocoa.x86_64.dmg: The timestamp service is not available.",
        ],
    );
}

#[test]
fn tokens_client_files_plans_and_settings_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // cloudflare/cloudflare-docs
            "timeout-or-duplicate",
            // google/recaptcha
            "hostname-mismatch",
            // FlareSolverr/FlareSolverr
            "Error: Request parameter 'url' is mandatory in 'request.get' command.",
            // drallieiv/KinanCity#76
            "[antiCaptcha] Captcha Provider Error ERROR_NO_SUCH_CAPCHA_ID",
            // realm/realm-core
            "Client file has expired due to log compaction. Please wipe the file on the client to resume synchronization",
            // realm/realm-core#7291
            "Connection[2]: Session[2]: Received: ERROR \"Bad client file identifier (IDENT)\" (error_code=208, is_fatal=true, error_action=ClientReset)",
            // rocicorp/replicache#880
            "{\"error\": \"ClientStateNotFound\"}",
            // apache/pouchdb
            "Only reserved document ids may start with underscore.",
            // apache/pouchdb
            "A pre-existing attachment stub wasn't found",
            // ngrok.com
            "We do not allow access to ngrok.com from your location. Your location was determined using your IP address.",
            // ngrok.com
            "Only paid plans may create endpoints with custom subdomains.",
            // ngrok.com
            "Only accounts on paid plans can reserve domains.",
            // ngrok.com
            "This address is allocated for a different region.",
            // openziti/zrok#1118
            "[ERROR]: unable to create share (unable to load environment; did you 'zrok enable'?)",
            // tailscale/tailscale
            "Funnel not available; \"funnel\" node attribute not set. See https://tailscale.com/s/no-funnel.",
            // flutter/flutter
            "Xcode end user license agreement not signed; open Xcode or run the command 'sudo xcodebuild -license'.",
            // ionic-team/capacitor
            "The Capacitor CLI needs to run at the root of an npm package or in a valid NX monorepo.\nMake sure you have a package.json or project.json file in the directory where you run the Capacitor CLI.\nMore info: https://docs.npmjs.com/cli/init",
            // auth0-samples/auth0-ionic-samples#73
            "[error] native-run failed with error\n\n        ERR_UNSUITABLE_API_INSTALLATION: No suitable API installation found.\n\n        More details for this error may be available online:\n        https://github.com/ionic-team/native-run/wiki/Android-Errors",
            // uutils/coreutils#5917
            "ERROR   | Running multiple emulators with the same AVD \nERROR   | is an experimental feature.\nERROR   | Please use -read-only flag to enable this feature.",
            // loris-imageserver/loris#458
            "--- no python application found, check your startup logs for errors ---",
            // gorilla-devs/ferium#428
            "The following mod(s) have denied 3rd parties such as Ferium from downloading it\n- Ender Dragon Revamp\n  https://www.curseforge.com/minecraft/texture-packs/ender-dragon-revamp/download/4333759\n- Better With Minecolonies [Forge]\n  https://www.curseforge.com/minecraft/mc-mods/better-with-minecolonies/download/3987740\n- Wabi-Sabi Structures (Forge)\n  https://www.curseforge.com/minecraft/mc-mods/wabi-sabi-structures-forge/download/4688278\n- STONEBORN - Modded Compatibility GUI - SBMC\n  https://www.curseforge.com/minecraft/texture-packs/stoneborn-modded-compatibility-sbmc/download/4373196\n- Structory: Towers\n  https://www.curseforge.com/minecraft/mc-mods/structory-towers/download/4441351\n- Towers of the Wild Modded\n  https://www.curseforge.com/minecraft/mc-mods/towers-of-the-wild-modded/download/5239657\n- Entity Culling Fabric/Forge\n  https://www.curseforge.com/minecraft/mc-mods/entityculling/download/4404949\n- Structory\n  https://www.curseforge.com/minecraft/mc-mods/structory/download/4441631",
            // Nexus-Mods/node-nexus-api
            "Security protocol error: protocol version mismatch between client and server (if using a proxy/vpn, please ensure it supports TLS 1.2 and above)",
            // Hamster45105/ddgemail-token#8
            "hCaptcha verification failed. Error code: sitekey-secret-mismatch",
            // Trollicus/effective-invention#16
            "An exception of type 'System.Exception' occurred in System.Private.CoreLib.dll but was not handled in user code: 'ERROR_KEY_DOES_NOT_EXIST : Account authorization key not found in the system'",
            // ngrok.com
            "Token could not be found in request.",
            // spotsnel/cockpit-cloudflared#10
            "Error locating origin cert: client didn't specify origincert path",
            // rocicorp/replicache
            "Tried to reauthenticate too many times",
            // ekzhang/bore
            "server error: invalid secret",
        ],
    );
}

#[test]
fn emulators_proxies_listeners_and_unknown_messages_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // ekzhang/bore
            "server error: client port number not in allowed range",
            // react/react-native#43320
            "error Failed to launch emulator. Reason: The emulator (INFO    | Storing crashdata in: C:\\Users\\arunk\\AppData\\Local\\Temp\\\\AndroidEmulator\\emu-crash-34.1.18.db, detection is enabled for process: 404) quit before it finished opening. You can try starting the emulator manually from the terminal with: C:\\Users\\arunk\\AppData\\Local\\Android\\Sdk/emulator/emulator @INFO    | Storing crashdata in: C:\\Users\\arunk\\AppData\\Local\\Temp\\\\AndroidEmulator\\emu-crash-34.1.18.db, detection is enabled for process: 404.",
            // ckalgos/FUT-Trader#223
            "Error occured when checking captcha result : ERROR_PROXY_CONNECT_REFUSED, Could not connect to proxy related to the task, connection refused",
            // travis-ci/travis-api#150
            "adding listener failed addr=0.0.0.0:3000 (in use)",
            // radiasoft/sirepo#2662
            "probably another instance of uWSGI is running on the same address (0.0.0.0:8000).",
            // ueberdosis/hocuspocus#591
            "closing connection because of exception Error: Received a message with an unknown type: 222",
        ],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "No idle workers are available at the moment",
        "ERROR_NO_SLOT_AVAILABLE",
        "CAPCHA_NOT_READY",
        "sel_conn_closed",
        "Sync connection was not fully established in time",
        "already connected to this server, trying another address",
        "Remote host terminated the handshake",
        "The timestamp service is not available.",
    ]);
    assert_lasting(&["server error: client port number not in allowed range"]);
}

#[test]
fn what_the_second_reader_added_stays_named() {
    // The wordings the second reader found in the services' client
    // packages and error tables, in texts built around them (constructed).
    assert_all(
        (true, Confidence::Weak),
        &[
            "No idle captcha workers are available at the moment.",
            "Session[1]: Received: ERROR (error_code=201, is_fatal=false, error_action=Transient)",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            "Cannot create AVD because there is no suitable API installation.",
            "ERROR_ZERO_BALANCE",
            "ERROR_IP_BLOCKED",
            "ERROR_WRONG_USER_KEY",
            "invalid-input-secret",
            "missing-input-secret",
            "Connection[1]: Session[1]: Received: ERROR \"Invalid user\" (error_code=231, is_fatal=true, error_action=LogOutUser)",
        ],
    );
}

#[test]
fn what_the_second_reader_took_out_or_narrowed_stays_so() {
    // Taken out: the wrapper's own retries are spent when a caller sees it.
    assert_not_passing_unsure(&["a successful ngrok tunnel session has not yet been established"]);
    // WatermelonDB's warning, which the sync carries on past, no longer
    // decides; electron-builder's and PM2's warnings are weak (the first
    // is final63's text, the second constructed after it).
    assert_not_lasting_surely(&[
        "Diagnostic error: [Sync] Pull has finished and received server time 0 - but previous pulled-at time was greater - 115. This is most likely sever bug",
    ]);
    assert_all(
        (false, Confidence::Weak),
        &[
            "GitHub release not created  reason=existing type not compatible with publishing type tag=v1.0.28 version=1.0.28 existingType=release publishingType=draft",
            "Script /srv/app/server.js had too many unstable restarts (16). Stopped. \"errored\"",
        ],
    );
    // Narrowed: a secret's name beside a rate limit is the rate limit,
    // and a column "with an unknown type" is no message (constructed).
    assert_passing(&["invalid secret name \"db-pass\": 429 Too Many Requests"]);
    assert_ne!(
        verdict("column defined with an unknown type"),
        (false, Confidence::Weak)
    );
}
