//! Sessions bound to the principal that opened them: a session id is no credential, so another client that learns one gets `404`, as for a session that never was.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// Session id to principal, for the sessions opened with a credential.
#[derive(Debug)]
pub(crate) struct Bindings {
    inner: Mutex<Inner>,
    cap: usize,
}

#[derive(Debug, Default)]
struct Inner {
    owner: HashMap<String, String>,
    order: VecDeque<String>,
}

impl Bindings {
    /// Keeps at most `cap` bindings, forgetting the oldest first (the cap is
    /// well above the live-session cap, so a forgotten session has almost
    /// always expired).
    pub(crate) fn new(cap: usize) -> Self {
        Self {
            inner: Mutex::new(Inner::default()),
            cap: cap.max(1),
        }
    }

    /// `principal` opened `session`.
    pub(crate) fn bind(&self, session: &str, principal: &str) {
        let mut inner = loopctl_reflect_core::lock(&self.inner);
        if inner.owner.len() >= self.cap
            && let Some(oldest) = inner.order.pop_front()
        {
            inner.owner.remove(&oldest);
        }
        if inner
            .owner
            .insert(session.to_owned(), principal.to_owned())
            .is_none()
        {
            inner.order.push_back(session.to_owned());
        }
    }

    /// Whether `principal` may use `session`: only its own. An id bound to
    /// nobody (never opened here, or forgotten) is refused too; the client
    /// then opens a new session, as MCP clients do on `404`.
    pub(crate) fn allows(&self, session: &str, principal: &str) -> bool {
        loopctl_reflect_core::lock(&self.inner)
            .owner
            .get(session)
            .is_some_and(|owner| owner == principal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_is_its_owners_alone() {
        let bindings = Bindings::new(2);
        bindings.bind("s1", "alice");
        assert!(bindings.allows("s1", "alice"));
        assert!(!bindings.allows("s1", "bob"));
        assert!(!bindings.allows("unknown", "bob"));
    }

    #[test]
    fn the_oldest_binding_goes_first() {
        let bindings = Bindings::new(2);
        bindings.bind("s1", "alice");
        bindings.bind("s2", "alice");
        bindings.bind("s3", "alice");
        assert!(!bindings.allows("s1", "alice"), "s1 was forgotten");
        assert!(bindings.allows("s2", "alice"));
        assert!(!bindings.allows("s2", "bob"));
        assert!(!bindings.allows("s3", "bob"));
    }
}
