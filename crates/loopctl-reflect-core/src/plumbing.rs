//! Small helpers every loopctl crate shares, written once: locks that survive a poisoned mutex or read-write lock, and a duration in whole milliseconds.

use std::sync::{Mutex, MutexGuard, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

/// Locks `mutex`, taking the data even when a thread panicked while holding
/// it: loopctl's shared state stays consistent between statements, and a
/// panic caught in one call must not poison every later one.
///
/// ```
/// use std::sync::Mutex;
/// use loopctl_reflect_core::lock;
///
/// let counter = Mutex::new(1);
/// *lock(&counter) += 1;
/// assert_eq!(*lock(&counter), 2);
/// ```
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reads `rwlock` as [`lock`] locks a mutex: a poisoned lock still reads.
pub fn read<T>(rwlock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    rwlock.read().unwrap_or_else(PoisonError::into_inner)
}

/// Writes `rwlock` as [`lock`] locks a mutex: a poisoned lock still writes.
pub fn write<T>(rwlock: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    rwlock.write().unwrap_or_else(PoisonError::into_inner)
}

/// `duration` in whole milliseconds, saturating at `u64::MAX`.
///
/// ```
/// use std::time::Duration;
/// use loopctl_reflect_core::millis;
///
/// assert_eq!(millis(Duration::from_secs(2)), 2000);
/// assert_eq!(millis(Duration::MAX), u64::MAX);
/// ```
pub fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}
