//! `loopctl replay` at any size: the log is streamed, so memory does not grow with it; a hostile `delay_ms` saturates the tallies instead of overflowing them; an over-long line is skipped and counted.

use std::io::Read;
use std::sync::Arc;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_cli::replay::{replay_reader, replay_text};
use loopctl_reflect_core::RecoveryStrategy;
use loopctl_reflect_rules::RuleReflector;
use loopctl_testkit::CountingAllocator;
use serde_json::json;

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn line(n: usize, delay_ms: u64) -> String {
    let mut text = json!({
        "v": 1, "ts_ms": 1_764_560_000_000_u64, "kind": "attempt",
        "call_id": format!("c{n}"), "tool": "fetch", "attempt": n % 3,
        "input": {"url": "https://api.example.com/v1/items", "page": n, "note": "x".repeat(300)},
        "error": "HTTP 503 Service Unavailable", "analysis": null,
        "action": {"kind": "retry", "delay_ms": delay_ms},
    })
    .to_string();
    text.push('\n');
    text
}

/// A log of `lines` lines made as it is read, noting the most bytes live
/// on this thread at each read.
struct Generated {
    next: usize,
    lines: usize,
    pending: Vec<u8>,
    peak: Arc<std::sync::atomic::AtomicI64>,
}

impl Read for Generated {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        self.peak.fetch_max(
            CountingAllocator::live_bytes(),
            std::sync::atomic::Ordering::Relaxed,
        );
        if self.pending.is_empty() {
            if self.next == self.lines {
                return Ok(0);
            }
            self.pending = line(self.next, 100).into_bytes();
            self.next += 1;
        }
        let n = buffer.len().min(self.pending.len());
        buffer[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

fn strategy() -> Arc<dyn RecoveryStrategy> {
    Arc::new(ExponentialBackoffRecovery::new(3))
}

/// The most bytes live at once while `lines` generated lines are replayed.
fn peak_for(lines: usize) -> i64 {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let peak = Arc::new(std::sync::atomic::AtomicI64::new(0));
    let before = CountingAllocator::live_bytes();
    let log = std::io::BufReader::new(Generated {
        next: 0,
        lines,
        pending: Vec::new(),
        peak: Arc::clone(&peak),
    });
    let one = strategy();
    let strategy_for = |_: &str| Arc::clone(&one);
    let rules = RuleReflector::new();
    let replay = runtime
        .block_on(replay_reader(
            log,
            None,
            &rules,
            &strategy_for,
            true,
            8,
            false,
        ))
        .unwrap();
    assert_eq!(replay.comparison.overall().failures, lines as u64);
    peak.load(std::sync::atomic::Ordering::Relaxed) - before
}

#[test]
fn a_large_log_is_streamed_in_bounded_memory() {
    // 8 MB of log, then 32 MB: four times the log, about the same memory.
    let small = peak_for(15_000);
    let large = peak_for(60_000);
    let file_bytes = (line(0, 100).len() * 60_000) as i64;
    assert!(
        large < 8 * 1024 * 1024,
        "{large} bytes live for a {file_bytes}-byte log"
    );
    assert!(
        large < small * 3 / 2 + 1024 * 1024,
        "{small} bytes live for a quarter of the log, {large} for all of it"
    );
}

/// Replays `text` with the rule reflector and one strategy for every tool.
fn replay_of(text: &str, keep_changes: bool) -> loopctl_cli::replay::Replay {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let one = strategy();
    let strategy_for = |_: &str| Arc::clone(&one);
    runtime
        .block_on(replay_text(
            text,
            &RuleReflector::new(),
            &strategy_for,
            keep_changes,
            1,
        ))
        .unwrap()
}

#[test]
fn hostile_delays_saturate_instead_of_overflowing() {
    let text: String = (0..5).map(|n| line(n, u64::MAX)).collect();
    let replay = replay_of(&text, true);
    assert_eq!(replay.comparison.overall().wait_added_ms, i64::MIN);
}

#[test]
fn an_over_long_line_is_skipped_and_counted() {
    let mut text = line(0, 100);
    text.push_str(&"y".repeat(17 * 1024 * 1024));
    text.push('\n');
    text.push_str(&line(1, 100));
    let replay = replay_of(&text, false);
    assert_eq!(replay.lines, 3);
    assert_eq!(replay.bad_lines, 1);
    assert_eq!(replay.comparison.overall().failures, 2);
}
