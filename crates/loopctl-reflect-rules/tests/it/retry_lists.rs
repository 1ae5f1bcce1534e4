//! The fifteenth round's tables: the drivers' and client libraries' own retry lists and the APIs' error codes, on texts from the threads named beside them, and what they must not overrule.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_lasting, assert_passing, verdict};

#[test]
fn what_the_lists_say_passes_passes() {
    assert_passing(&[
        // MicrosoftDocs/sql-docs:azure-sql/database/troubleshoot-common-errors-issues.md
        "Login to read-secondary failed due to long wait on 'HADR_DATABASE_WAIT_FOR_TRANSITION_TO_VERSIONING'.",
        // jamalex/notion-py#333
        "requests.exceptions.RetryError: HTTPSConnectionPool(host='www.notion.so', port=443): Max retries exceeded with url: /api/v3/queryCollection (Caused by ResponseError('too many 504 error responses'))",
        // microsoft/planetary-computer-tasks#119
        "Failed to update task status: (429) Message: {\"Errors\":[\"Request rate is large. More Request Units may be needed, so no changes were made. Please retry this request later. Learn more: http://aka.ms/cosmosdb-error-429\"]}",
        // ttencate/sf2github#31
        "403: You have triggered an abuse detection mechanism and have been temporarily blocked from content creation. Please retry your request again later.",
    ]);
}

#[test]
fn what_the_lists_say_stays_is_surely_lasting() {
    for text in [
        // balderdashy/sails#3443
        "Error: ER_HOST_IS_BLOCKED: Host '192.168.xxxx.xx' is blocked because of many connection errors; unblock with 'mysqladmin flush-hosts'",
        // redis/redis#7154
        "CROSSSLOT Keys in request don't hash to the same slot",
        // vpdb/server#152
        "ReplyError: NOSCRIPT No matching script. Please use EVAL.",
        // theburningmonk/ReactoKinesix#56
        "Amazon.Kinesis.Model.ExpiredIteratorException: Iterator expired. The iterator was created at time Thu Jul 02 12:57:57 UTC 2015 while right now it is Fri Jul 03 03:56:58 UTC 2015 which is further in the future than the tolerated delay of 300000 milliseconds.",
        // funilrys/PyFunceble#241
        "requests.exceptions.TooManyRedirects: Exceeded 30 redirects.",
        // containers/podman:troubleshooting.md
        "Get https://localhost:5000/v2/: http: server gave HTTP response to HTTPS client",
        // loopbackio/loopback-connector-postgresql#259
        "Connection fails: { [error: no pg_hba.conf entry for host \"84.100.147.84..\", user \"myuser\", database \"mydatabase\", SSL off]",
        // cli/cli#2661
        "GraphQL error: Resource protected by organization SAML enforcement. You must grant your OAuth token access to this organization.",
        // besley/Slickflow#19
        "ORA-28001: the password has expired",
    ] {
        assert_eq!(verdict(text), (false, Confidence::Strong), "{text}");
    }
}

#[test]
fn a_passing_name_does_not_overrule_a_refusal_or_a_word_it_only_resembles() {
    // php-curl-class/php-curl-class#552: libcurl's "failure when receiving
    // data" names the way the refusal came, not a blip; and Guzzle's cURL
    // error 56 around the same words.
    assert_lasting(&[
        "Failure when receiving data from the peer: Received HTTP code 407 from proxy after CONNECT",
        "cURL error 56: Received HTTP code 407 from proxy after CONNECT",
    ]);
    // zitadel/nextgen#795: "unknown database error" is no missing database.
    assert_passing(&[
        "failed to insert session: unknown database error:\n  spanner: code = \\\"Aborted\\\", desc = \\\"Transaction: 1786118321035086 aborted due to\n  another transaction getting priority. The emulator only supports one transaction at a time.\\\"",
    ]);
}

/// Probes a second reader wrote against the threat of a code or an errno
/// name found inside a longer name, a path or a file name: each is a
/// passing failure that only mentions such a name.
#[test]
fn a_code_inside_a_longer_name_names_nothing() {
    assert_passing(&[
        "ConnectionResetError: [Errno 104] Connection reset by peer while uploading to gs://bucket/data_loss_report.csv",
        "503 Service Unavailable while GET /admin/users/has_no_permission_flag; please retry later",
        "GET /api/v1/items/resource_missing_report returned 503 Service Unavailable, please retry",
        "ECONNRESET: socket hang up while sending event token_expired_reminder; please retry",
        "ReadTimeout on https://api.example.com/hooks/no_permission_callback, please retry",
        "GET https://api.example.com/v1/reports/token_expired_users timed out after 30s (ETIMEDOUT)",
        "503 Service Unavailable for /api/crossslot-check, please retry",
        // Spring's remoting and web clients: `eacces` sits inside their names.
        "org.springframework.web.client.ResourceAccessException: I/O error on POST request for \"http://localhost:8080/api\": Connection refused",
        "org.springframework.remoting.RemoteAccessException: Could not access remote service at [http://svc:8080/api]; nested exception is java.net.ConnectException: Connection refused",
        "com.example.ServiceAccessException: upstream returned 503 Service Unavailable, retry later",
    ]);
    // Where the systems print them, the codes still count.
    let slack = "slack_sdk.errors.SlackApiError: The request to the Slack API failed. (url: https://slack.com/api/chat.postMessage)\nThe server responded with: {'ok': False, 'error': 'no_permission'}";
    assert_eq!(verdict(slack), (false, Confidence::Strong), "{slack}");
}

#[test]
fn a_malformed_answer_and_what_redis_wraps_are_read_as_they_are() {
    // llhttp's parse errors: the server's answer is malformed, and will be
    // again. nodejs/node#27711, sindresorhus/got#1685, rbren/rss-parser#230.
    assert_lasting(&[
        "Error: Parse Error: Invalid header value char\n    at Socket.socketOnData (_http_client.js:469:22) {\n  bytesParsed: 21,\n  code: 'HPE_INVALID_HEADER_TOKEN',\n  reason: 'Invalid header value char'}",
        "RequestError: Parse Error: Invalid header value char\n    at ClientRequest.<anonymous> (node_modules/got/dist/source/core/index.js:956:111) {\n  code: 'HPE_INVALID_HEADER_TOKEN',",
        "Error: Parse Error\n    at TLSSocket.socketOnData (_http_client.js:452:22) {\n  bytesParsed: 707,\n  code: 'HPE_INVALID_HEADER_TOKEN',\n  reason: 'Invalid header value char'\n}",
    ]);
    // Redis' EXECABORT names the reason it discarded the transaction
    // (`Transaction discarded because of: %s`), and the reason decides.
    assert_passing(&[
        "EXECABORT Transaction discarded because of: LOADING Redis is loading the dataset in memory",
        "EXECABORT Transaction discarded because of: READONLY You can't write against a read only replica.",
    ]);
    assert_lasting(&[
        "EXECABORT Transaction discarded because of: NOAUTH Authentication required.",
        // StackExchange/StackExchange.Redis#1372
        "EXECABORT Transaction discarded because of previous errors.",
    ]);
}
