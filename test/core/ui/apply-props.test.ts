// @vitest-environment jsdom
// applyProps: a connect's props on a DOM element without a framework. Event props become the one listener for
// their event (never an inline handler), style merges, value and checked are properties, aria-/data- booleans are
// text, other booleans are present or absent; anything refused is found before the first prop is applied.
import { describe, expect, it } from 'vitest';
import { applyProps } from '../../../core/ui/apply-props.js';
import { jsdomPort } from './dom.js';
import { invalid } from '../../support/invalid-argument.js';

function element(tag = 'div'): HTMLElement {
  const { document: doc } = jsdomPort();
  const el = doc.createElement(tag);
  doc.body.append(el);
  return el;
}

/** An object with the element members applyProps needs, each doing nothing unless `fields` says otherwise. */
function fakeElement(fields: object): HTMLElement {
  const noop = () => undefined;
  const base = { style: {}, setAttribute: noop, removeAttribute: noop, addEventListener: noop, removeEventListener: noop };
  return Object.defineProperties(base, Object.getOwnPropertyDescriptors(fields)) as unknown as HTMLElement;
}

describe('applyProps: attributes', () => {
  it('strings, numbers and bigints are written as text', () => {
    const el = element();
    applyProps(el, { id: 'x', tabindex: 0, 'data-size': 10n, title: '' });
    expect(el.getAttribute('id')).toBe('x');
    expect(el.getAttribute('tabindex')).toBe('0');
    expect(el.getAttribute('data-size')).toBe('10');
    expect(el.getAttribute('title')).toBe('');
  });

  it('true is an empty attribute and false removes it, except aria-* and data-*, which are written "true"/"false"', () => {
    const el = element();
    el.setAttribute('hidden', '');
    applyProps(el, { disabled: true, hidden: false, 'aria-expanded': false, 'aria-modal': true, 'data-open': false, 'data-x': true });
    expect(el.getAttribute('disabled')).toBe('');
    expect(el.hasAttribute('hidden')).toBe(false);
    expect(el.getAttribute('aria-expanded')).toBe('false');
    expect(el.getAttribute('aria-modal')).toBe('true');
    expect(el.getAttribute('data-open')).toBe('false');
    expect(el.getAttribute('data-x')).toBe('true');
  });

  it('a name that only contains aria or data is an ordinary attribute', () => {
    const el = element();
    el.setAttribute('database', 'x');
    applyProps(el, { 'x-aria-y': true, 'x-data-y': false, metadata: true, database: false, ariadne: true, aria: true, data: false });
    expect(el.getAttribute('x-aria-y')).toBe('');
    expect(el.hasAttribute('x-data-y')).toBe(false);
    expect(el.getAttribute('metadata')).toBe('');
    expect(el.hasAttribute('database')).toBe(false);
    expect(el.getAttribute('ariadne')).toBe('');
    expect(el.getAttribute('aria')).toBe('');
    expect(el.hasAttribute('data')).toBe(false);
  });

  it('undefined and null remove an attribute, aria-* and data-* included', () => {
    const el = element();
    applyProps(el, { role: 'dialog', 'aria-label': 'x', 'data-k': 'v' });
    applyProps(el, { role: undefined, 'aria-label': null, 'data-k': undefined });
    expect(el.hasAttribute('role')).toBe(false);
    expect(el.hasAttribute('aria-label')).toBe(false);
    expect(el.hasAttribute('data-k')).toBe(false);
  });

  it('a value no attribute can hold is refused before anything is applied', () => {
    const el = element();
    for (const value of [{}, [], Symbol('s'), () => 1]) {
      expect(() => applyProps(el, { id: 'set-first', title: value })).toThrow(
        invalid('props.title', expect.stringContaining('applyProps: props.title must be a string, number or boolean')),
      );
    }
    expect(el.hasAttribute('id')).toBe(false);
  });

  it('an attribute whose name holds "on" later in it is an attribute, not an event', () => {
    const el = element();
    applyProps(el, { 'aria-controls': 'menu', role: 'button' });
    expect(el.getAttribute('aria-controls')).toBe('menu');
  });

  it('an element that refuses to remove an attribute is named', () => {
    const el = fakeElement({
      removeAttribute() {
        throw new Error('no');
      },
    });
    expect(() => applyProps(el, { hidden: false })).toThrow(
      invalid('props.hidden', 'applyProps: props.hidden must be a valid attribute name, got "hidden"'),
    );
  });

  it('a name the DOM refuses is named as props.<name>, and the props before it are set', () => {
    const el = element();
    expect(() => applyProps(el, { id: 'kept', 'a b': 'x' })).toThrow(
      invalid('props.a b', 'applyProps: props.a b must be a valid attribute name, got "a b"'),
    );
    expect(el.getAttribute('id')).toBe('kept');
  });
});

describe('applyProps: style, value and checked', () => {
  it('style is merged into the inline style; undefined or null leaves it', () => {
    const el = element();
    el.style.color = 'red';
    applyProps(el, { style: { zIndex: '2001' } });
    applyProps(el, { style: undefined });
    applyProps(el, { style: null });
    expect(el.style.color).toBe('red');
    expect(el.style.zIndex).toBe('2001');
    expect(el.hasAttribute('undefined')).toBe(false);
  });

  it('a style that is not an object is refused, naming props.style', () => {
    const el = element();
    expect(() => applyProps(el, { id: 'x', style: 'color:red' })).toThrow(invalid('props.style'));
    expect(el.hasAttribute('id')).toBe(false);
  });

  it('a style the element refuses is named', () => {
    const el = element();
    const style = Object.defineProperty({}, 'color', { enumerable: true, value: 'red' });
    const frozen = Object.create(el, { style: { value: Object.freeze({}) } }) as HTMLElement;
    expect(() => applyProps(frozen, { style })).toThrow(
      invalid('props.style', expect.stringContaining('style values the element accepts')),
    );
  });

  it('value and checked are set as properties, not attributes, whatever their type', () => {
    const input = element('input') as HTMLInputElement;
    input.type = 'checkbox';
    applyProps(input, { value: 'on-value', checked: true });
    expect(input.value).toBe('on-value');
    expect(input.checked).toBe(true);
    expect(input.hasAttribute('checked')).toBe(false);
    applyProps(input, { checked: false });
    expect(input.checked).toBe(false);
  });

  it('value and checked take any value, an object included, as it is', () => {
    const set: unknown[] = [];
    const choice = { id: 7 };
    const el = fakeElement({
      set value(v: unknown) {
        set.push(v);
      },
      set checked(v: unknown) {
        set.push(v);
      },
    });
    applyProps(el, { value: choice, checked: [1] });
    expect(set).toEqual([choice, [1]]);
  });

  it('a value the element refuses is named as props.value', () => {
    const el = fakeElement({
      set value(_text: unknown) {
        throw new Error('read-only');
      },
    });
    expect(() => applyProps(el, { value: 'x' })).toThrow(invalid('props.value', expect.stringContaining('a value the element accepts')));
  });
});

describe('applyProps: event props', () => {
  it('a function becomes the one listener of its event, in any case of the name; a later one replaces it', () => {
    const el = element();
    const seen: string[] = [];
    applyProps(el, { onClick: () => seen.push('first') });
    applyProps(el, { ONCLICK: () => seen.push('second') });
    el.dispatchEvent(new Event('click'));
    expect(seen).toEqual(['second']);
    expect(el.hasAttribute('onclick')).toBe(false);
  });

  it('undefined or null removes the listener', () => {
    const el = element();
    const seen: string[] = [];
    applyProps(el, { onkeydown: () => seen.push('key') });
    applyProps(el, { onkeydown: null });
    el.dispatchEvent(new Event('keydown'));
    applyProps(el, { onkeydown: () => seen.push('again') });
    applyProps(el, { onKeyDown: undefined });
    el.dispatchEvent(new Event('keydown'));
    expect(seen).toEqual([]);
  });

  it('listeners of different events and elements are kept apart', () => {
    const a = element();
    const b = element();
    const seen: string[] = [];
    applyProps(a, { onclick: () => seen.push('a click'), onfocus: () => seen.push('a focus') });
    applyProps(b, { onclick: () => seen.push('b click') });
    applyProps(a, { onclick: null });
    a.dispatchEvent(new Event('click'));
    a.dispatchEvent(new Event('focus'));
    b.dispatchEvent(new Event('click'));
    expect(seen).toEqual(['a focus', 'b click']);
  });

  it('an inline handler text is refused and never written; nothing else of the call is applied', () => {
    const el = element();
    expect(() => applyProps(el, { id: 'x', onclick: 'alert(1)' })).toThrow(
      invalid(
        'props.onclick',
        'applyProps: props.onclick must be an event listener function (an inline handler text is never written), got "alert(1)"',
      ),
    );
    expect(() => applyProps(el, { OnError: 1 })).toThrow(invalid('props.OnError'));
    expect(el.hasAttribute('onclick')).toBe(false);
    expect(el.hasAttribute('id')).toBe(false);
  });

  it('an element that refuses the listener is named', () => {
    const el = fakeElement({
      addEventListener() {
        throw new Error('no');
      },
    });
    expect(() => applyProps(el, { onclick: () => undefined })).toThrow(
      invalid('props.onclick', expect.stringContaining('an event listener the element accepts')),
    );
  });
});

describe('applyProps: what it is given', () => {
  it('an element without the DOM methods is an InvalidArgumentError naming the missing one', () => {
    expect(() => applyProps({ style: {} } as never, {})).toThrow(invalid('element.setAttribute'));
    expect(() => applyProps(null as never, {})).toThrow(invalid('element'));
  });

  it('props that are not an object are refused, naming props', () => {
    expect(() => applyProps(element(), null as never)).toThrow(invalid('props'));
  });
});
