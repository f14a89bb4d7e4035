import { invalidArgument, isRecord } from '../core/validate/describe-value.js';

// React names some DOM attributes and handlers differently; the machines' connects use the DOM's names.

/** The DOM prop names React spells differently, and React's spelling. */
export interface ReactPropNames {
  onclick: 'onClick';
  onkeydown: 'onKeyDown';
  oninput: 'onChange';
  onpointerdown: 'onPointerDown';
  onpointerenter: 'onPointerEnter';
  onpointerleave: 'onPointerLeave';
  onfocus: 'onFocus';
  onblur: 'onBlur';
  tabindex: 'tabIndex';
  class: 'className';
  for: 'htmlFor';
  readonly: 'readOnly';
  maxlength: 'maxLength';
  autocomplete: 'autoComplete';
  inputmode: 'inputMode';
}

const REACT_NAMES: ReactPropNames & Record<string, string> = {
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
};

/** React's name for a DOM prop name (`onclick` → `onClick`); any other name as it is. */
export type ReactName<K> = K extends keyof ReactPropNames ? ReactPropNames[K] : K;

/** A connect's props under React's names (`onclick` → `onClick`, `tabindex` → `tabIndex`). */
export type ReactProps<T> = { [K in keyof T as ReactName<K>]: T[K] };

/** Renames a connect's DOM-named props to React's names; every other key and every value is kept as it is. */
export function normalizeProps<T extends object>(props: T): ReactProps<T> {
  if (!isRecord(props)) throw invalidArgument('props', 'an object of props', props, 'normalizeProps');
  let entries: [string, unknown][];
  try {
    entries = Object.entries(props);
  } catch (error) {
    throw invalidArgument('props', 'an object whose props can be read', props, 'normalizeProps', error);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) out[Object.hasOwn(REACT_NAMES, key) ? REACT_NAMES[key]! : key] = value;
  return out as ReactProps<T>;
}
