// What a reader counts as one character: a grapheme cluster (an emoji with its modifiers and joiners, a letter
// with its combining marks, a flag), as Intl.Segmenter splits text. Where the host has no Intl.Segmenter, code
// points stand in: an emoji outside the BMP still counts as one, a family emoji or a flag counts as several.

let segmenter: Intl.Segmenter | null | undefined;

// Printable characters before the combining marks (U+0300): each is one UTF-16 unit and a grapheme of its own
// (no mark, joiner or surrogate can join it), so text made only of them needs no segmenter, which is slow.
const SIMPLE = /^[\x20-\x7E\u00A0-\u02FF]*$/;

function graphemeSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter =
      // Stryker disable next-line ObjectLiteral: grapheme is Intl.Segmenter's default granularity, so {} splits the same
      typeof Intl === 'object' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

/** The user-perceived characters of `text`, in order (code points where Intl.Segmenter is missing). */
export function graphemes(text: string): string[] {
  if (SIMPLE.test(text)) return text.split('');
  const split = graphemeSegmenter();
  return split ? Array.from(split.segment(text), (s) => s.segment) : Array.from(text);
}

/** How many user-perceived characters `text` holds: an emoji is one. */
export function graphemeCount(text: string): number {
  return SIMPLE.test(text) ? text.length : graphemes(text).length;
}

/** The first `max` user-perceived characters of `text` (all of it when it is that short). */
export function truncateGraphemes(text: string, max: number): string {
  if (SIMPLE.test(text)) return text.slice(0, max);
  const parts = graphemes(text);
  return parts.length <= max ? text : parts.slice(0, max).join('');
}
