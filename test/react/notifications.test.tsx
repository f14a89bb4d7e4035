// <Notifications> as a user sees it: a named live region in the body, each notification's title and message (or
// what the app's renderNotification draws), and a close button named as told unless the notification hides it.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import { ExkitProvider, Notifications, useNotifications } from '../../react/index.js';
import type { NotificationsProps } from '../../react/index.js';

afterEach(cleanup);

function setup(props: NotificationsProps = {}) {
  const platform = memoryPlatform({ dom: { window, document } });
  const ui = createUiKit(platform, { isolatedToaster: true });
  let api: ReturnType<typeof useNotifications> | undefined;
  function Probe() {
    api = useNotifications();
    return null;
  }
  render(
    <ExkitProvider value={{ platform, ui }}>
      <Probe />
      <Notifications {...props} />
    </ExkitProvider>,
  );
  const notify = (content: Parameters<ReturnType<typeof useNotifications>['notify']>[0]) => act(() => void api!.notify(content));
  return { notify };
}

describe('<Notifications>', () => {
  it('by default shows the title and the message, and a close button named Close', () => {
    const { notify } = setup();
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.parentElement).toBe(document.body);
    notify({ title: 'Deposit', message: 'Received 1 BTC' });
    notify({ message: 'No title' });
    const [first, second] = within(region).getAllByRole('status');
    expect(first!.querySelector('strong')?.textContent).toBe('Deposit');
    expect(first!.querySelector('p')?.textContent).toBe('Received 1 BTC');
    expect(second!.querySelector('strong')).toBeNull();
    expect(second!.querySelector('p')?.textContent).toBe('No title');
    expect(within(first!).getByRole('button', { name: 'Close' }).hasAttribute('data-exkit-notification-close')).toBe(true);
  });

  it('renderNotification draws each notification in place of the default title and message; the close button stays', () => {
    const { notify } = setup({
      label: 'Alerts',
      closeLabel: 'Dismiss',
      renderNotification: (item) => <em data-testid="custom">{`${item.notification.title ?? '-'}: ${item.notification.message}`}</em>,
    });
    const region = screen.getByRole('region', { name: 'Alerts' });
    notify({ title: 'Order', message: 'Filled' });
    const note = within(region).getByRole('status');
    expect(within(note).getByTestId('custom').textContent).toBe('Order: Filled');
    expect(note.querySelector('strong, p')).toBeNull();
    fireEvent.click(within(note).getByRole('button', { name: 'Dismiss' }));
    expect(within(region).queryByRole('status')).toBeNull();
  });

  it('a notification made with showClose: false has no close button', () => {
    const { notify } = setup();
    notify({ message: 'Sticky', showClose: false });
    expect(within(screen.getByRole('status')).queryByRole('button')).toBeNull();
  });
});
