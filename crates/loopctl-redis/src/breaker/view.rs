//! A replica's view of the fleet's circuits: what it last heard of each, applied in the server's order, in a map bounded in names and bytes.
//!
//! Script replies and published events both tell a replica about a
//! circuit, and they race: a reply sent before a close may arrive after
//! it. Each carries the circuit's generation, and a view takes a state
//! only from a generation at least as new as the one it holds, so an older
//! reply never undoes a newer close or open.

use std::collections::HashMap;

use loopctl_driver::HealthMonitor;
use tokio::time::Instant;

/// How many tools a view tracks at most, as [`HealthMonitor`] does.
pub(super) const MAX_TRACKED_TOOLS: usize = HealthMonitor::MAX_TRACKED_TOOLS;

/// The longest tool name a view keeps; longer names (from a foreign
/// publisher) are ignored, so the map's bytes are bounded too.
pub(super) const MAX_TOOL_NAME_BYTES: usize = 256;

/// What this replica knows of one circuit.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct View {
    /// Refuse calls until then, without asking Redis; past it, ask.
    pub(super) open_until: Option<Instant>,
    /// The fleet's half-open probe this replica holds: when it claimed it,
    /// and the claim's token (the server's time of the claim). A claim
    /// lapses after a cool-down, as the server's does, so a probe whose call
    /// was dropped never leaves the replica thinking it still holds one.
    pub(super) probing: Option<(Instant, i64)>,
    /// A success since this replica last told Redis.
    pub(super) succeeded: bool,
    /// When this replica last saw the tool succeed.
    pub(super) last_success: Option<Instant>,
    /// The generation of the state above (0 until one is heard).
    generation: i64,
}

impl View {
    /// Worth keeping when the map is full: it holds state Redis needs from us.
    const fn matters(&self) -> bool {
        self.open_until.is_some() || self.probing.is_some() || self.succeeded
    }
}

/// A circuit's state as a script or an event told it, at a generation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Heard {
    /// Open, or probed by another replica: refuse until then.
    RefuseUntil(Instant),
    /// Closed: admit.
    Closed,
    /// This replica claimed the probe at `at`, with the claim's token.
    Claimed { at: Instant, token: i64 },
}

/// What the view says of a call now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Admit it without asking Redis.
    Run,
    /// Refuse it: the circuit is open for this long still.
    Refuse(std::time::Duration),
    /// Ask Redis (a probe may be due, or the view could not keep this tool).
    Ask,
}

/// The circuits one replica has heard of.
#[derive(Debug, Default)]
pub(super) struct Views {
    map: HashMap<String, View>,
    /// Set when an open circuit had to be evicted to make room: until then,
    /// a tool the view does not hold is asked about instead of admitted.
    evicted_open_until: Option<Instant>,
}

impl Views {
    /// The view of `tool`, if held.
    #[cfg(test)]
    pub(super) fn get(&self, tool: &str) -> Option<&View> {
        self.map.get(tool)
    }

    /// How many tools the view holds.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.map.len()
    }

    /// Takes `state` for `tool` when `generation` is at least as new as what
    /// the view holds; `false` when it was older and ignored.
    pub(super) fn hear(&mut self, tool: &str, generation: i64, state: Heard) -> bool {
        let opens = matches!(state, Heard::RefuseUntil(_));
        let Some(view) = self.slot(tool, opens) else {
            return false;
        };
        if generation < view.generation {
            return false;
        }
        view.generation = generation;
        match state {
            Heard::RefuseUntil(until) => {
                view.open_until = Some(until);
                view.probing = None;
            }
            Heard::Closed => {
                view.open_until = None;
                view.probing = None;
            }
            Heard::Claimed { at, token } => view.probing = Some((at, token)),
        }
        true
    }

    /// A change of this replica's own bookkeeping (its successes, its
    /// claim), which no generation orders. Returns what the view held before.
    pub(super) fn local(&mut self, tool: &str, change: impl FnOnce(&mut View)) -> View {
        match self.slot(tool, false) {
            Some(view) => {
                let before = *view;
                change(view);
                before
            }
            None => View::default(),
        }
    }

    /// Every tool with a success not yet told to Redis, taken from the view.
    pub(super) fn take_successes(&mut self) -> Vec<(String, View)> {
        self.map
            .iter_mut()
            .filter(|(_, view)| view.succeeded)
            .map(|(tool, view)| {
                view.succeeded = false;
                (tool.clone(), *view)
            })
            .collect()
    }

    /// Whether a call of `tool` may run now, as far as the view knows.
    pub(super) fn verdict(&self, tool: &str, now: Instant) -> Verdict {
        if tool.len() > MAX_TOOL_NAME_BYTES {
            // Never kept, so never known to be closed.
            return Verdict::Ask;
        }
        match self.map.get(tool) {
            Some(View {
                open_until: Some(until),
                ..
            }) if now < *until => Verdict::Refuse(*until - now),
            Some(View {
                open_until: Some(_),
                ..
            }) => Verdict::Ask,
            Some(_) => Verdict::Run,
            None if self.evicted_open_until.is_some_and(|until| now < until) => Verdict::Ask,
            None => Verdict::Run,
        }
    }

    /// The entry for `tool`, made when there is room. A full map first
    /// drops entries that hold nothing; an open circuit may then take the
    /// place of the entry whose refusal ends first, and the view remembers
    /// that it dropped one, so it asks Redis rather than admit blindly.
    fn slot(&mut self, tool: &str, opens: bool) -> Option<&mut View> {
        if tool.len() > MAX_TOOL_NAME_BYTES {
            return None;
        }
        if !self.map.contains_key(tool) && self.map.len() >= MAX_TRACKED_TOOLS {
            self.map.retain(|_, view| view.matters());
            if self.map.len() >= MAX_TRACKED_TOOLS {
                if !opens {
                    return None;
                }
                self.evict_first_to_expire();
            }
        }
        Some(self.map.entry(tool.to_owned()).or_default())
    }

    /// Drops the entry whose refusal ends first (one that refuses nothing
    /// first of all), remembering how long an evicted refusal would have held.
    fn evict_first_to_expire(&mut self) {
        let victim = self
            .map
            .iter()
            .min_by_key(|(_, view)| (view.open_until.is_some(), view.open_until))
            .map(|(tool, view)| (tool.clone(), view.open_until));
        if let Some((tool, open_until)) = victim {
            self.map.remove(&tool);
            if let Some(until) = open_until {
                self.evicted_open_until =
                    Some(self.evicted_open_until.map_or(until, |t| t.max(until)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn refuse_for(ms: u64) -> Heard {
        Heard::RefuseUntil(Instant::now() + Duration::from_millis(ms))
    }

    #[test]
    fn a_stale_reply_that_arrives_after_a_published_close_does_not_reopen_the_circuit() {
        let mut views = Views::default();
        let now = Instant::now();
        // The circuit opened at generation 10 and this replica heard it.
        assert!(views.hear("svc", 10, refuse_for(60_000)));
        // Another replica claims the probe (generation 11); this replica's
        // own probe request is answered "another replica probes" at 11, but
        // the prober's success (generation 12) is published and arrives first.
        assert!(views.hear("svc", 12, Heard::Closed));
        assert!(
            !views.hear("svc", 11, refuse_for(1_500)),
            "the older reply is ignored"
        );
        assert_eq!(views.verdict("svc", now), Verdict::Run, "the close stands");
    }

    #[test]
    fn replies_and_events_in_the_server_order_apply_as_before() {
        let mut views = Views::default();
        let now = Instant::now();
        assert!(views.hear("svc", 11, refuse_for(1_500)));
        assert!(matches!(views.verdict("svc", now), Verdict::Refuse(_)));
        assert!(views.hear("svc", 12, Heard::Closed));
        assert_eq!(views.verdict("svc", now), Verdict::Run);
        // An open after the close, even published late, applies; an older
        // close heard after it does not undo it.
        assert!(views.hear("svc", 14, refuse_for(1_500)));
        assert!(!views.hear("svc", 12, Heard::Closed));
        assert!(matches!(views.verdict("svc", now), Verdict::Refuse(_)));
    }

    #[test]
    fn a_full_view_never_admits_a_call_against_a_circuit_it_could_not_keep() {
        let mut views = Views::default();
        let now = Instant::now();
        for index in 0..MAX_TRACKED_TOOLS {
            let ms = 10_000 + u64::try_from(index).unwrap_or(0);
            assert!(views.hear(&format!("tool-{index}"), 1, refuse_for(ms)));
        }
        assert_eq!(views.len(), MAX_TRACKED_TOOLS);
        // One more open circuit: the one that expires first makes room.
        assert!(views.hear("late", 1, refuse_for(60_000)));
        assert_eq!(views.len(), MAX_TRACKED_TOOLS);
        assert!(matches!(views.verdict("late", now), Verdict::Refuse(_)));
        assert_eq!(
            views.verdict("tool-0", now),
            Verdict::Ask,
            "the evicted circuit is asked about, not admitted"
        );
        assert_eq!(views.verdict("never-heard", now), Verdict::Ask);
        // Bookkeeping of a success never evicts an open circuit.
        let before = views.local("other", |view| view.succeeded = true);
        assert!(!before.succeeded);
        assert!(views.get("other").is_none());
    }

    #[test]
    fn names_past_the_byte_bound_are_not_kept() {
        let mut views = Views::default();
        let long = "x".repeat(MAX_TOOL_NAME_BYTES + 1);
        assert!(!views.hear(&long, 1, refuse_for(1_000)));
        assert_eq!(views.len(), 0);
        assert_eq!(
            views.verdict(&long, Instant::now()),
            Verdict::Ask,
            "asked, never admitted blindly"
        );
    }
}
