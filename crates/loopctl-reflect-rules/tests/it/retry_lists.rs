//! The fifteenth round's tables: the drivers' and client libraries' own retry lists and the APIs' error codes, on texts from the threads named beside them, and what they must not overrule.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_passing, verdict};

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
    // data" names the way the refusal came, not a blip.
    let proxy = "Failure when receiving data from the peer: Received HTTP code 407 from proxy after CONNECT";
    assert!(!verdict(proxy).0, "{proxy}");
    // zitadel/nextgen#795: "unknown database error" is no missing database.
    assert_passing(&[
        "failed to insert session: unknown database error:\n  spanner: code = \\\"Aborted\\\", desc = \\\"Transaction: 1786118321035086 aborted due to\n  another transaction getting priority. The emulator only supports one transaction at a time.\\\"",
        // Spring's ResourceAccessException (in the form Spring prints it) holds
        // `eacces` in its name only.
        "org.springframework.web.client.ResourceAccessException: I/O error on POST request for \"http://localhost:8080/api\": Connection refused",
        // llhttp's HPE_INVALID_CONSTANT (in the form Node.js prints it) holds
        // NSQ's `E_INVALID` in its name
        // only: the server sent a malformed answer.
        "Error: Parse Error: Expected HTTP/\n    at Socket.socketOnData (node:_http_client:494:22) {\n  bytesParsed: 0,\n  code: 'HPE_INVALID_CONSTANT',\n  reason: 'Expected HTTP/'\n}",
    ]);
}
