// @vitest-environment jsdom
// The example's action buttons as form submits: every click goes through exkit's button machine, a click the
// form's fields refuse starts nothing (so it does not load and the visitor's corrected submit right after it
// is taken), and a double-click on an accepted submit runs the action once. The example imports `exkit` by
// name, which resolves to the built dist/ (npm test builds it first).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionButton, DOUBLE_CLICK_MS } from '../../examples/web/src/components/action-button.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

beforeEach(() => {
  vi.useFakeTimers();
});

/** A one-field form whose submit needs a non-empty name and sends it through `send`. */
function NameForm({ send }: { send: (name: string) => unknown }) {
  const [name, setName] = useState('');
  const [refused, setRefused] = useState(0);
  return createElement(
    'form',
    { onSubmit: (event: Event) => event.preventDefault() },
    createElement('input', { 'aria-label': 'Name', value: name, onChange: (e: { target: HTMLInputElement }) => setName(e.target.value) }),
    createElement('output', { 'data-testid': 'refused' }, String(refused)),
    createElement(ActionButton, {
      type: 'submit',
      accepts: () => {
        if (name !== '') return true;
        setRefused((n) => n + 1);
        return false;
      },
      action: () => send(name),
      children: 'Send',
    }),
  );
}

const button = () => screen.getByRole('button', { name: 'Send' });
const deferred = () => {
  let settle!: () => void;
  const promise = new Promise<void>((done) => (settle = done));
  return { promise, settle };
};

describe('ActionButton as a form submit', () => {
  it('a submit the fields refuse runs nothing and does not load, so a corrected submit right after it is sent', () => {
    const send = vi.fn(() => deferred().promise);
    render(createElement(NameForm, { send }));
    fireEvent.click(button());
    expect(screen.getByTestId('refused').textContent).toBe('1');
    expect(send).not.toHaveBeenCalled();
    expect(button().getAttribute('aria-busy')).toBe('false');
    // Well inside the double-click interval: the refused click holds nothing.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ada' } });
    fireEvent.click(button());
    expect(send.mock.calls).toEqual([['ada']]);
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().hasAttribute('data-loading')).toBe(true);
  });

  it('a double-click on an accepted submit sends once; a click after the send settles sends again', async () => {
    const calls: Array<{ name: string; settle: () => void }> = [];
    const send = (name: string) => {
      const { promise, settle } = deferred();
      calls.push({ name, settle });
      return promise;
    };
    render(createElement(NameForm, { send }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ada' } });
    fireEvent.click(button());
    fireEvent.click(button());
    expect(calls.map((c) => c.name)).toEqual(['ada']);
    // Still in flight after the double-click interval: clicks are ignored until the send settles.
    await act(() => vi.advanceTimersByTimeAsync(DOUBLE_CLICK_MS * 2));
    fireEvent.click(button());
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.settle());
    expect(button().getAttribute('aria-busy')).toBe('false');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'grace' } });
    fireEvent.click(button());
    expect(calls.map((c) => c.name)).toEqual(['ada', 'grace']);
  });

  it('an action that ends at once still takes the second click of a double-click as part of the first', async () => {
    const send = vi.fn();
    render(createElement(NameForm, { send }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ada' } });
    fireEvent.click(button());
    await act(() => vi.advanceTimersByTimeAsync(DOUBLE_CLICK_MS - 1));
    fireEvent.click(button());
    expect(send).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    fireEvent.click(button());
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a refused submit that a double-click repeats is checked twice and sends nothing', () => {
    const send = vi.fn();
    render(createElement(NameForm, { send }));
    fireEvent.click(button());
    fireEvent.click(button());
    expect(screen.getByTestId('refused').textContent).toBe('2');
    expect(send).not.toHaveBeenCalled();
  });
});
