//! The success path allocates nothing beyond what the tool itself allocates.
#![allow(
    unsafe_code,
    reason = "a counting global allocator must implement the unsafe GlobalAlloc trait"
)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use loopctl_driver::{Dispatcher, Tool, ToolCall, ToolRegistry};
use serde_json::{Value, json};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller upholds `alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: `pointer` came from `System.alloc` with this layout.
        unsafe { System.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(pointer, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[path = "support/noop.rs"]
mod noop;
use noop::Noop;

fn allocations_during(run: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    run();
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

#[test]
fn dispatch_adds_no_allocation_to_a_successful_call() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    let tool = Noop::new();
    let driver = Dispatcher::new(ToolRegistry::new().with(Noop::new()));
    let input = json!({});
    // Warm up lazily initialised runtime state first.
    for _ in 0..3 {
        runtime.block_on(tool.call(&input));
        let call = ToolCall {
            id: String::new(),
            name: "noop".to_owned(),
            input: Value::Null,
        };
        runtime.block_on(driver.dispatch(call)).unwrap();
    }

    let direct = allocations_during(|| {
        for _ in 0..100 {
            runtime.block_on(tool.call(&input));
        }
    });
    let calls: Vec<ToolCall> = (0..100)
        .map(|_| ToolCall {
            id: String::new(),
            name: "noop".to_owned(),
            input: Value::Null,
        })
        .collect();
    let mut results = Vec::with_capacity(100);
    let dispatched = allocations_during(|| {
        for call in calls {
            results.push(runtime.block_on(driver.dispatch(call)).unwrap());
        }
    });

    assert_eq!(direct, 100, "the tool allocates its boxed future");
    assert_eq!(
        dispatched, direct,
        "dispatch adds nothing on the success path"
    );
    assert!(
        results
            .iter()
            .all(|result| !result.is_error && result.attempts == 1)
    );
}
