//! Entry point of `loopctl-mcp-fixture`: parses the command line and serves the fixture MCP server over stdio (default) or streamable HTTP (`--http ADDR`).

mod http;
mod params;
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
    /// Streamable HTTP at `/mcp` on this address; every request must carry
    /// these headers (name, value), or it is answered 401.
    Http(SocketAddr, Vec<(String, String)>),
}

const USAGE: &str = "usage: loopctl-mcp-fixture [--http ADDR [--require-header 'NAME: VALUE']...]";

fn parse_args() -> Result<Mode, String> {
    let mut args = std::env::args().skip(1);
    let mut mode = Mode::Stdio;
    let mut required = Vec::new();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--require-header" => {
                let value = args
                    .next()
                    .ok_or_else(|| "--require-header needs 'NAME: VALUE'".to_string())?;
                let (name, value) = value
                    .split_once(':')
                    .ok_or_else(|| format!("--require-header {value:?} is not 'NAME: VALUE'"))?;
                required.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
            }
            "--http" => {
                let value = args
                    .next()
                    .ok_or_else(|| "--http needs an address, e.g. 127.0.0.1:0".to_string())?;
                let addr = value
                    .parse::<SocketAddr>()
                    .map_err(|e| format!("invalid --http address {value:?}: {e}"))?;
                mode = Mode::Http(addr, Vec::new());
            }
            "-h" | "--help" => return Err(USAGE.to_string()),
            other => return Err(format!("unknown argument {other:?}\n{USAGE}")),
        }
    }
    if let Mode::Http(_, headers) = &mut mode {
        *headers = required;
    } else if !required.is_empty() {
        return Err(format!("--require-header needs --http\n{USAGE}"));
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
        Mode::Http(addr, required) => match http::serve(addr, fixture, required).await {
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
