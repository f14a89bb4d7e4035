// The shapes every connect shares. Props are plain objects built by functions (`api.getRootProps()`): DOM
// attribute names (`id`, `role`, `tabindex`, `aria-*`, `data-*`, `hidden`), a `style` object in CSS-OM
// property names, and handlers named as DOM event properties (`onclick`, `onkeydown`). A renderer applies them
// as they are (`applyProps` in exkit) or renames them once (`normalizeProps` in exkit/react).

import { prop } from './fields.js';

/** Sends an event to the machine a connect reads. */
export type Send<E> = (event: E) => void;

/** Inline style values, keyed by CSS-OM property name (`zIndex`, `marginTop`); lengths carry their unit. */
export type StyleProps = { position?: 'fixed' | 'absolute' } & Partial<
  Record<'top' | 'bottom' | 'left' | 'right' | 'zIndex' | 'width' | 'maxWidth' | 'marginTop' | 'maxHeight' | 'minHeight', string | number>
>;

/** What a keyboard handler reads of an event: a DOM KeyboardEvent or a framework's wrapper around one. */
export interface KeyEventLike {
  key: string;
  isComposing?: boolean;
  nativeEvent?: { isComposing?: boolean };
  preventDefault(): void;
}

/** What an input handler reads of an event. */
export interface InputEventLike {
  target: EventTarget | null | { value: string };
}

/** What a handler that stops propagation reads of an event. */
export interface StoppableEventLike {
  stopPropagation(): void;
}

/** Whether a key event is part of an IME composition (its Enter picks a candidate, it does not submit); false for anything not an event. */
export function isComposing(event: KeyEventLike): boolean {
  return prop(event, 'isComposing') === true || prop(prop(event, 'nativeEvent'), 'isComposing') === true;
}

/** The text value of an input event's target ('' when it has none, or is not an event). */
export function inputValue(event: InputEventLike): string {
  const value = prop(prop(event, 'target'), 'value');
  return typeof value === 'string' ? value : '';
}

/** A snapshot (anything with `matches`) rather than an already derived view; false for anything unreadable. */
export function isSnapshot(value: unknown): value is { matches: (state: never) => boolean } {
  return typeof prop(value, 'matches') === 'function';
}
