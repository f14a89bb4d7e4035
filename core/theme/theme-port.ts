import type { DomPort } from '../platform/types.js';
import { readRecord } from '../validate/describe-value.js';

/** Where the theme value lives on the page. Tests and other runtimes pass their own. */
export interface ThemePort {
  /** Applies a theme value (such as 'black' or 'white'). */
  apply(theme: string): void;
  /** The theme applied now, if any. */
  current(): string | undefined;
}

export type RootThemeOptions =
  /** Sets an attribute on the root element, `data-theme="black"` by default. */
  | { attribute?: string; classPrefix?: undefined }
  /** Sets one class on the root element, `${classPrefix}${theme}`, removing the class of the previous theme. */
  | { classPrefix: string; attribute?: undefined };

/** The theme attribute on the root element when no option says otherwise. */
export const DEFAULT_THEME_ATTRIBUTE = 'data-theme';

/** A theme port that writes the theme onto the document's root element, as an attribute or a class. */
export function rootThemePort(dom: DomPort, options: RootThemeOptions = {}): ThemePort {
  options = readRecord('options', options, 'rootThemePort');
  const root = () => dom.document.documentElement;
  if (options.classPrefix !== undefined) {
    const prefix = options.classPrefix;
    const read = () => [...root().classList].find((name) => name.startsWith(prefix) && name.length > prefix.length)?.slice(prefix.length);
    return {
      apply(theme) {
        const list = root().classList;
        for (const name of [...list]) if (name.startsWith(prefix) && name !== prefix + theme) list.remove(name);
        list.add(prefix + theme);
      },
      current: read,
    };
  }
  const attribute = options.attribute ?? DEFAULT_THEME_ATTRIBUTE;
  return {
    apply: (theme) => root().setAttribute(attribute, theme),
    current: () => root().getAttribute(attribute) ?? undefined,
  };
}

/** A theme port that only remembers the value (for runtimes without a DOM, and tests). */
export function memoryThemePort(initial?: string): ThemePort & { readonly applied: string[] } {
  let theme = initial;
  const applied: string[] = [];
  return {
    applied,
    apply(next) {
      theme = next;
      applied.push(next);
    },
    current: () => theme,
  };
}
