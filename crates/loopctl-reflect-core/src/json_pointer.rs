//! JSON Pointer tokens (RFC 6901): the one place object keys are escaped into a pointer.

use std::borrow::Cow;

/// `key` as a JSON Pointer reference token: `~` written `~0` and `/`
/// written `~1`; borrowed when there is nothing to escape.
///
/// ```
/// use loopctl_reflect_core::pointer_token;
///
/// assert_eq!(pointer_token("a/b~c"), "a~1b~0c");
/// assert_eq!(pointer_token("plain"), "plain");
/// ```
pub fn pointer_token(key: &str) -> Cow<'_, str> {
    if key.contains(['~', '/']) {
        Cow::Owned(key.replace('~', "~0").replace('/', "~1"))
    } else {
        Cow::Borrowed(key)
    }
}

/// Appends `/` and `key`'s token to `pointer`.
///
/// ```
/// use loopctl_reflect_core::push_pointer_token;
///
/// let mut pointer = String::from("/payment");
/// push_pointer_token(&mut pointer, "to/from");
/// assert_eq!(pointer, "/payment/to~1from");
/// ```
pub fn push_pointer_token(pointer: &mut String, key: &str) {
    pointer.push('/');
    pointer.push_str(&pointer_token(key));
}
