//! A writer that never finishes: the recorder writes into a named pipe nobody reads, so its first write blocks for good.
//! While a chatty tool floods it, the heap this process holds grows by no more than the byte budget, and every line
//! that did not fit is counted.
#![cfg(unix)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicIsize, Ordering};

use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_record::JsonlRecorder;
use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};

/// Counts the bytes this test binary holds on the heap.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

#[expect(
    unsafe_code,
    reason = "a global allocator is an unsafe trait; this one only counts and forwards to System"
)]
// SAFETY: every call forwards to `System` with the same arguments; the
// counter is only arithmetic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

const BUDGET: usize = 256 << 10;
const ERROR_BYTES: usize = 32 << 10;
const CALLS: usize = 200;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stuck_writer_holds_no_more_than_the_byte_budget() {
    let dir = std::env::temp_dir().join(format!("loopctl-record-budget-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("log.jsonl");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    // A reader that never reads: opening the pipe for writing needs one, and
    // with it the pipe fills after 64 KiB and the next write blocks.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::File::open(fifo).unwrap())
    };
    let recorder = Arc::new(
        JsonlRecorder::builder(&fifo)
            .max_queued_bytes(BUDGET)
            .max_field_bytes(ERROR_BYTES)
            .start()
            .await
            .unwrap(),
    );
    let reader = reader.join().unwrap();

    let line = "2026-12-01T10:00:00Z upstream said: status=503 retry later; request id 42\n";
    let error: Arc<str> = line.repeat(ERROR_BYTES / line.len()).into();
    let tool = FnTool::new(ToolSchema::new("chatty", "", json!({"type": "object"})), {
        let error = Arc::clone(&error);
        move |_: &Value| {
            let error = Arc::clone(&error);
            async move { ToolOutput::error(error.to_string()) }
        }
    });
    let driver = Dispatcher::new(ToolRegistry::new().with(tool)).with_observer(recorder.clone());
    // Warm up: the first calls build the redactor's rules and the driver's caches.
    for n in 0..4 {
        let _ = driver
            .dispatch(ToolCall::new(format!("w{n}"), "chatty", json!({})))
            .await;
    }
    let before = LIVE.load(Ordering::Relaxed);
    let mut most = 0isize;
    for n in 0..CALLS {
        let _ = driver
            .dispatch(ToolCall::new(format!("c{n}"), "chatty", json!({})))
            .await;
        most = most.max(LIVE.load(Ordering::Relaxed) - before);
        assert!(recorder.queued_bytes() <= BUDGET);
    }
    let offered = CALLS * ERROR_BYTES;
    assert!(
        offered > 20 * BUDGET,
        "the flood is far larger than the budget"
    );
    // The live heap after a call: queued lines (at most the budget) plus the
    // driver's own transient state, which a call frees before it returns.
    let after = LIVE.load(Ordering::Relaxed) - before;
    assert!(
        after < (BUDGET + BUDGET / 2) as isize,
        "{after} bytes held after {offered} bytes offered with a {BUDGET}-byte budget"
    );
    assert!(
        recorder.dropped() > (CALLS as u64) / 2,
        "dropped {}",
        recorder.dropped()
    );
    eprintln!(
        "offered {offered} bytes; held {after} bytes after the flood (peak between calls {most}); dropped {} lines",
        recorder.dropped()
    );

    // The reader goes away: the blocked write fails and the recorder reports it.
    drop(reader);
    assert!(recorder.shutdown().await.is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
