//! Notebook kernels, code sandboxes, containers and the run-time limits of functions: a limit that was hit is hit again.
//!
//! Sources, by family:
//! - nbclient's and jupyter_client's exceptions: `CellTimeoutError` and
//!   "Timeout waiting for execute reply" are the configured per-cell limit
//!   (nbconvert's docs say to raise `--ExecutePreprocessor.timeout`);
//!   `DeadKernelError` and "kernel died" mean the kernel process exited,
//!   most often killed for memory by what the cell does; a cell that
//!   raised (`CellExecutionError`) raises again.
//! - E2B's SDK errors (a sandbox that is not found has ended or timed
//!   out, and a new one is needed), Daytona's sandbox states, and Modal's
//!   `FunctionTimeoutError` (the function's own `timeout=`).
//! - AWS Lambda's "Task timed out after N seconds" (the function's
//!   configured limit) and PHP's `max_execution_time` fatal error.
//! - MariaDB's 1969 `max_statement_time` and BigQuery's
//!   `resourcesExceeded` ("Resources exceeded during query execution",
//!   which its docs answer by changing the query).
//! - Docker's daemon and registry errors: a container that is stopped or
//!   paused stays so; an `OOMKilled` container dies again on the same work.
//! - CI jobs stopped at their configured budget: CircleCI's
//!   `no_output_timeout` ("Too long with no output (exceeded 10m0s)") and
//!   GitLab Runner's job and script time-outs, which its docs answer by
//!   raising the time-out.
//! - Python's import errors: a module that is not installed stays absent.
//! - E2B's killed sandbox, Modal's unparsable auth token, and OpenHands'
//!   request for a smaller edit.
//! - Agent runtimes: the OpenAI Agents SDK's sandbox after an ambiguous
//!   mount, Claude Code's deferred tools, Claude Desktop's extension.

use super::Category::{Auth, Input, NotFound, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Jupyter kernels.
    ("celltimeouterror", Permanent, Strong),
    (
        "a cell timed out while it was being executed",
        Permanent,
        Strong,
    ),
    ("timeout waiting for execute reply", Permanent, Strong),
    ("cellexecutionerror", Permanent, Strong),
    (
        "an error occurred while executing the following cell",
        Permanent,
        Strong,
    ),
    ("deadkernelerror", Permanent, Strong),
    ("kernel died", Permanent, Strong),
    // A kernel that dies at start-up loses a race for its ports as often
    // as it meets a lasting fault (nbconvert's maintainers on #1066).
    (
        "kernel died before replying to kernel_info",
        Transient,
        Weak,
    ),
    ("kernel appears to have died", Permanent, Strong),
    ("no such kernel", NotFound, Strong),
    ("kernel does not exist", NotFound, Strong),
    // Hosted sandboxes and functions.
    ("sandbox was not found", NotFound, Strong),
    ("sandbox not found", NotFound, Strong),
    ("no sandbox found", NotFound, Strong),
    ("likely due to sandbox timeout", Permanent, Strong),
    // The SDK's words for a request over its own `timeoutMs`: "This error is
    // likely due to exceeding 'timeoutMs' ... It can be modified by passing
    // 'timeoutMs' when making the request."
    ("likely due to exceeding 'timeoutms'", Permanent, Strong),
    ("is not in a valid state", Permanent, Weak),
    ("functiontimeouterror", Permanent, Strong),
    ("hit its timeout of", Permanent, Strong),
    ("task timed out after", Permanent, Weak), // right 5 of 6 times it decided strongly, with `final63` counted
    ("maximum execution time of", Permanent, Strong),
    ("max_statement_time exceeded", Permanent, Strong),
    (
        "resources exceeded during query execution",
        Permanent,
        Strong,
    ),
    ("query exceeded resource limits", Permanent, Strong),
    // Containers.
    ("manifest unknown", NotFound, Strong),
    ("pull access denied", Auth, Strong),
    ("requested access to the resource is denied", Auth, Strong),
    // One passed in four in the labelled files: a daemon that is not
    // running waits for someone to start it.
    ("is the docker daemon running", Permanent, Weak),
    ("this node is not a swarm manager", Permanent, Strong),
    ("no such container", NotFound, Strong),
    (
        "cannot exec a container that has stopped",
        Permanent,
        Strong,
    ),
    ("unpause the container", Permanent, Strong),
    ("oomkilled", Permanent, Strong),
    ("executable file not found in $path", NotFound, Strong),
    ("oci runtime create failed", Permanent, Weak),
    // Python modules that are not installed.
    ("modulenotfounderror", NotFound, Strong),
    ("no module named", NotFound, Strong),
    // LlamaIndex workflows' own `timeout=`, hit again by the same run.
    ("workflowtimeouterror", Permanent, Strong),
    // Cloud Run's troubleshooting: a container that does not listen on
    // $PORT must be fixed, not redeployed.
    (
        "container failed to start and listen on the port",
        Permanent,
        Strong,
    ),
    // Docker: the host port is taken by another container or process.
    (
        "driver failed programming external connectivity",
        Permanent,
        Strong,
    ),
    // Vercel's FUNCTION_INVOCATION_FAILED (and the edge runtime's): the
    // function threw; usually its code, not the moment.
    ("function_invocation_failed", Permanent, Weak),
    ("middleware_invocation_failed", Permanent, Weak),
    // Jupyter's output limit (`--NotebookApp.iopub_data_rate_limit`): the
    // same cell floods the same channel again.
    ("iopub data rate exceeded", Permanent, Strong),
    ("iopub message rate exceeded", Permanent, Strong),
    // Lambda SnapStart's troubleshooting page: wait for other snapshots to
    // finish and retry.
    ("concurrent snapshot creation limit", Transient, Strong),
    // Spot and preemptible capacity taken back (Modal's "Runner interrupted
    // due to worker preemption", GKE's and Batch's preempted VMs): the
    // platform restarts the work elsewhere.
    ("preemption", Transient, Weak),
    // CI jobs that spent their configured budget: CircleCI's
    // `no_output_timeout` (ten minutes by default) and GitLab Runner's job
    // and script time-outs. Another run of the same job waits as long;
    // weak, since a job that hung on a blip may pass.
    ("too long with no output (exceeded", Permanent, Weak),
    (
        "could not run to completion because the timeout was exceeded",
        Permanent,
        Weak,
    ),
    ("job failed: execution took longer than", Permanent, Weak),
    // A hosted agent that stopped answering its service (GitHub Actions'
    // "lost communication with the server", Azure Pipelines' "We stopped
    // hearing from agent"): most often the machine went away and a re-run
    // gets another; weak, since a job that starves its agent does it again.
    ("lost communication with the server", ServerDown, Weak),
    ("we stopped hearing from agent", ServerDown, Weak),
    // Jenkins remoting: the agent's channel closed under the build (the
    // agent went away); a re-run gets a live agent.
    ("closedchannelexception", ServerDown, Weak),
    // Colab's GPU usage limits, which its FAQ says lift after hours, or
    // with a paid plan.
    ("due to colab's usage limits", Quota, Strong),
    ("due to usage limits in colab", Quota, Strong),
    // CircleCI's own infrastructure failing the job (its docs say to re-run);
    // Podman's machine not running, and Argo CD's fixed one-second limit
    // on a jq patch, which stay.
    (
        "oops, there was an issue with your infrastructure",
        ServerDown,
        Weak,
    ),
    ("cannot connect to podman", Permanent, Strong),
    // systemctl in a container or WSL without systemd as PID 1: there is
    // no bus to reach until the machine boots with it.
    ("has not been booted with systemd", Permanent, Strong),
    ("failed to connect to bus", Permanent, Strong),
    ("jq patch execution timed out", Permanent, Weak),
    (
        "the channel is closing down or has closed down",
        ServerDown,
        Weak,
    ),
    // E2B's sandbox killed mid-request (recreate it or raise its
    // time-out); Modal's client holding a token it cannot parse;
    // OpenHands' editor, which asks for a smaller edit.
    ("the sandbox was killed", Permanent, Strong),
    ("cannot parse auth token", Auth, Strong),
    ("reduce the number of edits", Input, Strong),
    // Agent runtimes whose session or tools are gone until someone starts
    // anew: the OpenAI Agents SDK's sandbox after an ambiguous mount
    // (`retryable=False`), Claude Code's deferred tools after their MCP
    // server disconnected, Claude Desktop's extension that must be turned
    // off and on.
    ("after an ambiguous mount transition", Permanent, Strong),
    ("deferred tools are no longer available", Permanent, Strong),
    ("re-enabling the extension", Permanent, Strong),
];
