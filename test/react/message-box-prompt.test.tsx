// The prompt box as MessageBoxHost renders it: typing stops at maxLength (counted in graphemes), the counter and
// the error are marked up as the input's description, and no keystroke is lost while the input waits for focus.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import type { MessageBoxOptions, MessageBoxResult } from '../../machines/index.js';
import { ExkitProvider, MessageBoxHost, useMessageBox } from '../../react/index.js';

afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
});

function openPrompt(options: Omit<MessageBoxOptions, 'kind' | 'message'>) {
  const platform = memoryPlatform({ dom: { window, document } });
  const ui = createUiKit(platform, { isolatedToaster: true });
  const results: MessageBoxResult[] = [];
  function Opener() {
    const box = useMessageBox();
    return <button onClick={() => void box.prompt('Nickname', options).then((r) => results.push(r))}>ask</button>;
  }
  const wrap = (children: ReactNode) => <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>;
  render(
    wrap(
      <>
        <Opener />
        <MessageBoxHost />
      </>,
    ),
  );
  fireEvent.click(screen.getByText('ask'));
  const input = screen.getByRole('textbox') as HTMLInputElement;
  return { platform, input, results };
}

const counterOf = () => document.querySelector('[data-exkit-counter]')!;

describe('MessageBoxHost prompt', () => {
  it('maxLength 8 stops typing: a ninth character leaves the field at 8, and the counter reads 8/8', async () => {
    const { input, platform, results } = openPrompt({ maxLength: 8 });
    fireEvent.change(input, { target: { value: '12345678' } });
    fireEvent.change(input, { target: { value: '123456789' } });
    expect([input.value, counterOf().textContent]).toEqual(['12345678', '8/8']);
    expect(counterOf().hasAttribute('data-exceeded')).toBe(false);
    // A paste into an empty field is cut to the limit.
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: 'abcdefghijklmnop' } });
    expect([input.value, counterOf().textContent]).toEqual(['abcdefgh', '8/8']);
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => platform.advanceAsync(200));
    expect(results).toEqual([{ action: 'confirm', value: 'abcdefgh' }]);
  });

  it("the input's direction follows what is typed (dir=auto): Latin text stays in order on a right-to-left page", () => {
    const { input } = openPrompt({});
    expect(input.getAttribute('dir')).toBe('auto');
  });

  it('the counter counts an emoji as one character', () => {
    const { input } = openPrompt({ maxLength: 3 });
    fireEvent.change(input, { target: { value: '👍🏽🇯🇵' } });
    expect(counterOf().textContent).toBe('2/3');
    fireEvent.change(input, { target: { value: '👍🏽🇯🇵👨‍👩‍👧' } });
    fireEvent.change(input, { target: { value: '👍🏽🇯🇵👨‍👩‍👧x' } });
    expect([input.value, counterOf().textContent]).toEqual(['👍🏽🇯🇵👨‍👩‍👧', '3/3']);
  });

  it('the counter and the error describe the input; an invalid value sets aria-invalid and shows the error as an alert', () => {
    const { input } = openPrompt({ maxLength: 8, inputPattern: /^\d+$/, inputErrorMessage: 'Digits only' });
    const counter = counterOf();
    expect(counter.id).not.toBe('');
    expect(input.getAttribute('aria-describedby')).toBe(counter.id);
    expect(input.getAttribute('aria-invalid')).toBe('false');
    fireEvent.change(input, { target: { value: 'abc' } });
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Digits only');
    expect(error.hasAttribute('data-exkit-message-box-error')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(`${error.id} ${counter.id}`);
    fireEvent.change(input, { target: { value: '42' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe(counter.id);
  });

  it('a starting value over maxLength is marked exceeded and invalid, and takes only deletions', () => {
    const { input } = openPrompt({ maxLength: 3, inputValue: 'abcd' });
    expect([counterOf().textContent, counterOf().hasAttribute('data-exceeded'), input.getAttribute('aria-invalid')]).toEqual([
      '4/3',
      true,
      'true',
    ]);
    fireEvent.change(input, { target: { value: 'abcde' } });
    expect(input.value).toBe('abcd');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect([input.value, counterOf().hasAttribute('data-exceeded'), input.getAttribute('aria-invalid')]).toEqual(['abc', false, 'false']);
  });

  it('with focusDelayMs: 0 the input has focus as soon as the box is on screen, before any timer runs', async () => {
    const { input } = openPrompt({ focusDelayMs: 0 });
    await act(async () => {});
    expect(document.activeElement).toBe(input);
  });

  it('"prompt focus delay 500 ms": keys typed on the panel meanwhile reach the input, and the caret follows them', async () => {
    const { input, platform, results } = openPrompt({ maxLength: 4 });
    await act(async () => {});
    const panel = screen.getByRole('alertdialog');
    expect(document.activeElement).toBe(panel);
    for (const key of ['a', 'b', 'x', 'Backspace', '👍🏽', 'c', 'd']) fireEvent.keyDown(panel, { key });
    // Keys that type nothing are left to the browser: Tab moves focus, a shortcut stays a shortcut.
    expect(fireEvent.keyDown(panel, { key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(panel, { key: 'v', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(panel, { key: 'q' })).toBe(false);
    // A key pressed on one of the panel's buttons is the button's, not the input's.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Cancel' }), { key: 'z' });
    expect([input.value, counterOf().textContent]).toEqual(['ab👍🏽c', '4/4']);
    await act(() => platform.advanceAsync(499));
    expect(document.activeElement).toBe(panel);
    await act(() => platform.advanceAsync(1));
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([input.value.length, input.value.length]);
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => platform.advanceAsync(200));
    expect(results).toEqual([{ action: 'confirm', value: 'ab👍🏽c' }]);
  });

  it('Enter typed ahead confirms a single-line prompt, and adds a line to a multi-line one', async () => {
    const single = openPrompt({});
    await act(async () => {});
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'o' });
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Enter' });
    await act(() => single.platform.advanceAsync(200));
    expect(single.results).toEqual([{ action: 'confirm', value: 'o' }]);
    cleanup();
    const multi = openPrompt({ multiline: true });
    await act(async () => {});
    for (const key of ['a', 'Enter', 'b']) fireEvent.keyDown(screen.getByRole('alertdialog'), { key });
    expect(multi.input.value).toBe('a\nb');
    expect(multi.results).toEqual([]);
  });
});
