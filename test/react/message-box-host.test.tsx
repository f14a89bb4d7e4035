// MessageBoxHost as a user sees it: the host's labels on the buttons, the panel laid out for the window's width,
// and a box rendered in place where the platform has no DOM.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import type { MemoryPlatformOptions } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import { ExkitProvider, MessageBoxHost, useMessageBox } from '../../react/index.js';
import type { MessageBoxLabels } from '../../react/index.js';

const wideWidth = window.innerWidth;
afterEach(() => {
  cleanup();
  window.innerWidth = wideWidth;
  document.body.removeAttribute('style');
});

function openBox(platformOptions: MemoryPlatformOptions, labels?: Partial<MessageBoxLabels>) {
  const platform = memoryPlatform(platformOptions);
  const ui = createUiKit(platform, { isolatedToaster: true });
  function Opener() {
    const box = useMessageBox();
    return <button onClick={() => void box.prompt('Nickname', {})}>ask</button>;
  }
  const { container } = render(
    <ExkitProvider value={{ platform, ui }}>
      <Opener />
      <MessageBoxHost {...(labels ? { labels } : {})} />
    </ExkitProvider>,
  );
  fireEvent.click(screen.getByText('ask'));
  const panel = screen.getByRole('alertdialog');
  return { container, panel };
}

describe('MessageBoxHost', () => {
  it('labels given to the host are the buttons a box without its own labels shows', () => {
    const { panel } = openBox({ dom: { window, document } }, { confirm: 'Yes', cancel: 'No', close: 'Dismiss' });
    expect(panel.querySelector('[data-action="confirm"]')!.textContent).toBe('Yes');
    expect(panel.querySelector('[data-action="cancel"]')!.textContent).toBe('No');
    expect(panel.querySelector('[data-action="close"]')!.getAttribute('aria-label')).toBe('Dismiss');
  });

  it('the panel follows the window width: a phone-wide window gets the mobile height bounds, a wide one none', () => {
    window.innerWidth = 375;
    const narrow = openBox({ dom: { window, document } }).panel;
    expect(narrow.style.maxHeight).not.toBe('');
    expect(narrow.style.minHeight).not.toBe('');
    cleanup();
    window.innerWidth = 1280;
    const wide = openBox({ dom: { window, document } }).panel;
    expect([wide.style.maxHeight, wide.style.minHeight]).toEqual(['', '']);
  });

  it('without a DOM on the platform the box renders in place, laid out as on a wide screen', () => {
    const { container, panel } = openBox({});
    expect(container.contains(panel)).toBe(true);
    expect([panel.style.maxHeight, panel.style.minHeight]).toEqual(['', '']);
  });
});
