//! What a client cannot make the proxy hold: a slow head or body, more connections or sessions than allowed, a huge body, and sessions opened and abandoned by the thousand.

use futures::StreamExt;
use loopctl_testkit::{GENEROUS, eventually};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::running::{INITIALIZE, RunningProxy, open_session, post, send};

/// Reads until the proxy closes the connection, and returns what it sent.
async fn until_closed(stream: &mut tokio::net::TcpStream) -> String {
    let mut raw = Vec::new();
    tokio::time::timeout(GENEROUS, stream.read_to_end(&mut raw))
        .await
        .expect("the proxy closes the connection")
        .ok();
    String::from_utf8_lossy(&raw).into_owned()
}

#[tokio::test]
async fn a_client_that_sends_half_a_head_or_nothing_is_closed() {
    let proxy = RunningProxy::start(&["--header-timeout", "300ms"], &[]).await;
    let mut half = tokio::net::TcpStream::connect(&proxy.addr).await.unwrap();
    half.write_all(b"POST /mcp HTTP/1.1\r\nHost: loc")
        .await
        .unwrap();
    let mut silent = tokio::net::TcpStream::connect(&proxy.addr).await.unwrap();
    until_closed(&mut half).await;
    until_closed(&mut silent).await;
}

#[tokio::test]
async fn a_body_that_stops_coming_is_not_waited_for() {
    let proxy = RunningProxy::start(&["--body-timeout", "300ms"], &[]).await;
    let mut stream = tokio::net::TcpStream::connect(&proxy.addr).await.unwrap();
    let head = format!(
        "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{{\"jsonrpc\"",
        proxy.addr
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let answer = until_closed(&mut stream).await;
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 4") || answer.starts_with("HTTP/1.1 5"),
        "{answer}"
    );
}

#[tokio::test]
async fn a_body_over_the_limit_gets_413() {
    let proxy = RunningProxy::start(&["--max-body-bytes", "2048"], &[]).await;
    let padding = "x".repeat(10_000);
    let body = INITIALIZE.replace("\"raw\"", &format!("\"{padding}\""));
    let answer = send(&proxy.addr, &post(&proxy.addr, &body, &[])).await;
    assert_eq!(answer.status, 413, "{answer:?}");
    open_session(&proxy.addr, &[]).await;
}

#[tokio::test]
async fn a_connection_past_the_cap_gets_503_and_a_freed_slot_is_used_again() {
    let proxy =
        RunningProxy::start(&["--max-connections", "2", "--header-timeout", "5m"], &[]).await;
    let first = tokio::net::TcpStream::connect(&proxy.addr).await.unwrap();
    let _second = tokio::net::TcpStream::connect(&proxy.addr).await.unwrap();
    let mut third = tokio::net::TcpStream::connect(&proxy.addr).await.unwrap();
    let answer = until_closed(&mut third).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after: 5"),
        "{answer}"
    );
    drop(first);
    let addr = proxy.addr.clone();
    eventually("a freed connection slot serves a new client", || {
        let addr = addr.clone();
        async move {
            let Ok(mut stream) = tokio::net::TcpStream::connect(&addr).await else {
                return false;
            };
            if stream
                .write_all(post(&addr, INITIALIZE, &[]).as_bytes())
                .await
                .is_err()
            {
                return false;
            }
            until_closed(&mut stream).await.starts_with("HTTP/1.1 200")
        }
    })
    .await;
}

#[tokio::test]
async fn a_session_past_the_cap_gets_503_until_one_ends() {
    let proxy = RunningProxy::start(&["--max-sessions", "2"], &[]).await;
    let addr = &proxy.addr;
    let first = open_session(addr, &[]).await;
    open_session(addr, &[]).await;
    let third = send(addr, &post(addr, INITIALIZE, &[])).await;
    assert_eq!(third.status, 503, "{third:?}");
    assert_eq!(third.header("retry-after").as_deref(), Some("5"));
    let delete = format!(
        "DELETE /mcp HTTP/1.1\r\nHost: {addr}\r\nMcp-Session-Id: {first}\r\nConnection: close\r\n\r\n"
    );
    let ended = send(addr, &delete).await;
    assert!(ended.status < 300, "{ended:?}");
    let addr = addr.clone();
    eventually("a new session opens once one ended", || {
        let addr = addr.clone();
        async move { send(&addr, &post(&addr, INITIALIZE, &[])).await.status == 200 }
    })
    .await;
}

/// Opens `count` sessions, 16 at a time, and leaves them.
async fn abandon(addr: &str, count: usize) {
    let ids: Vec<String> = futures::stream::iter(0..count)
        .map(|_| open_session(addr, &[]))
        .buffered(16)
        .collect()
        .await;
    assert_eq!(ids.len(), count);
}

#[tokio::test]
async fn a_thousand_abandoned_sessions_leave_memory_bounded() {
    let flags = [
        "--max-sessions",
        "4096",
        "--session-idle",
        "1s",
        "--upstream-sessions",
        "shared",
    ];
    // Two malloc arenas, not one per core and thread: on a loaded machine
    // glibc otherwise spreads the same live memory over more arenas, and
    // resident memory grows with the load rather than with the sessions.
    let mut proxy = RunningProxy::start(
        &flags,
        &[("LOOPCTL_LOG", "debug"), ("MALLOC_ARENA_MAX", "2")],
    )
    .await;
    let addr = proxy.addr.clone();
    // Warm up the allocator and rmcp's tables first.
    abandon(&addr, 100).await;
    proxy.forget_said();
    proxy.said("a client session ended live=0").await;
    let before = proxy.rss_kib();
    let mut after = Vec::new();
    for _ in 0..8 {
        abandon(&addr, 1000).await;
        // Sessions ended while others were being opened do not count: the
        // wait is for the last of this thousand.
        proxy.forget_said();
        proxy.said("a client session ended live=0").await;
        after.push(proxy.rss_kib());
    }
    eprintln!("resident KiB: before {before}, after each 1,000 abandoned sessions {after:?}");
    // A thousand live sessions cost the process tens of MiB (the first
    // round's peak). Once they expire their memory serves the next ones:
    // the allocator settles. A session that leaked even 4 KiB would grow
    // every round of 1,000 sessions by 4 MiB or more; a busier round's
    // higher peak (on a loaded machine, where more sessions are alive at
    // once) grows the rounds it falls in, not all of them. So at least one
    // of the last four rounds must keep less than 4 KiB a session.
    let rounds: Vec<u64> = after[3..]
        .windows(2)
        .map(|pair| pair[1].saturating_sub(pair[0]))
        .collect();
    assert!(
        rounds.iter().any(|grown| *grown < 4 * 1024),
        "each of the last rounds of 1,000 sessions kept 4 MiB or more, {rounds:?} KiB: {after:?}"
    );
}
