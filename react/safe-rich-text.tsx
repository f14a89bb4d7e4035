import { useLayoutEffect, useRef } from 'react';
import type { CSSProperties, HTMLAttributes } from 'react';
import { RICH_TEXT_CONTAINER_STYLE, renderRichText } from '../core/content/render-rich-text.js';
import type { RenderRichTextOptions } from '../core/content/render-rich-text.js';

export interface SafeRichTextProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'>, RenderRichTextOptions {
  /** Untrusted HTML: it is sanitised here, with the page's window, before it reaches the page. */
  html: string;
}

// The container declarations carry one-word names, the same in CSS and in React's style object.
const CONTAINER_STYLE = RICH_TEXT_CONTAINER_STYLE as CSSProperties;

/** A list's identity for an effect: its items, not the array (an inline array is new on every render). */
const listKey = (list: readonly string[] | undefined) => (list === undefined ? '' : list.join('\n'));

/**
 * Rich text the documented way: a div that is the content's box (RICH_TEXT_CONTAINER_STYLE, so nothing inside
 * paints or takes clicks outside it) holding `html` as renderRichText sanitises it. The box is in the server
 * markup; the content is filled in before the browser paints.
 */
export function SafeRichText({ html, appSchemes, ownDomains, logger, allowedClasses, style, ...rest }: SafeRichTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  const schemes = listKey(appSchemes);
  const domains = listKey(ownDomains);
  const names = listKey(allowedClasses?.names);
  const prefixes = listKey(allowedClasses?.prefixes);
  useLayoutEffect(() => {
    // An option left undefined is read as not given.
    const options: RenderRichTextOptions = { appSchemes, ownDomains, logger, allowedClasses };
    // Stryker disable next-line ConditionalExpression: the div is always rendered, so React has set the ref before a layout effect runs.
    if (ref.current) renderRichText(ref.current, html, options);
    // The lists are compared by their items (see listKey), not by the arrays React is handed on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [html, schemes, domains, names, prefixes, logger]);
  return <div {...rest} ref={ref} style={style ? { ...style, ...CONTAINER_STYLE } : CONTAINER_STYLE} />;
}
