/** A high surrogate with no low one after it, or a low one with no high one before it (UTF-16 code units). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `encodeURIComponent` that cannot throw. A lone surrogate (typed, pasted, kept on the device, or
 * left by a `slice` that cut a pair in half) made the native one throw "URI malformed", and the
 * Tasks page with it; it becomes U+FFFD first, as a UTF-8 file or the address bar would show it.
 */
export const encodeUriComponentSafe = (text: string): string => encodeURIComponent(text.replace(LONE_SURROGATE, '\ufffd'));
