// The documented way to show rich text: sanitised, inside a box it cannot paint or take clicks outside of.
import { invalidArgument, readGuarded, readRecord } from '../validate/describe-value.js';
import { UnsafeDomWindowError } from './errors.js';
import { sanitizeRichText } from './sanitize-rich-text.js';
import type { RichTextOptions } from './sanitize-rich-text.js';

/**
 * The declarations that make an element the box rich text stays in: its painting is clipped to the box
 * (`contain: paint`, and `overflow: clip` for an engine that lacks containment), it is the containing block and
 * its own stacking context (`position: relative`, `isolation: isolate`), so no z-index inside reaches the page.
 * An app that renders sanitised HTML itself puts these on the element that holds it (RICH_TEXT_CONTAINER_CSS).
 */
export const RICH_TEXT_CONTAINER_STYLE: Readonly<Record<string, string>> = Object.freeze({
  contain: 'paint',
  overflow: 'clip',
  position: 'relative',
  isolation: 'isolate',
});

/** RICH_TEXT_CONTAINER_STYLE as one CSS declaration list, for a `style` attribute or a stylesheet rule. */
export const RICH_TEXT_CONTAINER_CSS: string = Object.entries(RICH_TEXT_CONTAINER_STYLE)
  .map(([property, value]) => `${property}: ${value}`)
  .join('; ');

/** sanitizeRichText's options without `window`: renderRichText sanitises with the element's own window. */
export type RenderRichTextOptions = Omit<RichTextOptions, 'window'>;

const OWNER = 'renderRichText';

interface ContainerElement {
  ownerDocument: { defaultView: RichTextOptions['window'] | null } | null;
  style: { setProperty(name: string, value: string, priority?: string): void };
  innerHTML: string;
}

/**
 * Sanitises `html` with `element`'s window, makes `element` its box (RICH_TEXT_CONTAINER_STYLE, set inline and
 * `!important` so no stylesheet undoes it) and puts the result inside, replacing what `element` held. Returns
 * the sanitised HTML. InvalidArgumentError for an `element` that is not a DOM element or for bad options;
 * UnsafeDomWindowError for an element with no window (a detached document's) or a window that cannot sanitise.
 */
export function renderRichText(element: Element, html: string, options?: RenderRichTextOptions): string {
  const target = element as unknown as ContainerElement;
  const window = readGuarded('element', 'a DOM element', element, OWNER, () => {
    if (
      target === null ||
      typeof target !== 'object' ||
      typeof target.style?.setProperty !== 'function' ||
      typeof target.innerHTML !== 'string'
    ) {
      throw invalidArgument('element', 'a DOM element', element, OWNER);
    }
    return target.ownerDocument?.defaultView;
  });
  const text = readGuarded('html', 'a string', html, OWNER, () => String(html));
  const rest = readRecord('options', options, OWNER, {});
  if (window === null || window === undefined) {
    throw new UnsafeDomWindowError(`${OWNER}: the element's document has no window to sanitise with`);
  }
  const clean = sanitizeRichText(text, { ...rest, window });
  for (const [property, value] of Object.entries(RICH_TEXT_CONTAINER_STYLE)) target.style.setProperty(property, value, 'important');
  target.innerHTML = clean;
  return clean;
}
