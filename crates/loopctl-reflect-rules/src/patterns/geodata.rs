//! Map servers and raster reads over object stores: MapServer's request errors as wrong calls, and the range reads GDAL and SlideRule retry as blips.
//!
//! Sources:
//!
//! - MapServer names the kind of every error after the function that
//!   raised it (`maperror.c`'s `ms_errorCodes`): "WMS server error.",
//!   "WFS server error.", "WCS server error." and "Web application error."
//!   are most often a request the service refuses (too many layers, an update
//!   sequence ahead of the server's, a sort the layer cannot do, a layer it
//!   does not offer, a size over MAXSIZE), the same on every retry; the
//!   autotests' expected exceptions show each. Only the form after a
//!   function's "(): " counts. MapServer chains its errors, and a
//!   cascaded server's 503 or 504 or a database that refused the
//!   connection is also recorded as "WMS server error." or "WFS server
//!   error." (`mapwmslayer.c`, `mapwfs.cpp`), where the passing words
//!   beside it must win. So the WMS kind counts only after the functions
//!   that read a request (GetMap's parameters, GetCapabilities,
//!   GetFeatureInfo), weakly; the WFS kind not at all, since its
//!   GetFeature raises it over a database failure too. The WCS and web
//!   application kinds are raised for requests and parameters only
//!   (`mapwcs.cpp`, `mapservutil.c`), and stay strong.
//! - GDAL's `/vsicurl/` reports a range request that got no answer as
//!   "failed with response_code=0", a server that went away mid-read
//!   (OSGeo/gdal#11552); that path had no retry of its own, so a fresh
//!   run is the retry.
//! - SlideRule's S3 reads print "cURL fixed request to S3 failed" and
//!   "cURL called failed when performing request" for connections that
//!   dropped, which its maintainers retry since 1.5.5.

use super::Category::{Input, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("mswmsloadgetmapparams(): wms server error.", Input, Weak),
    ("mswmsgetcapabilities(): wms server error.", Input, Weak),
    ("mswmsfeatureinfo(): wms server error.", Input, Weak),
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
