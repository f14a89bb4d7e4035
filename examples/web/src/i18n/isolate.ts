// Unicode directional isolates for values placed inside a translated sentence that is a plain string (a
// document title, an option label, a function leaf of the catalogue): the string equivalent of
// `<bdi dir="ltr">` and `<bdi>`. In a right-to-left sentence a bare ticker, code or path next to punctuation
// would be reordered by the bidi algorithm ("(GET، 1" …); isolated, it keeps its own order and leaves the
// sentence's punctuation where the sentence puts it.

/** `value` as a left-to-right island (LRI … PDI): codes, paths, currency codes, numbers with units. */
export function ltr(value: string | number): string {
  return `\u2066${value}\u2069`;
}

/** `value` isolated with the direction of its first strong letter (FSI … PDI): text from elsewhere (a server message). */
export function isolated(value: string | number): string {
  return `\u2068${value}\u2069`;
}
