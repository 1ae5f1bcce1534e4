//! Scanners that find secrets by where they sit rather than by their shape.

pub(crate) mod pairs;
pub(crate) mod url;
