//! Map servers and raster reads over object stores: MapServer's request errors as wrong calls, and the range reads GDAL and SlideRule retry as blips.
//!
//! Sources:
//!
//! - MapServer names the kind of every error after the function that
//!   raised it (`maperror.c`'s `ms_errorCodes`): "WMS server error.",
//!   "WFS server error.", "WCS server error." and "Web application error."
//!   are a request the service refuses (too many layers, an update
//!   sequence ahead of the server's, a sort the layer cannot do, a layer it
//!   does not offer, a size over MAXSIZE), the same on every retry; the
//!   autotests' expected exceptions show each (an earlier round held the
//!   WCS form as weak; three more kinds made it a family, now strong). Only the form after a
//!   function's "(): " counts, and "WMS connection error." (a cascaded
//!   server that did not answer) is not one of them.
//! - GDAL's `/vsicurl/` reports a range request that got no answer as
//!   "failed with response_code=0"; its maintainers point to
//!   `GDAL_HTTP_RETRY_CODES` for it.
//! - SlideRule's S3 reads print "cURL fixed request to S3 failed" and
//!   "cURL called failed when performing request" for connections that
//!   dropped, which its maintainers retry since 1.5.5.

use super::Category::{Input, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("(): wms server error.", Input, Strong),
    ("(): wfs server error.", Input, Strong),
    ("(): wcs server error.", Input, Strong),
    ("(): web application error.", Input, Strong),
    ("failed with response_code=0", ServerDown, Weak),
    ("curl fixed request to s3 failed", Transient, Weak),
    (
        "curl called failed when performing request",
        Transient,
        Weak,
    ),
];
