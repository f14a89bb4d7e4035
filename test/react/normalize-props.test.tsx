import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../core/errors/exkit-error.js';
import { normalizeProps } from '../../react/normalize-props.js';
import { invalid } from '../support/invalid-argument.js';

describe('normalizeProps renames DOM prop names to React names', () => {
  it('every DOM name React spells differently gets exactly React spelling, with its value kept', () => {
    const handler = () => undefined;
    const props = {
      onclick: handler,
      onkeydown: handler,
      oninput: handler,
      onpointerdown: handler,
      onpointerenter: handler,
      onpointerleave: handler,
      onfocus: handler,
      onblur: handler,
      tabindex: -1,
      class: 'c',
      for: 'f',
      readonly: true,
      maxlength: 8,
      autocomplete: 'off',
      inputmode: 'decimal',
    };
    expect(normalizeProps(props)).toStrictEqual({
      onClick: handler,
      onKeyDown: handler,
      onChange: handler,
      onPointerDown: handler,
      onPointerEnter: handler,
      onPointerLeave: handler,
      onFocus: handler,
      onBlur: handler,
      tabIndex: -1,
      className: 'c',
      htmlFor: 'f',
      readOnly: true,
      maxLength: 8,
      autoComplete: 'off',
      inputMode: 'decimal',
    });
  });

  it('any other key, including inherited object names, is kept as it is', () => {
    expect(normalizeProps({ id: 'x', 'aria-label': 'l', toString: 1, role: 'dialog' })).toStrictEqual({
      id: 'x',
      'aria-label': 'l',
      toString: 1,
      role: 'dialog',
    });
  });

  it('a value that is not an object of props is refused with InvalidArgumentError naming props', () => {
    for (const bad of [null, undefined, 1, 'onclick', [] as unknown]) {
      expect(() => normalizeProps(bad as object), String(bad)).toThrow(invalid('props'));
    }
    expect(() => normalizeProps(null as unknown as object)).toThrow(
      invalid('props', 'normalizeProps: props must be an object of props, got null'),
    );
  });

  it('props whose keys cannot be read are refused with InvalidArgumentError naming props, with the cause kept', () => {
    const cause = new Error('no keys');
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw cause;
        },
      },
    );
    let thrown: unknown;
    try {
      normalizeProps(hostile);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidArgumentError);
    expect(thrown).toEqual(invalid('props'));
    expect((thrown as Error).message).toBe('normalizeProps: props must be an object whose props can be read, got an object');
    expect((thrown as Error).cause).toBe(cause);
  });
});
