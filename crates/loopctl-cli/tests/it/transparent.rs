//! Through `loopctl mcp-proxy`, the reference server-everything's tool list reads exactly as it does straight from the server, fields rmcp does not know (`execution`) included, over stdio and over HTTP, seen by a raw JSON-RPC client that keeps every byte.

use std::process::Stdio;

use loopctl_testkit::{GENEROUS, npm_file};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

fn everything() -> Option<String> {
    npm_file("@modelcontextprotocol/server-everything/dist/index.js")
        .map(|path| path.display().to_string())
}

fn initialize(id: u64) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"}
    }})
}

const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
const LIST: &str = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;

/// Runs `program args` as an MCP server over stdio, lists its tools with
/// raw JSON-RPC lines and returns the answer's `tools`, untouched.
async fn tools_over_stdio(program: &str, args: &[String]) -> Value {
    let mut child = tokio::process::Command::new(program)
        .args(args)
        .env_remove("OPENAI_API_KEY")
        .env_remove("ANTHROPIC_API_KEY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the server starts");
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut answer = async |id: u64| loop {
        let line = lines.next_line().await.unwrap().expect("an answer");
        let message: Value = serde_json::from_str(&line).unwrap();
        if message["id"] == id {
            return message;
        }
    };
    let first = format!("{}\n{INITIALIZED}\n", initialize(1));
    stdin.write_all(first.as_bytes()).await.unwrap();
    tokio::time::timeout(GENEROUS, answer(1))
        .await
        .expect("initialized in time");
    stdin
        .write_all(format!("{LIST}\n").as_bytes())
        .await
        .unwrap();
    let listed = tokio::time::timeout(GENEROUS, answer(2))
        .await
        .expect("listed in time");
    listed["result"]["tools"].clone()
}

/// One JSON-RPC answer out of a streamable HTTP body, JSON or SSE.
fn rpc_answer(body: &str) -> Value {
    if let Ok(value) = serde_json::from_str(body) {
        return value;
    }
    body.lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .find(|message| message.get("id").is_some())
        .unwrap_or_else(|| panic!("no answer in {body:?}"))
}

/// Lists the tools of the MCP endpoint `url` with raw requests.
async fn tools_over_http(url: &str) -> Value {
    let client = reqwest::Client::new();
    let post = |body: String, session: Option<&str>| {
        let mut request = client
            .post(url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2025-11-25")
            .body(body);
        if let Some(session) = session {
            request = request.header("mcp-session-id", session);
        }
        request.send()
    };
    let opened = post(initialize(1).to_string(), None).await.unwrap();
    assert!(opened.status().is_success(), "{}", opened.status());
    let session = opened.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let _ = opened.text().await.unwrap();
    post(INITIALIZED.into(), Some(&session)).await.unwrap();
    let listed = post(LIST.into(), Some(&session)).await.unwrap();
    rpc_answer(&listed.text().await.unwrap())["result"]["tools"].clone()
}

fn assert_same(direct: &Value, proxied: &Value) {
    let direct = direct.as_array().expect("a tool list");
    let proxied = proxied.as_array().expect("a tool list");
    assert_eq!(direct.len(), proxied.len());
    assert!(direct.iter().all(|tool| tool.get("execution").is_some()));
    for (one, other) in direct.iter().zip(proxied) {
        assert_eq!(one, other, "{} differs through the proxy", one["name"]);
    }
    let research = proxied
        .iter()
        .find(|tool| tool["name"] == "simulate-research-query")
        .expect("the task tool is listed");
    assert_eq!(research["execution"]["taskSupport"], "required");
}

#[tokio::test]
async fn over_stdio_the_tool_list_is_the_servers_own() {
    let Some(everything) = everything() else {
        return;
    };
    let upstream = [everything, "stdio".to_owned()];
    let direct = tools_over_stdio("node", &upstream).await;
    let mut proxy = vec!["mcp-proxy".to_owned(), "node".to_owned()];
    proxy.extend_from_slice(&upstream);
    let proxied = tools_over_stdio(env!("CARGO_BIN_EXE_loopctl"), &proxy).await;
    assert_same(&direct, &proxied);
}

#[tokio::test]
async fn over_http_the_tool_list_is_the_servers_own_in_both_upstream_modes() {
    let Some(everything) = everything() else {
        return;
    };
    let direct = tools_over_stdio("node", &[everything.clone(), "stdio".to_owned()]).await;
    for mode in ["per-client", "shared"] {
        let mut proxy = tokio::process::Command::new(env!("CARGO_BIN_EXE_loopctl"))
            .args([
                "mcp-proxy",
                "--http",
                "127.0.0.1:0",
                "--upstream-sessions",
                mode,
            ])
            .args(["node", &everything, "stdio"])
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let (url, _lines) = loopctl_testkit::proxy_listening(&mut proxy).await;
        let proxied = tools_over_http(&url).await;
        assert_same(&direct, &proxied);
    }
}

/// Starts server-everything over streamable HTTP (it answers in event
/// streams) and returns it and its MCP URL.
async fn everything_over_http(everything: &str) -> (tokio::process::Child, String) {
    for _ in 0..5 {
        let port = loopctl_testkit::free_port();
        let mut server = tokio::process::Command::new("node")
            .args([everything, "streamableHttp"])
            .env("PORT", port.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(server.stderr.take().unwrap()).lines();
        let listening = tokio::time::timeout(GENEROUS, async {
            while let Ok(Some(line)) = lines.next_line().await {
                if line.contains("listening on port") {
                    return true;
                }
                if line.contains("already in use") {
                    return false;
                }
            }
            false
        })
        .await
        .expect("server-everything starts in time");
        if listening {
            tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
            return (server, format!("http://127.0.0.1:{port}/mcp"));
        }
    }
    panic!("no free port for server-everything after 5 tries");
}

#[tokio::test]
async fn an_http_upstream_that_streams_its_answers_keeps_its_fields_too() {
    let Some(everything) = everything() else {
        return;
    };
    let direct = tools_over_stdio("node", &[everything.clone(), "stdio".to_owned()]).await;
    let (_server, url) = everything_over_http(&everything).await;
    let proxied = tools_over_stdio(
        env!("CARGO_BIN_EXE_loopctl"),
        &["mcp-proxy".into(), "--upstream-url".into(), url],
    )
    .await;
    assert_same(&direct, &proxied);
}

/// A streamable HTTP MCP server that answers in single JSON bodies, as
/// some servers do: one tool, with fields no SDK here knows.
async fn json_answering_server() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(answer_json(stream));
        }
    });
    url
}

const VENDOR_TOOL: &str = r#"{"name":"vendor","inputSchema":{"type":"object"},"execution":{"taskSupport":"optional"},"x-vendor":{"cost":3,"tags":["a","b"]}}"#;

async fn answer_json(stream: tokio::net::TcpStream) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    let mut length = 0;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = value.trim().parse().unwrap_or(0);
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).await.is_err() {
        return;
    }
    let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let id = request["id"].clone();
    let (status, extra, body) = match request["method"].as_str() {
        _ if !head.starts_with("POST") => ("405 Method Not Allowed", "", String::new()),
        Some("initialize") => (
            "200 OK",
            "Mcp-Session-Id: s1\r\n",
            json!({"jsonrpc": "2.0", "id": id, "result": {
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "json-answering", "version": "1"}
            }})
            .to_string(),
        ),
        _ if id.is_null() => ("202 Accepted", "", String::new()),
        Some("tools/list") => (
            "200 OK",
            "",
            format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"tools":[{VENDOR_TOOL}]}}}}"#),
        ),
        _ => (
            "200 OK",
            "",
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "no"}})
                .to_string(),
        ),
    };
    let response = format!(
        "HTTP/1.1 {status}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = reader.get_mut().write_all(response.as_bytes()).await;
}

#[tokio::test]
async fn an_http_upstream_that_answers_in_json_bodies_keeps_its_fields_too() {
    let url = json_answering_server().await;
    let proxied = tools_over_stdio(
        env!("CARGO_BIN_EXE_loopctl"),
        &["mcp-proxy".into(), "--upstream-url".into(), url],
    )
    .await;
    let expected: Value = serde_json::from_str(VENDOR_TOOL).unwrap();
    assert_eq!(proxied, json!([expected]));
}
