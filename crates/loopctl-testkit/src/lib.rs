//! A scripted HTTP/1.1 server on 127.0.0.1 for tests that must talk to a real socket.
//!
//! Each connection gets the next [`Reply`] from the script (the last one
//! repeats). Replies cover what real model servers do when they misbehave:
//! slow answers, resets in the middle of a body, truncated bodies and huge
//! ones. Every request is recorded for assertions.
//!
//! [`CountingAllocator`] counts allocations and live bytes per thread, for
//! tests that hold a path to "no allocation" or "no growth"; [`Captured`]
//! keeps what a log subscriber writes; [`mcp_fixture_binary`] and
//! [`HttpFixture`] start the MCP fixture server; [`RedisServer`] starts a
//! real `redis-server` on a free loopback port.

mod alloc;
mod capture;
mod mcp;
mod npm;
mod redis;
mod require;
mod wait;

pub use alloc::CountingAllocator;
pub use capture::Captured;
pub use mcp::{HttpFixture, loopctl_binary, mcp_fixture_binary, proxy_listening};
pub use npm::{npm_file, npm_root, reference_filesystem_server};
pub use redis::{RedisServer, free_port};
pub use require::{Part, missing};
pub use wait::{GENEROUS, eventually};

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// What the server does with one request.
#[derive(Clone, Debug)]
pub enum Reply {
    /// A complete response with this status, extra headers and body.
    Full {
        /// HTTP status code.
        status: u16,
        /// Extra headers, e.g. `("Retry-After", "2")`.
        headers: Vec<(String, String)>,
        /// The body.
        body: Vec<u8>,
    },
    /// Waits, then replies.
    Delayed(Duration, Box<Reply>),
    /// Sends the status line, headers and the first `sent` bytes of `body`
    /// with the full `Content-Length`, then resets the connection.
    ResetMidBody {
        /// The body that was promised.
        body: Vec<u8>,
        /// How much of it is sent.
        sent: usize,
    },
    /// Like `ResetMidBody`, but closes the connection cleanly.
    Truncated {
        /// The body that was promised.
        body: Vec<u8>,
        /// How much of it is sent.
        sent: usize,
    },
    /// A 200 with a body of `size` bytes of JSON-ish filler.
    Huge {
        /// Body size in bytes.
        size: usize,
    },
    /// A 200 whose body is `head`, then `pad` repeated, then `tail`: `size`
    /// bytes in all. With a pad that is valid where it stands (spaces inside
    /// a JSON string or between tokens), the whole body is a valid document,
    /// so only a size cap can refuse it.
    Padded {
        /// The start of the body.
        head: Vec<u8>,
        /// The byte repeated between `head` and `tail`.
        pad: u8,
        /// The end of the body.
        tail: Vec<u8>,
        /// Body size in bytes, `head` and `tail` included.
        size: usize,
    },
}

impl Reply {
    /// A 200 with a JSON body.
    pub fn json(body: &Value) -> Self {
        Self::status_json(200, body)
    }

    /// A response with a JSON body and the given status.
    pub fn status_json(status: u16, body: &Value) -> Self {
        Self::Full {
            status,
            headers: vec![("Content-Type".into(), "application/json".into())],
            body: body.to_string().into_bytes(),
        }
    }

    /// A response with a raw text body.
    pub fn text(status: u16, body: &str) -> Self {
        Self::Full {
            status,
            headers: vec![("Content-Type".into(), "text/plain".into())],
            body: body.as_bytes().to_vec(),
        }
    }

    /// Adds a header to a `Full` reply.
    #[must_use]
    pub fn with_header(mut self, name: &str, value: &str) -> Self {
        if let Self::Full { headers, .. } = &mut self {
            headers.push((name.to_owned(), value.to_owned()));
        }
        self
    }

    /// The same reply after `delay`.
    #[must_use]
    pub fn after(self, delay: Duration) -> Self {
        Self::Delayed(delay, Box::new(self))
    }
}

/// One request the server received.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// `POST`, `GET`, ...
    pub method: String,
    /// The request target, e.g. `/v1/chat/completions`.
    pub path: String,
    /// Header names in lower case, with their values.
    pub headers: Vec<(String, String)>,
    /// The raw body.
    pub body: Vec<u8>,
}

impl Recorded {
    /// The value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The body parsed as JSON.
    ///
    /// # Panics
    ///
    /// When the body is not JSON; this is test support.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("request body is JSON")
    }
}

/// A running scripted server; it stops when the runtime that started it does.
#[derive(Clone, Debug)]
pub struct TestServer {
    address: std::net::SocketAddr,
    requests: Arc<Mutex<Vec<Recorded>>>,
}

impl TestServer {
    /// Binds 127.0.0.1 on a free port and serves `script` in order.
    ///
    /// # Panics
    ///
    /// When the script is empty or the port cannot be bound.
    pub async fn start(script: Vec<Reply>) -> Self {
        assert!(!script.is_empty(), "a server needs at least one reply");
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1");
        let address = listener.local_addr().expect("local address");
        let requests: Arc<Mutex<Vec<Recorded>>> = Arc::default();
        let recorded = Arc::clone(&requests);
        tokio::spawn(async move {
            let mut served = 0_usize;
            while let Ok((stream, _)) = listener.accept().await {
                let reply = script[served.min(script.len() - 1)].clone();
                served += 1;
                let recorded = Arc::clone(&recorded);
                tokio::spawn(async move {
                    let _ = serve(stream, reply, recorded).await;
                });
            }
        });
        Self { address, requests }
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub fn url(&self) -> String {
        format!("http://{}", self.address)
    }

    /// Every request received so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.requests
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

async fn serve(
    mut stream: TcpStream,
    reply: Reply,
    recorded: Arc<Mutex<Vec<Recorded>>>,
) -> std::io::Result<()> {
    let request = read_request(&mut stream).await?;
    recorded
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .push(request);
    write_reply(&mut stream, reply).await
}

async fn read_request(stream: &mut TcpStream) -> std::io::Result<Recorded> {
    let mut buffer = Vec::new();
    let mut chunk = [0_u8; 8192];
    let header_end = loop {
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        buffer.extend_from_slice(&chunk[..read]);
        if let Some(position) = buffer.windows(4).position(|window| window == b"\r\n\r\n") {
            break position + 4;
        }
    };
    let head = String::from_utf8_lossy(&buffer[..header_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut request_line = lines.next().unwrap_or("").split(' ');
    let method = request_line.next().unwrap_or("").to_owned();
    let path = request_line.next().unwrap_or("").to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or(0);
    let mut body = buffer[header_end..].to_vec();
    while body.len() < length {
        let read = stream.read(&mut chunk).await?;
        if read == 0 {
            break;
        }
        body.extend_from_slice(&chunk[..read]);
    }
    Ok(Recorded {
        method,
        path,
        headers,
        body,
    })
}

/// Writes `count` bytes of `pad`; `false` when the peer stopped reading.
async fn write_padding(stream: &mut TcpStream, pad: u8, count: usize) -> bool {
    let filler = vec![pad; 64 * 1024];
    let mut left = count;
    while left > 0 {
        let part = left.min(filler.len());
        if stream.write_all(&filler[..part]).await.is_err() {
            return false;
        }
        left -= part;
    }
    true
}

fn head(status: u16, headers: &[(String, String)], length: usize) -> Vec<u8> {
    let mut text =
        format!("HTTP/1.1 {status} Status\r\nContent-Length: {length}\r\nConnection: close\r\n");
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    text.push_str("\r\n");
    text.into_bytes()
}

async fn write_reply(stream: &mut TcpStream, reply: Reply) -> std::io::Result<()> {
    let mut reply = reply;
    while let Reply::Delayed(delay, inner) = reply {
        tokio::time::sleep(delay).await;
        reply = *inner;
    }
    match reply {
        Reply::Full {
            status,
            headers,
            body,
        } => {
            stream
                .write_all(&head(status, &headers, body.len()))
                .await?;
            stream.write_all(&body).await?;
        }
        Reply::ResetMidBody { body, sent } => {
            stream.write_all(&head(200, &[], body.len())).await?;
            stream.write_all(&body[..sent.min(body.len())]).await?;
            stream.flush().await?;
            // A zero linger turns the close into a reset.
            stream.set_zero_linger()?;
            return Ok(());
        }
        Reply::Truncated { body, sent } => {
            stream.write_all(&head(200, &[], body.len())).await?;
            stream.write_all(&body[..sent.min(body.len())]).await?;
        }
        Reply::Huge { size } => {
            stream.write_all(&head(200, &[], size)).await?;
            write_padding(stream, b' ', size).await;
        }
        Reply::Padded {
            head: start,
            pad,
            tail,
            size,
        } => {
            let size = size.max(start.len() + tail.len());
            stream.write_all(&head(200, &[], size)).await?;
            stream.write_all(&start).await?;
            // A client that stops reading at its cap closes the socket; what
            // is left unsent then does not matter.
            if write_padding(stream, pad, size - start.len() - tail.len()).await {
                stream.write_all(&tail).await?;
            }
        }
        Reply::Delayed(..) => unreachable!("delays were unwrapped above"),
    }
    stream.shutdown().await
}
