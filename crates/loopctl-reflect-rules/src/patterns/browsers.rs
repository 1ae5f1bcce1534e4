//! Browser drivers: what a second attempt on the same page meets again, and what it does not.
//!
//! Sources, by family:
//! - The W3C WebDriver specification's error table (§ Errors): `stale
//!   element reference` and `element click intercepted` describe a page
//!   that changed or is covered for a moment, and a fresh lookup or a
//!   later click succeeds; `invalid session id` and `session not created`
//!   mean the session is gone or never started; `no such element` is a
//!   lookup that found nothing. Selenium's exception classes name the same
//!   errors.
//! - ChromeDriver's start-up and connection errors (`DevToolsActivePort
//!   file doesn't exist`, a driver built for another Chrome version,
//!   `chrome not reachable`, `not connected to DevTools`): the browser
//!   did not start or has died, and the session with it.
//! - Puppeteer's and Playwright's errors: a closed target, page or browser
//!   stays closed; a missing browser executable waits for an install; a
//!   detached node is found again on the next attempt; a locator that
//!   matches several elements (strict mode) matches them again. A wait
//!   that ran out (`Timeout 30000ms exceeded`) is left to the generic,
//!   weak time-out words when it waited for a page (a slow page loads on
//!   the next attempt); when the call log says it waited for a selector
//!   or a locator, or Selenium's expected condition for an element, the
//!   page came and the element did not, which another attempt meets
//!   again (weakly: a slow script may yet render it).
//! - Chromium's `net::ERR_*` list (`net/base/net_error_list.h`): resets,
//!   refusals and time-outs pass; certificate and protocol errors, blocked
//!   requests and bad URLs do not. Firefox's `NS_ERROR_*` network codes
//!   (`netwerk/base/ErrorList.py`) read the same way.
//! - What the drivers and the crawlers built on them retry: rod's
//!   `CoveredError`, scrapy-playwright's read of a page that is still
//!   navigating, microlink browserless' list of destroyed or early frames,
//!   rod's close of a page Chromium is not attached to, Cypress' closed
//!   socket, and Crawlee's `RequestThrottledError`.

use super::Category::{Input, NotFound, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // The page changed or is covered for a moment.
    ("stale element reference", Transient, Strong),
    ("staleelementreferenceexception", Transient, Strong),
    ("element click intercepted", Transient, Strong),
    ("elementclickinterceptedexception", Transient, Strong),
    ("elementclickinterceptederror", Transient, Strong),
    ("other element would receive the click", Transient, Strong),
    ("intercepts pointer events", Transient, Strong),
    ("node is detached from document", Transient, Strong),
    ("element is not attached to the dom", Transient, Strong),
    ("execution context was destroyed", Transient, Weak),
    ("element not interactable", Transient, Weak),
    ("element is outside of the viewport", Transient, Weak),
    // Lookups and locators.
    ("nosuchelementexception", NotFound, Strong),
    ("strict mode violation", Input, Strong),
    (
        "node is either not visible or not an htmlelement",
        Permanent,
        Weak,
    ),
    // The session, browser or page is gone or never started.
    ("invalid session id", Permanent, Strong),
    ("no such session", Permanent, Strong),
    // Weak: Selenium Grid answers "session not created" also when its
    // queue timed out waiting for a free node, which passes.
    ("session not created", Permanent, Weak),
    ("sessionnotcreatedexception", Permanent, Weak),
    ("could not start a new session", Permanent, Weak),
    // Selenium Grid's queue ran out of time waiting for a free node.
    ("new session request timed out", Transient, Strong),
    ("only supports chrome version", Permanent, Strong),
    ("devtoolsactiveport file doesn't exist", Permanent, Strong),
    ("chrome failed to start", Permanent, Strong),
    ("cannot find chrome binary", Permanent, Strong),
    ("chrome not reachable", Permanent, Weak), // right 1 of 2 times it decided
    ("not connected to devtools", Permanent, Weak), // right 2 of 3 times it decided
    ("nosuchwindowexception", Permanent, Strong),
    ("target closed", Permanent, Weak), // right 3 of 4 times it decided
    // A wait for an element that never came: Puppeteer's
    // `waitForSelector`, Playwright's locator call log and Selenium's
    // expected conditions. The page is there and the element is not;
    // weak, since a slow script may yet render it.
    ("waiting for selector", NotFound, Weak),
    ("waiting for locator(", NotFound, Weak),
    ("waiting for element to be clickable", NotFound, Weak),
    ("waiting for visibility of element", NotFound, Weak),
    ("waiting for presence of element", NotFound, Weak),
    // The same waits as the first line of Puppeteer's and Playwright's
    // errors, without a call log: `page.waitForSelector: Timeout 30000ms
    // exceeded`, Puppeteer's "waiting for file chooser failed", and a
    // locator action's "locator.click: Timeout 30000ms exceeded", which
    // Playwright raises when the element never became actionable. Not
    // `waitFor`, whose wait for a spinner "to be hidden" is a slow page,
    // nor `screenshot`, which also waits for fonts and animations.
    ("waitforselector: timeout", NotFound, Weak),
    ("waiting for file chooser", NotFound, Weak),
    ("locator.click: timeout", NotFound, Weak),
    ("locator.dblclick: timeout", NotFound, Weak),
    ("locator.fill: timeout", NotFound, Weak),
    ("locator.type: timeout", NotFound, Weak),
    ("locator.presssequentially: timeout", NotFound, Weak),
    ("locator.press: timeout", NotFound, Weak),
    ("locator.check: timeout", NotFound, Weak),
    ("locator.uncheck: timeout", NotFound, Weak),
    ("locator.hover: timeout", NotFound, Weak),
    ("locator.tap: timeout", NotFound, Weak),
    ("locator.selectoption: timeout", NotFound, Weak),
    ("locator.setinputfiles: timeout", NotFound, Weak),
    ("locator.focus: timeout", NotFound, Weak),
    ("locator.evaluate: timeout", NotFound, Weak),
    ("locator.textcontent: timeout", NotFound, Weak),
    ("locator.innertext: timeout", NotFound, Weak),
    ("locator.innerhtml: timeout", NotFound, Weak),
    ("locator.getattribute: timeout", NotFound, Weak),
    ("locator.inputvalue: timeout", NotFound, Weak),
    ("locator.scrollintoviewifneeded: timeout", NotFound, Weak),
    ("locator.dragto: timeout", NotFound, Weak),
    ("locator.setchecked: timeout", NotFound, Weak),
    ("locator.clear: timeout", NotFound, Weak),
    (
        "session closed. most likely the page has been closed",
        Permanent,
        Strong,
    ),
    // Right 6 of 7 times it decided once `final32` counted (scrapy-playwright
    // retries a download whose page closed under it), so weak; it hides the
    // strong "has been closed" inside it on purpose.
    (
        "target page, context or browser has been closed",
        Permanent,
        Weak,
    ),
    ("browser has disconnected", Permanent, Strong),
    ("executable doesn't exist at", Permanent, Strong),
    ("failed to launch the browser process", Permanent, Strong),
    ("could not find chrome", Permanent, Strong),
    ("could not find expected browser", Permanent, Strong),
    ("host system is missing dependencies", Permanent, Strong),
    // Chromium's network errors.
    ("net::err_connection_refused", Transient, Strong),
    ("net::err_connection_reset", Transient, Strong),
    ("net::err_connection_closed", Transient, Strong),
    ("net::err_connection_timed_out", Transient, Strong),
    ("net::err_timed_out", Transient, Strong),
    ("net::err_address_unreachable", Transient, Strong),
    ("net::err_network_changed", Transient, Strong),
    ("net::err_internet_disconnected", Transient, Strong),
    ("net::err_empty_response", ServerDown, Strong),
    ("net::err_name_not_resolved", NotFound, Weak), // right 2 of 3 times it decided
    ("net::err_file_not_found", NotFound, Strong),
    ("net::err_cert", Permanent, Strong),
    ("net::err_ssl_protocol_error", Permanent, Strong),
    ("net::err_too_many_redirects", Permanent, Strong),
    // Firefox's network errors, as Playwright and Selenium report them.
    ("ns_error_connection_refused", Transient, Strong),
    ("ns_error_net_timeout", Transient, Strong),
    ("ns_error_net_reset", Transient, Strong),
    ("ns_error_net_interrupt", Transient, Strong),
    ("ns_error_unknown_host", NotFound, Strong),
    ("net::err_blocked_by_client", Permanent, Strong),
    ("net::err_invalid_url", Input, Strong),
    // What the drivers and the crawlers on top retry: scrapy-playwright
    // reads a page again while it navigates; Crawlee requeues a request
    // its domain throttles. Weak: rod waits while an element is covered,
    // but a cookie banner or a modal stays until someone closes it;
    // microlink's browserless retries a frame that is detached or asked
    // for too early once navigation settles, but a stale frame handle
    // fails every time; rod closes a page again while Chromium is not
    // attached to it, but a stale session stays so; Cypress reconnects a
    // socket caught closing, which by itself never reopens.
    ("is navigating and changing the content", Transient, Strong),
    ("is rate-limiting us", Transient, Strong),
    ("element covered by", Transient, Weak),
    (
        "execution context is not available in detached frame",
        Transient,
        Weak,
    ),
    ("requesting main frame too early", Transient, Weak),
    ("not attached to an active page", Transient, Weak),
    (
        "websocket is already in closing or closed state",
        Transient,
        Weak,
    ),
];
