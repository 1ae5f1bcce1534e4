//! A counting global allocator: allocations and live bytes on the current thread.
#![allow(
    unsafe_code,
    reason = "a counting global allocator must implement the unsafe GlobalAlloc trait"
)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    // Const-initialised cells without destructors: reading them never
    // allocates, so the allocator may use them.
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static LIVE_BYTES: Cell<i64> = const { Cell::new(0) };
}

/// Forwards to the system allocator and counts, per thread, how many
/// allocations were made and how many bytes are live.
///
/// Counting per thread keeps a measurement on a current-thread runtime
/// free of whatever tests on other threads do. Install it in a test binary:
///
/// ```ignore
/// #[global_allocator]
/// static GLOBAL: loopctl_testkit::CountingAllocator = loopctl_testkit::CountingAllocator;
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct CountingAllocator;

impl CountingAllocator {
    /// Allocations (and reallocations) made on this thread so far.
    pub fn allocations() -> u64 {
        ALLOCATIONS.with(Cell::get)
    }

    /// Bytes allocated on this thread and not yet freed, less those freed
    /// here that other threads allocated.
    pub fn live_bytes() -> i64 {
        LIVE_BYTES.with(Cell::get)
    }

    /// Allocations made while `run` runs on this thread.
    pub fn allocations_during(run: impl FnOnce()) -> u64 {
        let before = Self::allocations();
        run();
        Self::allocations() - before
    }
}

fn count(allocations: u64, bytes: i64) {
    // `try_with`: during thread teardown the cells may be gone; skip counting then.
    let _ = ALLOCATIONS.try_with(|cell| cell.set(cell.get() + allocations));
    let _ = LIVE_BYTES.try_with(|cell| cell.set(cell.get() + bytes));
}

fn signed(size: usize) -> i64 {
    i64::try_from(size).unwrap_or(i64::MAX)
}

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counting touches only const-initialised thread-locals, which never allocate.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(1, signed(layout.size()));
        // SAFETY: the caller upholds `alloc`'s contract, which we pass on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(1, signed(layout.size()));
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        count(0, -signed(layout.size()));
        // SAFETY: `pointer` came from `System` with this layout.
        unsafe { System.dealloc(pointer, layout) }
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(1, signed(new_size) - signed(layout.size()));
        // SAFETY: as for `alloc` and `dealloc`.
        unsafe { System.realloc(pointer, layout, new_size) }
    }
}
