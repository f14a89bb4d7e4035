/**
 * A left-to-right island inside a plain-text string (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL
 * ISOLATE): the string equivalent of `<bdi dir="ltr">`, for texts that cannot carry markup (a toast, a
 * placeholder). In an Arabic sentence "0.01 BTC" then keeps its number before its unit.
 */
export const ltr = (text: string): string => `\u2066${text}\u2069`;
