// Applies a connect's props (exkit/machines' `connectX(...).getXProps()`) to a DOM element, for renderers
// without a framework. Props use DOM names: attributes, a `style` object, and `on<event>` handlers.

const listeners = new WeakMap<Element, Map<string, EventListener>>();

/**
 * Sets `props` on `element`, replacing what an earlier call set: an `on<event>` function becomes the one
 * listener for that event; `style` is merged into the inline style; `value` and `checked` are set as
 * properties; `aria-*` and `data-*` booleans are written as "true"/"false"; any other `true` is an empty
 * attribute and `false`, `undefined` or `null` removes the attribute.
 */
export function applyProps(element: HTMLElement, props: object): void {
  let own = listeners.get(element);
  if (!own) listeners.set(element, (own = new Map()));
  for (const [key, value] of Object.entries(props)) {
    if (key.startsWith('on') && key === key.toLowerCase()) {
      const type = key.slice(2);
      const previous = own.get(type);
      if (previous) element.removeEventListener(type, previous);
      if (typeof value === 'function') {
        element.addEventListener(type, value as EventListener);
        own.set(type, value as EventListener);
      } else own.delete(type);
    } else if (key === 'style') {
      Object.assign(element.style, value as object);
    } else if (key === 'value' || key === 'checked') {
      (element as unknown as Record<string, unknown>)[key] = value;
    } else if (value === undefined || value === null || (value === false && !/^(aria|data)-/.test(key))) {
      element.removeAttribute(key);
    } else {
      element.setAttribute(key, value === true && !/^(aria|data)-/.test(key) ? '' : String(value));
    }
  }
}
