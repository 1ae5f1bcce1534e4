//! Stdin wrapper that remembers when the client closed its end, so `hang` can tell a real cancellation from transport shutdown.

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
