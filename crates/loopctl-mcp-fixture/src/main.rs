//! Entry point of `loopctl-mcp-fixture`: parses the command line and serves the fixture MCP server over stdio (default) or streamable HTTP (`--http ADDR`).

mod http;
mod server;
mod stdio;
mod tools;

use std::{net::SocketAddr, process::ExitCode};

use rmcp::ServiceExt;

use crate::server::Fixture;

/// How the fixture was asked to serve.
enum Mode {
    /// MCP over stdin/stdout.
    Stdio,
    /// Streamable HTTP at `/mcp` on this address.
    Http(SocketAddr),
}

const USAGE: &str = "usage: loopctl-mcp-fixture [--http ADDR]";

fn parse_args() -> Result<Mode, String> {
    let mut args = std::env::args().skip(1);
    let mut mode = Mode::Stdio;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--http" => {
                let value = args
                    .next()
                    .ok_or_else(|| "--http needs an address, e.g. 127.0.0.1:0".to_string())?;
                let addr = value
                    .parse::<SocketAddr>()
                    .map_err(|e| format!("invalid --http address {value:?}: {e}"))?;
                mode = Mode::Http(addr);
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    Ok(mode)
}

#[tokio::main]
async fn main() -> ExitCode {
    let mode = match parse_args() {
        Ok(mode) => mode,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let fixture = Fixture::from_env();
    match mode {
        Mode::Stdio => serve_stdio(fixture).await,
        Mode::Http(addr) => match http::serve(addr, fixture).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("loopctl-mcp-fixture: http server failed: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

async fn serve_stdio(fixture: Fixture) -> ExitCode {
    let (stdin, stdout) = rmcp::transport::stdio_pipes();
    let transport = (stdio::EofWatch::new(stdin), stdout);
    let running = match fixture.serve(transport).await {
        Ok(running) => running,
        Err(e) => {
            eprintln!("loopctl-mcp-fixture: stdio session failed to start: {e}");
            return ExitCode::FAILURE;
        }
    };
    match running.waiting().await {
        Ok(reason) => {
            eprintln!("loopctl-mcp-fixture: stdio session ended: {reason:?}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("loopctl-mcp-fixture: stdio session task failed: {e}");
            ExitCode::FAILURE
        }
    }
}
