//! Stdin wrapper that remembers when the client closed its end, so `hang` can tell a real cancellation from transport shutdown, and that `freeze_once` can stop reading.

use std::{
    io,
    pin::Pin,
    sync::atomic::{AtomicBool, Ordering},
    task::{Context, Poll},
};

use tokio::io::{AsyncRead, ReadBuf};

/// Set once stdin reached end-of-file or failed.
static INPUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// True once the stdio transport's input has ended.
///
/// rmcp cancels every in-flight request token when the transport closes, so a
/// handler woken after this is being torn down, not cancelled by the client.
pub(crate) fn input_closed() -> bool {
    INPUT_CLOSED.load(Ordering::SeqCst)
}

/// Set by `freeze_once`: from then on the server reads nothing more, as a
/// hung server would.
static FROZEN: AtomicBool = AtomicBool::new(false);

/// Stops the stdio transport from reading: every later request goes unanswered.
pub(crate) fn freeze() {
    FROZEN.store(true, Ordering::SeqCst);
}

/// An [`AsyncRead`] that records end-of-file (or a read error) of its inner reader.
pub(crate) struct EofWatch<R> {
    inner: R,
}

impl<R> EofWatch<R> {
    /// Wraps `inner`.
    pub(crate) fn new(inner: R) -> Self {
        Self { inner }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for EofWatch<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if FROZEN.load(Ordering::SeqCst) {
            // Never woken again: the process is alive and reads nothing.
            return Poll::Pending;
        }
        let before = buf.filled().len();
        let wants_bytes = buf.remaining() > 0;
        let poll = Pin::new(&mut self.inner).poll_read(cx, buf);
        match &poll {
            Poll::Ready(Ok(())) if wants_bytes && buf.filled().len() == before => {
                INPUT_CLOSED.store(true, Ordering::SeqCst);
            }
            Poll::Ready(Err(_)) => INPUT_CLOSED.store(true, Ordering::SeqCst),
            _ => {}
        }
        poll
    }
}
