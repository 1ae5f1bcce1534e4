//! What `loopctl mcp-proxy --http` adds to a fast tool, measured side by side in one run: the same client calls the fixture's `echo` straight over streamable HTTP and through the proxy (with the fixture as its HTTP upstream, then as its stdio child), serially for latency and from 20 clients at once for throughput.
#![allow(
    clippy::print_stdout,
    reason = "a benchmark program reports its figures on stdout"
)]

use std::process::Stdio;
use std::time::{Duration, Instant};

use loopctl_testkit::{HttpFixture, loopctl_binary};
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ClientConfig};
use rmcp::service::{RoleClient, RunningService};

type Client = RunningService<RoleClient, ClientConfig>;

const CLIENTS: usize = 20;

async fn client(url: &str) -> Client {
    let transport = rmcp::transport::StreamableHttpClientTransport::from_uri(url.to_owned());
    ClientConfig::default()
        .serve(transport)
        .await
        .expect("the client connects")
}

async fn echo(client: &Client, wait_ms: u64) {
    let mut arguments = serde_json::Map::new();
    arguments.insert("text".into(), "ping".into());
    if wait_ms > 0 {
        arguments.insert("wait_ms".into(), wait_ms.into());
    }
    let result = client
        .call_tool(CallToolRequestParams::new("echo").with_arguments(arguments))
        .await
        .expect("the call is answered");
    assert_ne!(result.is_error, Some(true), "echo failed: {result:?}");
}

/// A proxy over HTTP on a free port, in front of `upstream`; its URL.
async fn proxy(upstream: &[String]) -> (tokio::process::Child, String) {
    let mut child = tokio::process::Command::new(loopctl_binary())
        .args(["mcp-proxy", "--http", "127.0.0.1:0", "--max-sessions", "64"])
        .args(upstream)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the proxy starts");
    let (url, _lines) = loopctl_testkit::proxy_listening(&mut child).await;
    (child, url)
}

/// Microseconds at the `q` quantile of sorted `samples`.
fn quantile(samples: &[Duration], q: f64) -> f64 {
    let index = ((samples.len() - 1) as f64 * q).round() as usize;
    samples[index].as_secs_f64() * 1e6
}

struct Route {
    name: &'static str,
    url: String,
    serial: Vec<Duration>,
    /// Calls a second from [`CLIENTS`] clients, for each tool of [`WAITS`].
    calls_per_second: [f64; 2],
}

/// The tools the throughput runs call: `echo` answering at once (the
/// machine's processors are the limit), and `echo` waiting 5 ms first, as a
/// fast tool behind a network does (the tool is the limit).
const WAITS: [u64; 2] = [0, 5];

/// Serial calls, `rounds` blocks of `block` calls, the routes taking turns
/// block by block so that a noisy moment falls on all of them alike.
async fn serial(routes: &mut [Route], rounds: usize, block: usize) {
    let mut clients = Vec::new();
    for route in routes.iter() {
        let client = client(&route.url).await;
        for _ in 0..block {
            echo(&client, 0).await;
        }
        clients.push(client);
    }
    for _ in 0..rounds {
        for (route, client) in routes.iter_mut().zip(&clients) {
            for _ in 0..block {
                let started = Instant::now();
                echo(client, 0).await;
                route.serial.push(started.elapsed());
            }
        }
    }
    for route in routes.iter_mut() {
        route.serial.sort_unstable();
    }
}

/// [`CLIENTS`] clients, each with a session of its own, each calling
/// `per_client` times a tool that waits `wait_ms`; calls a second over the
/// whole batch.
async fn concurrent(url: &str, per_client: usize, wait_ms: u64) -> f64 {
    let mut clients = Vec::new();
    for _ in 0..CLIENTS {
        let client = client(url).await;
        echo(&client, 0).await;
        clients.push(client);
    }
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for client in clients {
        tasks.spawn(async move {
            for _ in 0..per_client {
                echo(&client, wait_ms).await;
            }
            client
        });
    }
    let mut done = Vec::new();
    while let Some(client) = tasks.join_next().await {
        done.push(client.expect("a client task ends"));
    }
    let rate = (CLIENTS * per_client) as f64 / started.elapsed().as_secs_f64();
    for client in done {
        let _ = client.cancel().await;
    }
    rate
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::var_os("LOOPCTL_BENCH_QUICK").is_some();
    let (rounds, block, per_client) = if quick { (10, 50, 50) } else { (40, 50, 200) };
    let fixture = HttpFixture::start(0, &[]).await;
    let (_over_http, via_http) = proxy(&["--upstream-url".into(), fixture.url.clone()]).await;
    let fixture_binary = loopctl_testkit::mcp_fixture_binary().display().to_string();
    let (_over_stdio, via_stdio) = proxy(&["--".into(), fixture_binary]).await;
    let mut routes = [
        ("direct", fixture.url.clone()),
        ("proxy_http_upstream", via_http),
        ("proxy_stdio_upstream", via_stdio),
    ]
    .map(|(name, url)| Route {
        name,
        url,
        serial: Vec::new(),
        calls_per_second: [0.0; 2],
    });
    serial(&mut routes, rounds, block).await;
    // Throughput, the routes taking turns twice; the better run of each counts.
    for _ in 0..2 {
        for (slot, wait_ms) in WAITS.into_iter().enumerate() {
            for route in &mut routes {
                let rate = concurrent(&route.url, per_client, wait_ms).await;
                route.calls_per_second[slot] = route.calls_per_second[slot].max(rate);
            }
        }
    }
    println!(
        "mcp-proxy, the fixture's echo over streamable HTTP ({} serial calls per route; {CLIENTS} concurrent clients × {per_client} calls, the tool answering at once or after 5 ms):",
        rounds * block
    );
    println!(
        "{:<22} {:>9} {:>9} {:>16} {:>16}",
        "route", "p50 µs", "p99 µs", "calls/s, 0 ms", "calls/s, 5 ms"
    );
    for route in &routes {
        println!(
            "{:<22} {:>9.0} {:>9.0} {:>16.0} {:>16.0}",
            route.name,
            quantile(&route.serial, 0.5),
            quantile(&route.serial, 0.99),
            route.calls_per_second[0],
            route.calls_per_second[1]
        );
    }
    let direct = &routes[0];
    for route in &routes[1..] {
        let name = route.name;
        let added_p50 = quantile(&route.serial, 0.5) - quantile(&direct.serial, 0.5);
        let added_p99 = quantile(&route.serial, 0.99) - quantile(&direct.serial, 0.99);
        println!("FIGURE {name}_added_p50_us {added_p50:.0}");
        println!("FIGURE {name}_added_p99_us {added_p99:.0}");
        for (slot, wait_ms) in WAITS.into_iter().enumerate() {
            let share = route.calls_per_second[slot] / direct.calls_per_second[slot];
            println!("FIGURE {name}_throughput_share_wait_{wait_ms}ms {share:.3}");
        }
    }
    fixture.stop().await;
}
