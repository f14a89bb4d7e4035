// React names some DOM attributes and handlers differently; the machines' connects use the DOM's names.
const REACT_NAMES = {
  onclick: 'onClick',
  onkeydown: 'onKeyDown',
  // React's onChange of a text field fires on every input, as the DOM's `input` event does.
  oninput: 'onChange',
  onpointerdown: 'onPointerDown',
  onpointerenter: 'onPointerEnter',
  onpointerleave: 'onPointerLeave',
  onfocus: 'onFocus',
  onblur: 'onBlur',
  tabindex: 'tabIndex',
  class: 'className',
  for: 'htmlFor',
  readonly: 'readOnly',
  maxlength: 'maxLength',
  autocomplete: 'autoComplete',
  inputmode: 'inputMode',
} as const;

type ReactName<K> = K extends keyof typeof REACT_NAMES ? (typeof REACT_NAMES)[K] : K;

/** A connect's props under React's names (`onclick` → `onClick`, `tabindex` → `tabIndex`). */
export type ReactProps<T> = { [K in keyof T as ReactName<K>]: T[K] };

/** Renames a connect's DOM-named props to React's names; every other key and every value is kept as it is. */
export function normalizeProps<T extends object>(props: T): ReactProps<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) out[(REACT_NAMES as Record<string, string>)[key] ?? key] = value;
  return out as ReactProps<T>;
}
