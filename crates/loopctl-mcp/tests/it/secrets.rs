//! A server's keys stay out of what people and models read: `Display`, errors, tool outputs.
//! Tokens and headers reach the server, and only the server.

use loopctl_mcp::{McpError, McpServer, McpToolSet};
use loopctl_testkit::HttpFixture;

const PASSWORD: &str = "hunter2-in-the-url";
const QUERY_TOKEN: &str = "qt-0123456789abcdef";
const ARG_KEY: &str = "sk-proj-argument-key-0123456789";
const BEARER: &str = "bearer-0123456789abcdef";
const HEADER: &str = "header-key-0123456789abcdef";

fn leaks(text: &str) -> Vec<&'static str> {
    [PASSWORD, QUERY_TOKEN, ARG_KEY, BEARER, HEADER]
        .into_iter()
        .filter(|secret| text.contains(secret))
        .collect()
}

#[test]
fn display_and_debug_show_the_program_and_the_urls_shape() {
    let stdio = McpServer::stdio("/usr/local/bin/node")
        .args(["server.js", "--api-key", ARG_KEY])
        .env("API_KEY", ARG_KEY);
    assert_eq!(stdio.to_string(), "node (3 arguments)");
    assert!(leaks(&format!("{stdio:?}")).is_empty());
    let http = McpServer::http(format!(
        "https://bot:{PASSWORD}@mcp.example.com/mcp?token={QUERY_TOKEN}&region=eu"
    ))
    .bearer_token(BEARER)
    .header("X-Api-Key", HEADER);
    assert_eq!(
        http.to_string(),
        "https://REDACTED:REDACTED@mcp.example.com/mcp?token=REDACTED&region=REDACTED"
    );
    assert!(leaks(&format!("{http:?}")).is_empty());
}

#[tokio::test]
async fn an_unreachable_server_is_named_without_its_keys() {
    // A port nothing listens on: bound, then released.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = McpServer::http(format!(
        "http://bot:{PASSWORD}@127.0.0.1:{port}/mcp?token={QUERY_TOKEN}"
    ))
    .bearer_token(BEARER)
    .header("X-Api-Key", HEADER);
    let error = McpToolSet::builder(server)
        .reconnect(1, std::time::Duration::ZERO)
        .connect()
        .await
        .unwrap_err();
    let text = error.to_string();
    assert!(leaks(&text).is_empty(), "{text}");
    assert!(text.contains(&format!("127.0.0.1:{port}")), "{text}");
}

#[tokio::test]
async fn the_token_and_headers_reach_the_server_that_requires_them() {
    let fixture = HttpFixture::start_with_args(
        0,
        &[],
        &[
            "--require-header",
            &format!("authorization: Bearer {BEARER}"),
            "--require-header",
            &format!("x-api-key: {HEADER}"),
        ],
    )
    .await;
    let set = McpToolSet::connect(
        McpServer::http(&fixture.url)
            .bearer_token(BEARER)
            .header("X-Api-Key", HEADER),
    )
    .await
    .unwrap();
    assert_eq!(set.listed().len(), 17);

    // Without the header the server refuses, and the error names no key.
    let error = McpToolSet::builder(McpServer::http(&fixture.url).bearer_token(BEARER))
        .reconnect(1, std::time::Duration::ZERO)
        .connect()
        .await
        .unwrap_err();
    assert!(leaks(&error.to_string()).is_empty(), "{error}");
}

#[tokio::test]
async fn a_header_http_does_not_allow_is_refused_with_its_name() {
    let fixture = HttpFixture::start(0, &[]).await;
    let error = McpToolSet::builder(
        McpServer::http(&fixture.url).header("X-Api-Key", format!("{HEADER}\r\nInjected: 1")),
    )
    .reconnect(1, std::time::Duration::ZERO)
    .connect()
    .await
    .unwrap_err();
    let text = error.to_string();
    assert!(
        matches!(&error, McpError::Unreachable { reason, .. } if reason.contains("X-Api-Key")),
        "{text}"
    );
    assert!(leaks(&text).is_empty(), "{text}");
}
