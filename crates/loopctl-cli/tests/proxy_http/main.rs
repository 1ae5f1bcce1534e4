//! `loopctl mcp-proxy --http` as an operator exposes it: who gets in, what a client cannot make it hold, and a graceful stop.

mod bounds;
mod breaker;
mod door;
mod drain;
mod isolation;
mod jwt;
mod running;
