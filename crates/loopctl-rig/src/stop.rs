//! [`HardStop`]: the hard error behind a rig tool error when loopctl ends a run, and the bounded list of the stops a `Recovery` saw.

use std::collections::VecDeque;
use std::fmt;

use loopctl_driver::LoopError;

/// The code of the rig tool error that carries a [`HardStop`].
pub const HARD_STOP_CODE: &str = "loopctl.hard_stop";

/// How many hard stops a `Recovery` keeps; older ones are dropped.
pub(crate) const MAX_STOPS: usize = 64;

/// The hard error behind a rig tool error: loopctl ended the run (the
/// recovery ceiling, a detected loop, a cancel). The
/// [`RecoveryHook`](crate::RecoveryHook) turns it into a stop of the rig
/// run; without the hook the model would read it as an ordinary tool error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HardStop(pub LoopError);

impl fmt::Display for HardStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match &self.0 {
            LoopError::ToolRecoveryExhausted { .. } => "ToolRecoveryExhausted",
            LoopError::LoopDetected { .. } => "LoopDetected",
            LoopError::Cancelled => "Cancelled",
            _ => "LoopError",
        };
        write!(f, "loopctl stopped the run ({name}): {}", self.0)
    }
}

impl std::error::Error for HardStop {}

/// The most recent hard stops, oldest first.
#[derive(Debug, Default)]
pub(crate) struct Stops(VecDeque<LoopError>);

impl Stops {
    /// Keeps `stop`, dropping the oldest past [`MAX_STOPS`].
    pub(crate) fn push(&mut self, stop: LoopError) {
        if self.0.len() >= MAX_STOPS {
            self.0.pop_front();
        }
        self.0.push_back(stop);
    }

    /// A copy, oldest first.
    pub(crate) fn to_vec(&self) -> Vec<LoopError> {
        self.0.iter().cloned().collect()
    }

    /// Takes them all, oldest first.
    pub(crate) fn drain(&mut self) -> Vec<LoopError> {
        self.0.drain(..).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_latest_stops_are_kept() {
        let mut stops = Stops::default();
        for attempts in 0..u32::try_from(MAX_STOPS + 10).unwrap_or(u32::MAX) {
            stops.push(LoopError::ToolRecoveryExhausted {
                tool: "t".into(),
                attempts,
            });
        }
        let kept = stops.to_vec();
        assert_eq!(kept.len(), MAX_STOPS);
        assert_eq!(
            kept[0],
            LoopError::ToolRecoveryExhausted {
                tool: "t".into(),
                attempts: 10
            }
        );
        assert_eq!(stops.drain().len(), MAX_STOPS);
        assert!(stops.to_vec().is_empty());
    }
}
