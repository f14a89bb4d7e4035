// Applies a connect's props (exkit/machines' `connectX(...).getXProps()`) to a DOM element, for renderers
// without a framework. Props use DOM names: attributes, a `style` object, and `on<event>` handlers.
import { expectObjectWith, invalidArgument, readGuarded, readRecord } from '../validate/describe-value.js';

const listeners = new WeakMap<Element, Map<string, EventListener>>();

const OWNER = 'applyProps';
const ELEMENT_MEMBERS = ['style', 'setAttribute', 'removeAttribute', 'addEventListener', 'removeEventListener'] as const;

/** The text of an attribute value: a string, a number or a boolean; anything else names the prop. */
function attributeText(key: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  throw invalidArgument(`props.${key}`, 'a string, number or boolean', value, OWNER);
}

/** An event prop (`onclick`, `onClick`, `ONCLICK`): the DOM lower-cases attribute names, so any case is one. */
const isEventProp = (key: string) => /^on/i.test(key);

/**
 * Sets `props` on `element`, replacing what an earlier call set: an `on<event>` prop (any case: `onclick`,
 * `onClick`) takes a function, which becomes the one listener for that event, or `undefined`/`null`, which
 * removes it; a string or any other value is refused, so no inline handler attribute is ever written. `style`
 * is merged into the inline style; `value` and `checked` are set as properties; `aria-*` and `data-*` booleans
 * are written as "true"/"false"; any other `true` is an empty attribute and `false`, `undefined` or `null`
 * removes the attribute. InvalidArgumentError naming `element`, `props` or `props.<key>` for an element without
 * the DOM's methods, unreadable props, an event prop that is not a function, or a value no attribute can hold
 * (a symbol, an object): such a value is found before anything is applied. A name the DOM refuses ('a b') is
 * found as it is applied, so the props before it are already set.
 */
export function applyProps(element: HTMLElement, props: object): void {
  expectObjectWith('element', element, OWNER, ELEMENT_MEMBERS);
  const entries = Object.entries(readRecord('props', props, OWNER));
  // Every value is judged before the first is applied: a refused call changes nothing.
  for (const [key, value] of entries) {
    if (isEventProp(key)) {
      if (value !== undefined && value !== null && typeof value !== 'function')
        throw invalidArgument(`props.${key}`, 'an event listener function (an inline handler text is never written)', value, OWNER);
    } else if (key === 'style') {
      if (value !== undefined && value !== null) readRecord(`props.${key}`, value as object, OWNER);
    } else if (key !== 'value' && key !== 'checked' && value !== undefined && value !== null) {
      attributeText(key, value);
    }
  }
  let own = listeners.get(element);
  if (!own) listeners.set(element, (own = new Map()));
  for (const [key, value] of entries) {
    const field = `props.${key}`;
    if (isEventProp(key)) {
      const type = key.slice(2).toLowerCase();
      const previous = own.get(type);
      readGuarded(field, 'an event listener the element accepts', value, OWNER, () => {
        // Stryker disable next-line ConditionalExpression: removing no listener (undefined) is a no-op for every EventTarget.
        if (previous) element.removeEventListener(type, previous);
        if (typeof value === 'function') element.addEventListener(type, value as EventListener);
      });
      if (typeof value === 'function') own.set(type, value as EventListener);
      else own.delete(type);
    } else if (key === 'style') {
      if (value === undefined || value === null) continue;
      const style = readRecord(field, value as object, OWNER);
      readGuarded(field, 'style values the element accepts', value, OWNER, () => Object.assign(element.style, style));
    } else if (key === 'value' || key === 'checked') {
      readGuarded(field, 'a value the element accepts', value, OWNER, () => {
        (element as unknown as Record<string, unknown>)[key] = value;
      });
    } else if (value === undefined || value === null || (value === false && !/^(aria|data)-/.test(key))) {
      readGuarded(field, 'a valid attribute name', key, OWNER, () => element.removeAttribute(key));
    } else {
      const text = value === true && !/^(aria|data)-/.test(key) ? '' : attributeText(key, value);
      // setAttribute throws the DOM's InvalidCharacterError for a name like 'a b': the prop is named instead.
      readGuarded(field, 'a valid attribute name', key, OWNER, () => element.setAttribute(key, text));
    }
  }
}
