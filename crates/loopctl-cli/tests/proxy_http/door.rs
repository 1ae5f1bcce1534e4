//! Who gets in: bearer tokens, `Host` and `Origin`, and where the proxy may listen. Written against the ways in (missing, wrong, near and misplaced tokens; foreign, look-alike and other-port hosts and origins; every-interface and IPv6 binds), not against the checks.

use crate::running::{INITIALIZE, RunningProxy, command, open_session, post, send};

const TOKEN: &str = "5f2b8c1d9e7a4f60b3c2d1e0f9a8b7c6";

/// The proxy's token file, removed when the test is done with it.
struct TokenFile(std::path::PathBuf);

impl std::ops::Deref for TokenFile {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TokenFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn token_file(name: &str) -> TokenFile {
    let path = std::env::temp_dir().join(format!("loopctl-proxy-{}-{name}", std::process::id()));
    std::fs::write(&path, format!("{TOKEN}\n")).unwrap();
    TokenFile(path)
}

#[tokio::test]
async fn without_the_token_a_client_gets_401_and_the_challenge() {
    let path = token_file("token-401");
    let proxy = RunningProxy::start(&["--auth-token-file", path.to_str().unwrap()], &[]).await;
    let addr = &proxy.addr;
    let missing = send(addr, &post(addr, INITIALIZE, &[])).await;
    assert_eq!(missing.status, 401, "{missing:?}");
    let challenge = missing.header("www-authenticate").expect("a challenge");
    assert!(
        challenge.starts_with("Bearer realm=\"loopctl-mcp-proxy\""),
        "{challenge}"
    );
    assert!(
        !challenge.contains("error="),
        "no token, no error code: {challenge}"
    );
    let near = &TOKEN[..TOKEN.len() - 1];
    let wrong = [
        format!("Authorization: Bearer {near}"),
        format!("Authorization: Bearer {TOKEN}0"),
        format!("Authorization: Bearer {}", TOKEN.to_uppercase()),
        format!("Authorization: Basic {TOKEN}"),
        format!("Authorization: {TOKEN}"),
        "Authorization: Bearer ".to_owned(),
        // The first header is the one read: a good second one does not help.
        format!("Authorization: Bearer {near}\r\nAuthorization: Bearer {TOKEN}"),
        // The proxy reads no token from anywhere but the header.
        format!("X-Api-Key: {TOKEN}"),
        format!("Cookie: token={TOKEN}"),
    ];
    for header in &wrong {
        let answer = send(addr, &post(addr, INITIALIZE, &[header])).await;
        assert_eq!(answer.status, 401, "{header}: {answer:?}");
    }
    let invalid = send(addr, &post(addr, INITIALIZE, &[&wrong[0]])).await;
    assert!(
        invalid
            .header("www-authenticate")
            .unwrap()
            .contains("error=\"invalid_token\""),
        "{invalid:?}"
    );
    // A token in the query string is refused (MCP forbids it there).
    let query =
        post(addr, INITIALIZE, &[]).replacen("/mcp", &format!("/mcp?access_token={TOKEN}"), 1);
    assert_eq!(send(addr, &query).await.status, 401);
    // The right token, with the scheme in any case, opens a session.
    for scheme in ["Bearer", "bearer", "BEARER"] {
        open_session(addr, &[&format!("Authorization: {scheme} {TOKEN}")]).await;
    }
    // Every later request needs it too, not only the first.
    let session = open_session(addr, &[&format!("Authorization: Bearer {TOKEN}")]).await;
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;
    let later = send(
        addr,
        &post(addr, list, &[&format!("Mcp-Session-Id: {session}")]),
    )
    .await;
    assert_eq!(later.status, 401, "{later:?}");
}

#[tokio::test]
async fn the_real_client_connects_with_the_token_and_not_without() {
    let path = token_file("token-client");
    let proxy = RunningProxy::start(&["--auth-token-file", path.to_str().unwrap()], &[]).await;
    let config = rmcp::model::ClientConfig::default();
    let with = rmcp::transport::StreamableHttpClientTransport::from_config(
        rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig::with_uri(
            proxy.url(),
        )
        .auth_header(TOKEN),
    );
    let client = rmcp::ServiceExt::serve(config.clone(), with)
        .await
        .expect("connects with the token");
    let tools = client.list_all_tools().await.unwrap();
    assert!(tools.iter().any(|tool| tool.name == "flaky"));
    let without = rmcp::transport::StreamableHttpClientTransport::from_uri(proxy.url());
    assert!(rmcp::ServiceExt::serve(config, without).await.is_err());
}

#[tokio::test]
async fn a_foreign_origin_gets_403_and_a_listed_one_passes() {
    let proxy = RunningProxy::start(&["--allowed-origin", "http://localhost:6274"], &[]).await;
    let addr = &proxy.addr;
    let port = addr.rsplit(':').next().unwrap();
    for origin in [
        "http://evil.example".to_owned(),
        "null".to_owned(),
        "http://localhost.evil.example:6274".to_owned(),
        "https://localhost:6274".to_owned(),
        "http://localhost:6275".to_owned(),
        "http://localhost".to_owned(),
        // The proxy's own address is not an origin it was told to trust.
        format!("http://127.0.0.1:{port}"),
    ] {
        let answer = send(
            addr,
            &post(addr, INITIALIZE, &[&format!("Origin: {origin}")]),
        )
        .await;
        assert_eq!(answer.status, 403, "{origin}: {answer:?}");
        assert!(answer.body.contains("Origin"), "{origin}: {answer:?}");
    }
    open_session(addr, &["Origin: http://localhost:6274"]).await;
    // A client that is no browser sends no Origin, and passes.
    open_session(addr, &[]).await;
}

#[tokio::test]
async fn a_foreign_host_gets_403() {
    let proxy = RunningProxy::start(&[], &[]).await;
    let addr = &proxy.addr;
    for host in [
        "evil.example",
        "localhost.evil.example",
        "127.0.0.1.nip.io",
        "evil.example:80",
        "10.0.0.1",
    ] {
        let answer = send(addr, &post(addr, INITIALIZE, &[&format!("Host: {host}")])).await;
        assert_eq!(answer.status, 403, "{host}: {answer:?}");
    }
    // With no origin listed, every browser origin is foreign.
    let foreign = send(
        addr,
        &post(addr, INITIALIZE, &["Origin: http://evil.example"]),
    )
    .await;
    assert_eq!(foreign.status, 403, "{foreign:?}");
    let port = addr.rsplit(':').next().unwrap();
    open_session(addr, &[&format!("Host: localhost:{port}")]).await;
    open_session(addr, &[&format!("Host: LOCALHOST:{port}")]).await;
}

#[tokio::test]
async fn an_allowed_host_is_answered_by_name() {
    let proxy = RunningProxy::start(&["--allowed-host", "proxy.internal"], &[]).await;
    let addr = &proxy.addr;
    open_session(addr, &["Host: proxy.internal"]).await;
    let other = send(
        addr,
        &post(addr, INITIALIZE, &["Host: proxy.internal.evil"]),
    )
    .await;
    assert_eq!(other.status, 403);
}

#[tokio::test]
async fn the_policy_file_names_hosts_and_origins_too() {
    let policy = std::env::temp_dir().join(format!("loopctl-door-{}.toml", std::process::id()));
    std::fs::write(
        &policy,
        "allowed_hosts = [\"proxy.internal\"]\nallowed_origins = [\"http://localhost:6274\"]\n",
    )
    .unwrap();
    let proxy = RunningProxy::start(&["--policy", policy.to_str().unwrap()], &[]).await;
    let addr = &proxy.addr;
    open_session(addr, &["Host: proxy.internal"]).await;
    open_session(addr, &["Origin: http://localhost:6274"]).await;
    for header in [
        "Host: proxy.internal.evil",
        "Host: evil.example",
        "Origin: http://localhost:6275",
        "Origin: http://evil.example",
    ] {
        let answer = send(addr, &post(addr, INITIALIZE, &[header])).await;
        assert_eq!(answer.status, 403, "{header}: {answer:?}");
    }
    let _ = std::fs::remove_file(policy);
}

#[tokio::test]
async fn other_paths_are_not_mcp() {
    let proxy = RunningProxy::start(&[], &[]).await;
    let addr = &proxy.addr;
    for path in ["/", "/mcp/", "/MCP", "//mcp", "/%6dcp", "/mcp/../mcp"] {
        let request = post(addr, INITIALIZE, &[]).replacen("/mcp", path, 1);
        assert_eq!(send(addr, &request).await.status, 404, "{path}");
    }
}

async fn refused(flags: &[&str], envs: &[(&str, &str)]) -> String {
    let output = tokio::time::timeout(
        loopctl_testkit::GENEROUS,
        command(flags, envs)
            .stdout(std::process::Stdio::null())
            .output(),
    )
    .await
    .expect("the proxy decides in time")
    .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{flags:?}: {stderr}");
    assert!(!stderr.contains("listening on"), "{stderr}");
    stderr
}

#[tokio::test]
async fn listening_beyond_this_machine_is_refused_unless_meant_and_authenticated() {
    for address in ["0.0.0.0:0", "[::]:0"] {
        let stderr = refused(&["--http", address], &[]).await;
        assert!(stderr.contains("--allow-remote"), "{stderr}");
    }
    let stderr = refused(&["--http", "0.0.0.0:0", "--allow-remote"], &[]).await;
    assert!(stderr.contains("needs authentication"), "{stderr}");
    let envs = [("PROXY_TOKEN", TOKEN)];
    let flags = [
        "--http",
        "0.0.0.0:0",
        "--allow-remote",
        "--auth-token-env",
        "PROXY_TOKEN",
    ];
    let stderr = refused(&flags, &envs).await;
    assert!(stderr.contains("--allowed-host"), "{stderr}");
    let stderr = refused(
        &["--http", "127.0.0.1:0", "--auth-token-env", "PROXY_TOKEN"],
        &[("PROXY_TOKEN", "short")],
    )
    .await;
    assert!(stderr.contains("at least 16"), "{stderr}");
    assert!(
        !stderr.contains("short"),
        "the token is not printed: {stderr}"
    );
    for bad in ["0", "5h", "1h1s"] {
        let stderr = refused(&["--call-timeout", bad], &[]).await;
        assert!(stderr.contains("--call-timeout takes"), "{bad}: {stderr}");
    }
    // Meant and authenticated, it serves, and still wants the token.
    let mut all = flags.to_vec();
    all.extend(["--allowed-host", "proxy.internal"]);
    let proxy = RunningProxy::start_with(&all, &envs).await;
    let port = proxy.addr.rsplit(':').next().unwrap().to_owned();
    let local = format!("127.0.0.1:{port}");
    let answer = send(&local, &post(&local, INITIALIZE, &["Host: proxy.internal"])).await;
    assert_eq!(answer.status, 401, "{answer:?}");
    open_session(
        &local,
        &[
            "Host: proxy.internal",
            &format!("Authorization: Bearer {TOKEN}"),
        ],
    )
    .await;
}

#[tokio::test]
async fn a_port_a_name_and_an_ipv6_address_all_listen() {
    let proxy = RunningProxy::start_with(&["--http", "localhost:0"], &[]).await;
    open_session(&proxy.addr, &[]).await;
    let proxy = RunningProxy::start_with(&["--http", "0"], &[]).await;
    assert!(proxy.addr.starts_with("127.0.0.1:"), "{}", proxy.addr);
    open_session(&proxy.addr, &[]).await;
    if std::net::TcpListener::bind("[::1]:0").is_ok() {
        let proxy = RunningProxy::start_with(&["--http", "[::1]:0"], &[]).await;
        assert!(proxy.addr.starts_with("[::1]:"), "{}", proxy.addr);
        open_session(&proxy.addr, &[]).await;
    } else {
        eprintln!("notice: this machine has no IPv6 loopback; the [::1] case was not run");
    }
}
