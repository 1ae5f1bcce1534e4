//! Self-hosted AI chat front ends, browser IDEs, download managers, job schedulers, proxy managers, mail catchers and dotfile managers: their words for a network drop, a reply still being generated, a master not elected yet and a message not stored for a moment, and for a format to fix, a workspace to convert, a credential to set and a server without TLS.
//!
//! From `final84`'s misses, each from the system's own code:
//!
//! - Passing, weak: big-AGI's bolded "**network error**" and its provider
//!   "interrupted mid-stream" (its retry list retries every network
//!   disconnection); SillyTavern's command refused "while the reply is
//!   being generated"; JDownloader's cloud download still pending;
//!   Cronicle's "No master server found" (its client polls until a master
//!   is elected); Zoraxy's "Too many login attempts. Please try again
//!   later" (a limit counted by the minute), of the strong tier so that it
//!   hides the credential literal inside it; MailHog's and Inbucket's
//!   message they could not store, which they answer with a 4xx reply;
//!   home-manager's link target that changed during activation, which
//!   says to retry.
//! - Lasting: SillyTavern's repo id that "must be formatted as"; a
//!   licence key entered wrong (Chatbox); Che's deprecated workspace to
//!   convert; Motrix's operator credential to set (refused); Mailpit's
//!   "4.5.3 Too many recipients", though its reply is a 452; Inbucket's
//!   "TLS unavailable on the server"; and, weakly, LobeChat's Ollama to
//!   check ("Please check if Ollama is running") and a DevWorkspace that
//!   did not get past a step in its time limit.
//!
//! Not named, since the words say nothing of the cause: aria2's refused
//! connection, Dkron's gRPC deadline, Ombi's "There was an issue adding
//! this movie!", caddy-docker-proxy's Docker DNS name not found yet.

use super::Category::{Auth, Input, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // enricoros/big-AGI (its error messages and retry list)
    ("**network error**", Transient, Weak),
    ("interrupted mid-stream", Transient, Weak),
    // SillyTavern/SillyTavern (slash commands)
    ("while the reply is being generated", Transient, Weak),
    // mycodedoesnotcompile2/jdownloader_mirror (cloud downloaders)
    ("cloud download pending", Transient, Weak),
    // jhuckaby/Cronicle (lib/api/config.js)
    ("no master server found", ServerDown, Weak),
    // tobychui/zoraxy (mod/auth: a limit per minute); weak, since
    // Karakeep's limit in the same words lasts a quarter of an hour, though
    // it still hides the credential literal inside it (the review)
    (
        "too many login attempts. please try again later",
        Transient,
        Weak,
    ),
    // mailhog/smtp (protocol.go: 452), inbucket/inbucket (451); only
    // Inbucket's with its reply code, since Lotus and soju say the bare
    // words of failures that last (the review)
    ("unable to store message", Transient, Weak),
    ("451 failed to store message", Transient, Weak),
    // nix-community/home-manager (activation)
    (
        "link target changed while resolving symlinks",
        Transient,
        Weak,
    ),
    // SillyTavern/SillyTavern; weak, since the words are also a prompt's
    // ("Your next response must be formatted as"), which an error may echo
    // beside a 503 (the review)
    ("must be formatted as", Input, Weak),
    // chatboxai/chatbox; eclipse-che/che-dashboard
    ("the license key you entered is invalid", Permanent, Strong),
    ("convert the workspace and try again", Permanent, Strong),
    // agalwood/Motrix (locales); weak, since motrix-admin says it too in
    // the first seconds of a first start, before the token is written
    // (the review)
    ("operator credential is unavailable", Auth, Weak),
    // axllent/mailpit (smtpd), inbucket/inbucket; and the other forms of
    // too many recipients (a multi-line 452-4.5.3, Postfix's "Error: too
    // many recipients", MailHog's 552), weakly (the review)
    ("452 4.5.3 too many recipients", Input, Strong),
    ("too many recipients", Permanent, Weak),
    ("tls unavailable on the server", Permanent, Strong),
    // lobehub/lobe-chat (locales); eclipse-che/che#22208. Weak: the
    // labelled files hold an Ollama "is it running?" that passed
    ("please check if ollama is running", Permanent, Weak),
    ("failed to progress past step", Permanent, Weak),
];
