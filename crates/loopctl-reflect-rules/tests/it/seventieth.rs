//! The seventieth round, read after `final61.jsonl` was measured: identity tenants, device agents, data versioning, store publishing, coverage uploads and SIP stacks.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_lasting_surely, assert_not_passing_unsure,
    assert_passing, assert_refused_beside, verdict,
};

#[test]
fn runs_locks_links_and_their_own_servers_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Normation/rudder-agent; puppetlabs/puppet
            "rudder agent check is already running",
            "Another puppet instance is already running and the waitforlock setting is set to 0; exiting",
            // stytchauth/stytch-browser
            "Unable to contact our servers.",
            "Invalid response from our servers.",
            // clerk/javascript
            "Clerk: Network request failed while offline. The browser appears to be disconnected.\n\n(code=\"clerk_offline\")",
            // ory/kratos: a row lock on CockroachDB (the whole sentence)
            "The session you are trying to extend is already being extended by another request or does not exist.",
            // dolthub/dolt: lost races, waiters
            "could not set destination root to the same value as this database's root. the destination database received too many writes while we were pushing and we exhausted our retries.",
            "cluster: mysqldb replication: could not wait for replication. Concurrent waiters conflicted with each other.",
            // puppetlabs/puppetserver: a 503 with Retry-After
            "The number of requests waiting for a JRuby instance has exceeded the limit allowed by the max-queued-requests setting.",
            // pjsip/pjproject: bad nameservers are probed again
            "No working DNS nameserver (PJLIB_UTIL_EDNSNOWORKINGNS)",
            // jambonz/jambonz-feature-server: it reconnects every 3 s
            "no available Freeswitch for creating media endpoint",
        ],
    );
}

#[test]
fn settings_suspensions_and_missing_packages_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // Each weak word alone deciding, in labelled texts of other
            // files and of final61.
            "Organization is suspended",
            "MCP library not available. Please install with: pip install mcp",
            "To run `quilt3 catalog` please `pip install 'quilt3[catalog]'`",
            "Need to set env var SEMGREP_REPO_NAME to use `--config policy`",
            "Commit SHA-1 hash isn't valid. Make sure it consists of 40 hexadecimal characters.",
            "Account not active yet. Did you forget to verify your email address?",
            "Instance is blocked",
            "error: The Rudder agent is currently disabled. You can enable it with 'rudder agent enable'.",
            "upload error - You will need to go to the Chrome Web Store Developer Dashboard and upload it manually.",
            "\u{1f6a8} Nothing to report",
        ],
    );
}

#[test]
fn spent_codes_flows_and_changed_keys_are_refused() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // teamhanko/hanko; logto-io/logto; stytchauth/stytch-browser
            "The passcode was entered wrong too many times.",
            "The token has been consumed.",
            "The biometrics enrollment on the device has changed.",
            "Failed to retrieve the public key. Add a new biometric registration.",
            // logto-io/logto (found by the second reader)
            "The verification was not successful. Restart the verification flow and try again.",
            // saltstack/salt; micromdm/micromdm; semgrep/semgrep
            "The master key has changed, the salt master could have been subverted, verify salt master's public key",
            "device certificate is expired",
            "run `semgrep login` before using `semgrep ci` or use `semgrep scan` and set `--config`",
            // ory/kratos and Edge Add-ons: "go back", "clear your browser's
            // cookies" and "after updating the package" are changes before
            // the retry
            "Can't publish extension since there are no updates, please try again after updating the package.",
            "The browser does not contain the necessary cookie to resume the session. This is a security violation and was blocked. Please clear your browser's cookies and cache and try again!",
            "The request was initiated by someone else and has been blocked for security reasons. Please go back and try again.",
        ],
    );
    // Logto's expired verification says "timed out": lasting all the same.
    assert_lasting(&["The connection has timed out. Verify again to ensure your account safety."]);
}

#[test]
fn settings_stores_and_uploads_that_stay_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // casdoor/casdoor; teamhanko/hanko; clerk/javascript
            "Invitation code exhausted",
            "The flow has expired.",
            "The JWKS endpoint did not contain any signing keys. Contact support@clerk.com.",
            // supertokens/supertokens-node; delta-io/delta-sharing
            "No SuperTokens core available to query. Please pass supertokens > connectionURI to the init function, or override all the functions of the recipe you are using.",
            "Shared table schema is not set. Please contact your data provider.",
            // Oxen-AI/Oxen; dolthub/dolt
            "S3 storage requested but the server has no S3 opts configured (see `s3_bucket` under [storage] in the server config)",
            "no binlog currently being recorded; make sure the server is started with @@log_bin enabled",
            "unable to start rebase while a merge is in progress \u{2013} abort the current merge before proceeding",
            "upgrade your dolt client; it is too old to read these files",
            // iterative/dvc-gdrive; git-annex remotes
            "Please specify GDrive's client ID and secret in DVC config or omit both to use the defaults.",
            "Failed to create directory on remote. Ensure that 'rclone config' has been run.",
            "ID of root folder changed. Was the repo moved? Please check remote and re-run git annex enableremote",
            // osquery/osquery
            "Failed to set the netlink owner",
            // eclipse/openvsx; Edge Add-ons; the Chrome Web Store; Raycast
            "Your Publisher Agreement with the Eclipse Foundation is outdated.",
            "A copyright declaration is necessary for the MIT license.",
            "Can't publish extension as your extension has modules that are not valid. Fix the modules with errors and try to publish again.",
            "Publish condition not met: You may not edit or publish an item that is in review.",
            "error  - preparing extension\nseems like there is nothing new to publish.",
            // Codecov, Codacy, qlty, DeepSource
            "No coverage reports found. Please make sure you're generating reports successfully.",
            "Can't detect any coverage report automatically. Specify the report with the flag -r",
            "No JUnit XML files were found. Make sure to specify them using the --file option.",
            "Unable to detect sha, please set manually with the -C flag",
            "Unable to determine commit SHA from the environment.\nPlease provide it using --override-commit-sha",
            "Error while cleaning paths. No paths matched existing files!",
            "Base and head sha can't be the same",
            "Empty argument for --project-token",
            "Unable to get commit OID HEAD. Make sure you are running the CLI from a git repository or use --commit flag",
            // pjsip/pjproject; kamailio; OpenSIPS; Asterisk
            "All ICE checklists failed (PJNATH_EICEFAILED)",
            "Require secure session/transport (PJSIP_ESESSIONINSECURE)",
            "DNS \"Name Error\" (PJLIB_UTIL_EDNS_NXDOMAIN)",
            "Unresolvable destination (478/TM)",
            "Both dialog legs are on hold",
            "Maximum retries reached when attempting outbound registration to 'sip:sanjose.voip.ms:5060' with client 'sip:185060_prod-foo@sanjose.voip.ms:5060', stopping registration attempt",
        ],
    );
}

#[test]
fn lasting_words_beside_a_plain_retry_advice_stay_sure() {
    // "Try again later" alone does not unsettle them: the thread or the
    // code says the same call fails until something else changes (a
    // review of days, people logging out).
    assert_all(
        (false, Confidence::Strong),
        &[
            // Edge Add-ons (wdzeng/edge-addon#17); munki/munki
            "Error: Can't publish extension as your extension submission is in progress. Please try again later.",
            "There are other users logged into this computer.\nUpdating now could cause other users to lose their work.\n\nPlease try again later after the other users have logged out.",
        ],
    );
}

#[test]
fn a_django_throttle_names_its_wait() {
    // mozilla/addons#8366: about 17 hours, past any retry.
    assert_eq!(
        verdict(
            "status: 429 response: {\"detail\":\"Request was throttled. Expected available in 61891 seconds.\"}"
        ),
        (false, Confidence::Strong)
    );
    // klaviyo/python-klaviyo#20: a minute.
    assert!(verdict("{'detail': 'Request was throttled. Expected available in 56.0 seconds.'}").0);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "Another puppet instance is already running",
        "rudder agent check is already running",
        "Unable to contact our servers.",
        "Network request failed while offline",
        "Concurrent waiters conflicted with each other",
        "(PJLIB_UTIL_EDNSNOWORKINGNS)",
        "no available Freeswitch",
    ]);
}

#[test]
fn what_the_second_reader_took_out_or_narrowed_stays_so() {
    // Taken out: the same words in other programs' failures (the second
    // reader's texts: a Rust logic error, a script's message, a model's
    // reply, and Docker Compose's warning before a registry time-out).
    assert_not_passing_unsure(&[
        "logic error: in_progress was empty",
        "Executable file not found. Please try again.",
    ]);
    assert_ne!(
        verdict("Gemini response could not be parsed."),
        (false, Confidence::Weak)
    );
    assert!(
        verdict(
            "WARN[0000] The \"HOME\" variable is not set. Defaulting to a blank string.\nError response from daemon: Get \"https://registry-1.docker.io/v2/\": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)"
        )
        .0
    );
    // Narrowed: a Go server's refusal and pip's notice (constructed after
    // pip's own output) no longer pass or last on the shorter words.
    assert_not_passing_unsure(&[
        "It seems you are blocked from our servers . please contact to admin to solve this problem",
    ]);
    assert!(
        verdict(
            "ReadTimeoutError: HTTPSConnectionPool(host='pypi.org', port=443): Read timed out.\n[notice] To update, run: pip install --upgrade pip"
        )
        .0
    );
    // SuperTokens' short sentence (every core refusing connections), a
    // hint after a refused connection and a throttle's pause (constructed
    // after the review's sources) are not lasting surely.
    assert_not_lasting_surely(&["No SuperTokens core available to query"]);
    assert_passing(&[
        "Connection refused. Make sure the server is started with --listen 0.0.0.0",
        "registration throttled; stopping registration attempts until cooldown expires",
    ]);
}
