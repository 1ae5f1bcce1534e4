//! What recovery may do to a call: which corrections apply, how far a fix may reach, and whether a call may run again.

mod corrections;
mod reach;

pub use corrections::CorrectionPolicy;
