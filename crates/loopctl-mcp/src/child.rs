//! A server started as a child process, with a reader that sees the raw `tools/list` answers before rmcp types them.

use std::collections::HashSet;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use process_wrap::tokio::{ChildWrapper, CommandWrap, KillOnDrop};
use rmcp::RoleClient;
use rmcp::model::{ClientRequest, JsonRpcMessage, RequestId};
use rmcp::transport::Transport;
use rmcp::transport::async_rw::{AsyncRwTransport, DEFAULT_MAX_LINE_LENGTH};
use tokio::io::{AsyncRead, ReadBuf};
use tokio::process::{ChildStdin, ChildStdout};

use crate::extras::ToolTap;

/// How long a closed server may take to exit before it is asked (SIGTERM),
/// then made (SIGKILL), to stop: the shutdown the MCP stdio transport describes.
const EXIT_WAIT: Duration = Duration::from_secs(3);

/// The most `tools/list` requests remembered while unanswered.
const MAX_PENDING_LISTS: usize = 16;

/// rmcp's line transport over the child's pipes, the child itself, and the
/// ids of the `tools/list` requests not yet answered.
pub(crate) struct ChildTransport {
    child: Option<Box<dyn ChildWrapper>>,
    io: AsyncRwTransport<RoleClient, TapReader<ChildStdout>, ChildStdin>,
    tap: Arc<ToolTap>,
    pending: HashSet<RequestId>,
}

impl ChildTransport {
    /// Spawns `command` with piped stdin and stdout (stderr as the command
    /// says); the child is killed when the transport is dropped.
    pub(crate) fn spawn(command: tokio::process::Command, tap: Arc<ToolTap>) -> io::Result<Self> {
        let mut command = CommandWrap::from(command);
        command.command_mut().stdin(std::process::Stdio::piped());
        command.command_mut().stdout(std::process::Stdio::piped());
        command.wrap(KillOnDrop);
        let mut child = command.spawn()?;
        let stdin = child
            .inner_mut()
            .stdin()
            .take()
            .ok_or_else(|| io::Error::other("the child's stdin was not piped"))?;
        let stdout = child
            .inner_mut()
            .stdout()
            .take()
            .ok_or_else(|| io::Error::other("the child's stdout was not piped"))?;
        let reader = TapReader::new(stdout, Arc::clone(&tap));
        Ok(Self {
            child: Some(child),
            io: AsyncRwTransport::new_client(reader, stdin),
            tap,
            pending: HashSet::new(),
        })
    }

    /// Closes the child's stdin and waits for it to exit; then SIGTERM,
    /// then SIGKILL, each after [`EXIT_WAIT`].
    async fn shut_down(&mut self) -> io::Result<()> {
        self.tap.forget_requests();
        let Some(child) = self.child.as_mut() else {
            return Ok(());
        };
        self.io.close().await?;
        if exited(child).await {
            self.child = None;
            return Ok(());
        }
        #[cfg(unix)]
        if child.signal(libc::SIGTERM).is_ok() && exited(child).await {
            self.child = None;
            return Ok(());
        }
        let killed = Box::into_pin(child.kill()).await;
        self.child = None;
        killed
    }
}

async fn exited(child: &mut Box<dyn ChildWrapper>) -> bool {
    matches!(
        tokio::time::timeout(EXIT_WAIT, child.wait()).await,
        Ok(Ok(_))
    )
}

impl Transport<RoleClient> for ChildTransport {
    type Error = io::Error;

    fn send(
        &mut self,
        item: rmcp::service::TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let JsonRpcMessage::Request(request) = &item
            && matches!(request.request, ClientRequest::ListToolsRequest(_))
        {
            if self.pending.len() >= MAX_PENDING_LISTS {
                // Requests that were never answered (given up by their
                // caller): forgotten rather than kept for ever.
                self.pending.clear();
                self.tap.forget_requests();
            }
            if self.pending.insert(request.id.clone()) {
                self.tap.expect_list();
            }
        }
        self.io.send(item)
    }

    async fn receive(&mut self) -> Option<rmcp::service::RxJsonRpcMessage<RoleClient>> {
        let message = self.io.receive().await;
        let answered = match &message {
            Some(JsonRpcMessage::Response(response)) => Some(&response.id),
            Some(JsonRpcMessage::Error(error)) => error.id.as_ref(),
            _ => None,
        };
        if let Some(id) = answered
            && self.pending.remove(id)
        {
            self.tap.list_answered();
        }
        message
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.shut_down()
    }
}

/// The child's stdout as rmcp reads it, with each line copied to the tap
/// while a `tools/list` answer is awaited.
pub(crate) struct TapReader<R> {
    inner: R,
    tap: Arc<ToolTap>,
    line: Vec<u8>,
    capturing: bool,
    /// The last byte read ended a line.
    at_line_start: bool,
    /// The line being copied grew past rmcp's own limit: rmcp drops it too.
    overflow: bool,
}

impl<R> TapReader<R> {
    fn new(inner: R, tap: Arc<ToolTap>) -> Self {
        Self {
            inner,
            tap,
            line: Vec::new(),
            capturing: false,
            at_line_start: true,
            overflow: false,
        }
    }

    fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            if !self.capturing {
                if self.at_line_start && self.tap.listening() {
                    self.capturing = true;
                } else {
                    // Not a line to copy: skip to its end.
                    match memchr::memchr(b'\n', bytes) {
                        Some(end) => {
                            bytes = &bytes[end + 1..];
                            self.at_line_start = true;
                            continue;
                        }
                        None => {
                            self.at_line_start = false;
                            return;
                        }
                    }
                }
            }
            match memchr::memchr(b'\n', bytes) {
                Some(end) => {
                    self.push(&bytes[..end]);
                    if !self.overflow {
                        self.tap.observe(&self.line);
                    }
                    self.line = Vec::new();
                    self.overflow = false;
                    self.capturing = false;
                    self.at_line_start = true;
                    bytes = &bytes[end + 1..];
                }
                None => {
                    self.push(bytes);
                    self.at_line_start = false;
                    return;
                }
            }
        }
    }

    fn push(&mut self, bytes: &[u8]) {
        if self.overflow {
            return;
        }
        if self.line.len() + bytes.len() > DEFAULT_MAX_LINE_LENGTH {
            self.overflow = true;
            self.line = Vec::new();
        } else {
            self.line.extend_from_slice(bytes);
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for TapReader<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.inner).poll_read(cx, buf))?;
        this.feed(&buf.filled()[before..]);
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(listening: bool) -> TapReader<tokio::io::Empty> {
        let tap = Arc::new(ToolTap::default());
        if listening {
            tap.expect_list();
        }
        TapReader::new(tokio::io::empty(), tap)
    }

    const LIST: &[u8] = br#"{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"t","inputSchema":{},"execution":{"taskSupport":"optional"}}]}}"#;

    #[test]
    fn a_list_split_across_reads_is_seen_whole() {
        let mut reader = reader(true);
        let mut bytes = b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\"}\n".to_vec();
        bytes.extend_from_slice(LIST);
        bytes.push(b'\n');
        for chunk in bytes.chunks(7) {
            reader.feed(chunk);
        }
        let fields = reader.tap.for_tools(["t"].into_iter());
        assert_eq!(fields["t"]["execution"]["taskSupport"], "optional");
    }

    #[test]
    fn nothing_is_copied_while_no_list_is_awaited() {
        let mut reader = reader(false);
        reader.feed(LIST);
        reader.feed(b"\n");
        assert!(reader.line.capacity() == 0);
        assert!(reader.tap.for_tools(["t"].into_iter()).is_empty());
    }

    #[test]
    fn a_list_that_starts_mid_line_is_not_misread() {
        let mut reader = reader(false);
        reader.feed(b"{\"partial\":");
        reader.tap.expect_list();
        // The rest of that line, then the list on a line of its own.
        reader.feed(b"1}\n");
        reader.feed(LIST);
        reader.feed(b"\n");
        assert_eq!(reader.tap.for_tools(["t"].into_iter()).len(), 1);
    }
}
