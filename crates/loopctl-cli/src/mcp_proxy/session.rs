//! One client session as the proxy sees it: counted from its `initialize` until rmcp drops its handler, so an operator sees sessions begin and end.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The live sessions of one proxy.
#[derive(Debug, Default)]
pub(crate) struct Sessions {
    live: AtomicUsize,
}

/// What one handler knows of its session. rmcp makes a handler per
/// session, and per request for clients without sessions; only a handler
/// that saw `initialize` counts.
#[derive(Debug)]
pub(crate) struct SessionMark {
    sessions: Arc<Sessions>,
    opened: AtomicBool,
}

impl SessionMark {
    /// A mark for a new handler.
    pub(crate) fn new(sessions: &Arc<Sessions>) -> Self {
        Self {
            sessions: Arc::clone(sessions),
            opened: AtomicBool::new(false),
        }
    }

    /// The handler's client sent `initialize`: a session began.
    pub(crate) fn open(&self) {
        if !self.opened.swap(true, Ordering::AcqRel) {
            let live = self.sessions.live.fetch_add(1, Ordering::AcqRel) + 1;
            tracing::debug!(live, "a client session began");
        }
    }
}

impl Drop for SessionMark {
    fn drop(&mut self) {
        if *self.opened.get_mut() {
            let live = self.sessions.live.fetch_sub(1, Ordering::AcqRel) - 1;
            tracing::debug!(live, "a client session ended");
        }
    }
}
