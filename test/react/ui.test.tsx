import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../support/error-boundary.js';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createPreferences } from '../../core/preferences/preferences.js';
import { createUiKit } from '../../machines/index.js';
import type { MessageBoxResult } from '../../machines/index.js';
import {
  ExkitProvider,
  MessageBoxHost,
  Notifications,
  Toaster,
  useDialog,
  useLoading,
  useMessageBox,
  useNotifications,
  useToast,
} from '../../react/index.js';
import type { UseToastItemResult } from '../../react/index.js';

function setup(media: string[] = []) {
  const platform = memoryPlatform({ dom: { window, document }, media });
  const ui = createUiKit(platform, { isolatedToaster: true });
  const wrap = (children: ReactNode) => <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>;
  return { platform, ui, wrap };
}

afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
});

describe('Toaster', () => {
  it('"live regions that exist before the first message"; a toast renders with its offset and closes by its button', () => {
    const { ui, wrap, platform } = setup();
    render(wrap(<Toaster />));
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.children).toHaveLength(0);
    act(() => void ui.toast.success('Saved', { id: 'save' }));
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Saved');
    expect(status.style.top).toBe('100px');
    expect(status.getAttribute('data-type')).toBe('success');
    act(() => void ui.toast.error('Failed', { id: 'save' }));
    expect(screen.getByRole('alert').textContent).toContain('Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(region.children).toHaveLength(0);
    act(() => void ui.toast.info('Later'));
    act(() => platform.advance(3000));
    expect(region.children).toHaveLength(0);
  });

  it('adding a toast renders only the new one; an update or a shift re-renders only the toasts it changes', () => {
    const { ui, wrap } = setup();
    const renders: Record<string, number> = {};
    // Stable across renders, as an app's module-level renderer is, so it never defeats the memo.
    const renderToast = (item: UseToastItemResult) => {
      renders[item.toast.id] = (renders[item.toast.id] ?? 0) + 1;
      return <span>{item.toast.message}</span>;
    };
    render(wrap(<Toaster renderToast={renderToast} />));
    act(() => void ui.toast.info('One', { id: 'a', duration: Infinity }));
    act(() => void ui.toast.info('Two', { id: 'b', duration: Infinity }));
    const before = { ...renders };
    act(() => void ui.toast.info('Three', { id: 'c', duration: Infinity }));
    expect(renders.a).toBe(before.a);
    expect(renders.b).toBe(before.b);
    expect(renders.c).toBeGreaterThan(0);
    act(() => ui.toast.update('b', { message: 'Two, again' }));
    expect(renders.a).toBe(before.a);
    expect(renders.b).toBe(before.b! + 1);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['One×', 'Two, again×', 'Three×']);
    // When the first closes, the ones below move up (jsdom measures 0 px, so each sits one gap lower).
    const afterUpdate = { ...renders };
    act(() => ui.toast.dismiss('a'));
    expect(renders.b).toBeGreaterThan(afterUpdate.b!);
    expect(renders.c).toBeGreaterThan(afterUpdate.c!);
    expect(screen.getAllByRole('status').map((s) => s.style.top)).toEqual(['100px', '116px']);
  });

  it('useToast gives the kit toast API', () => {
    const { ui, wrap } = setup();
    let api: ReturnType<typeof useToast> | undefined;
    function Probe() {
      api = useToast();
      return null;
    }
    render(wrap(<Probe />));
    expect(api).toBe(ui.toast);
  });
});

function DialogDemo({ role = 'dialog' as string }) {
  const dialog = useDialog({ closeDelay: 0 });
  const content = dialog.getContentProps();
  return (
    <>
      <button {...dialog.getTriggerProps()}>open</button>
      {dialog.open ? (
        <>
          <div {...dialog.getBackdropProps()} data-testid="backdrop" />
          <div {...content} role={role as 'dialog'}>
            <h2 {...dialog.getTitleProps()}>Title</h2>
            <button>first</button>
            <button {...dialog.getCloseTriggerProps()}>close</button>
          </div>
        </>
      ) : null}
    </>
  );
}

const showTyped = (error: unknown) => `${(error as Error).name}:${(error as { code: string }).code}`;

describe('useDialog', () => {
  it('"Focus moves into the dialog on open ... and returns to the element that opened it"; Escape closes; scroll lock restores after 200 ms', async () => {
    const { wrap, platform } = setup();
    render(wrap(<DialogDemo />));
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    // The popup's focus trap takes the node once the renderer has committed it (a DOM mutation, a microtask later).
    await act(async () => {});
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.style.width).toBe('480px');
    expect(dialog.style.marginTop).toBe('15vh');
    expect(Number(dialog.style.zIndex)).toBeGreaterThan(2000);
    expect(document.activeElement?.textContent).toBe('first');
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('hidden');
    act(() => platform.advance(200));
    expect(document.body.style.overflow).toBe('');
  });

  it('spec §S2: a dialog has title, close button, body and footer; named by the title, described by the body only, footer actions inside the focus trap', async () => {
    const { wrap } = setup();
    function Transfer({ label }: { label: string }) {
      const dialog = useDialog({ closeDelay: 0, defaultOpen: true });
      return dialog.open ? (
        <div {...dialog.getContentProps()} data-testid={label}>
          <h2 {...dialog.getTitleProps()}>{label}</h2>
          <button {...dialog.getCloseTriggerProps()} aria-label="Close">
            ×
          </button>
          <div {...dialog.getBodyProps()}>
            <p>Move funds</p>
            <input aria-label="amount" />
          </div>
          <footer {...dialog.getFooterProps()}>
            <button {...dialog.getCloseTriggerProps()}>Cancel</button>
            <button>Confirm</button>
          </footer>
        </div>
      ) : null;
    }
    render(
      wrap(
        <>
          <Transfer label="one" />
          <Transfer label="two" />
        </>,
      ),
    );
    await act(async () => {});
    const one = screen.getByTestId('one');
    const [title, body, footer] = [one.querySelector('h2')!, one.querySelector('div')!, one.querySelector('footer')!];
    expect(new Set([title.id, body.id, footer.id]).size).toBe(3);
    expect(one.getAttribute('aria-labelledby')).toBe(title.id);
    expect(one.getAttribute('aria-describedby')).toBe(body.id);
    expect(one.getAttribute('aria-describedby')).not.toContain(footer.id);
    // Each dialog has its own footer id.
    expect(screen.getByTestId('two').querySelector('footer')!.id).not.toBe(footer.id);
    // The footer's cancel is a close trigger like the × button.
    fireEvent.click(within(footer).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('one')).toBeNull();
    // Tab from the footer's last action wraps to the dialog's first tabbable: the footer is inside the trap.
    const two = screen.getByTestId('two');
    const confirm = within(two).getByRole('button', { name: 'Confirm' });
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(within(two).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('returns the popup actor driving it: OPEN sent through the actor opens the dialog', () => {
    const { wrap } = setup();
    let actor: ReturnType<typeof useDialog>['actor'] | undefined;
    function Probe() {
      const dialog = useDialog({ modal: false });
      actor = dialog.actor;
      return (
        <>
          <span data-testid="dialog-state">{dialog.state}</span>
          {dialog.open ? <div {...dialog.getContentProps()}>content</div> : null}
        </>
      );
    }
    render(wrap(<Probe />));
    expect(screen.getByTestId('dialog-state').textContent).toBe('closed');
    act(() => actor!.send({ type: 'OPEN' }));
    expect(screen.getByTestId('dialog-state').textContent).toBe('open');
    expect(actor!.getSnapshot().matches('shown')).toBe(true);
  });

  it('a backdrop press closes it', () => {
    const { wrap } = setup();
    render(wrap(<DialogDemo />));
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    fireEvent.pointerDown(screen.getByTestId('backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"A dialog without a node of role dialog is a typed error"', () => {
    const { wrap } = setup();
    const original = console.error;
    console.error = () => {};
    try {
      render(
        wrap(
          <ErrorBoundary show={showTyped}>
            <DialogDemo role="region" />
          </ErrorBoundary>,
        ),
      );
      act(() => fireEvent.click(screen.getByRole('button', { name: 'open' })));
      expect(screen.getByTestId('error').textContent).toBe('DialogRoleMissingError:DIALOG_ROLE_MISSING');
    } finally {
      console.error = original;
    }
  });
});

describe('MessageBoxHost', () => {
  function Opener({ onResult }: { onResult: (r: MessageBoxResult) => void }) {
    const box = useMessageBox();
    return (
      <>
        <button onClick={() => void box.confirm('Delete?', { title: 'Confirm' }).then(onResult)}>ask</button>
        <button onClick={() => void box.prompt('Email', { inputPattern: /@/ }).then(onResult)}>prompt</button>
        <button onClick={() => void box.alert('Done').then(onResult)}>alert</button>
      </>
    );
  }

  it('confirm resolves with the button pressed; queued boxes follow in order', async () => {
    const { wrap, platform } = setup();
    const results: MessageBoxResult[] = [];
    render(
      wrap(
        <>
          <Opener onResult={(r) => results.push(r)} />
          <MessageBoxHost />
        </>,
      ),
    );
    fireEvent.click(screen.getByText('ask'));
    fireEvent.click(screen.getByText('alert'));
    const box = screen.getByRole('alertdialog');
    expect(box.textContent).toContain('Delete?');
    expect(box.style.marginTop).toBe('30vh');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(() => platform.advanceAsync(200));
    expect(results).toEqual([{ action: 'cancel' }]);
    expect(screen.getByRole('alertdialog').textContent).toContain('Done');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.pointerDown(document.body);
    await act(() => platform.advanceAsync(1000));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    // An alert stays on Escape as on a backdrop click; its close button closes it.
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await act(() => platform.advanceAsync(200));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(() => platform.advanceAsync(200));
    expect(results).toEqual([{ action: 'cancel' }, { action: 'close' }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('prompt: invalid input is marked and explained; Enter confirms once valid; focus reaches the input after 500 ms', async () => {
    const { wrap, platform } = setup();
    const results: MessageBoxResult[] = [];
    render(
      wrap(
        <>
          <Opener onResult={(r) => results.push(r)} />
          <MessageBoxHost />
        </>,
      ),
    );
    fireEvent.click(screen.getByText('prompt'));
    const input = screen.getByRole('textbox');
    // The focus trap finds the panel when React commits it (a mutation observer's microtask); the input takes
    // focus after the prompt's focus delay.
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('alertdialog'));
    await act(() => platform.advanceAsync(500));
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('invalid data');
    fireEvent.change(input, { target: { value: 'me@x' } });
    expect(input.getAttribute('aria-invalid')).toBe('false');
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => platform.advanceAsync(200));
    expect(results).toEqual([{ action: 'confirm', value: 'me@x' }]);
  });

  it("spec §S8: the default prompt message follows the provider's preferences language (zh-CN, then en) when no kit is handed in", async () => {
    const platform = memoryPlatform({ dom: { window, document } });
    const preferences = createPreferences(platform);
    preferences.set({ language: 'zh-CN' });
    render(
      <ExkitProvider value={{ platform, preferences }}>
        <Opener onResult={() => undefined} />
        <MessageBoxHost />
      </ExkitProvider>,
    );
    fireEvent.click(screen.getByText('prompt'));
    const input = screen.getByRole('textbox');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('无效数据');
    act(() => void preferences.set({ language: 'en' }));
    fireEvent.change(input, { target: { value: 'still no at-sign' } });
    expect(screen.getByRole('alert').textContent).toBe('invalid data');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await act(() => platform.advanceAsync(200));
  });

  it('"Respect prefers-reduced-motion": boxes open and close without the 200 ms transition', async () => {
    const { wrap, platform, ui } = setup(['(prefers-reduced-motion: reduce)']);
    expect(ui.motion.reduced).toBe(true);
    const results: MessageBoxResult[] = [];
    render(
      wrap(
        <>
          <Opener onResult={(r) => results.push(r)} />
          <MessageBoxHost />
        </>,
      ),
    );
    fireEvent.click(screen.getByText('ask'));
    const root = screen.getByRole('alertdialog').parentElement!;
    expect(root.getAttribute('data-reduced-motion')).toBe('true');
    await act(() => platform.advanceAsync(0));
    expect(root.getAttribute('data-state')).toBe('open');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await act(() => platform.advanceAsync(0));
    expect(results).toEqual([{ action: 'confirm' }]);
  });

  it('"Respect prefers-reduced-motion" without a reload: the regions follow a change of the setting', () => {
    const { wrap, platform } = setup();
    render(
      wrap(
        <>
          <Toaster />
          <Notifications />
        </>,
      ),
    );
    const toasts = screen.getByRole('region', { name: 'Messages' });
    const notes = screen.getByRole('region', { name: 'Notifications' });
    expect(toasts.hasAttribute('data-reduced-motion')).toBe(false);
    act(() => platform.setMedia('(prefers-reduced-motion: reduce)', true));
    expect(toasts.getAttribute('data-reduced-motion')).toBe('true');
    expect(notes.getAttribute('data-reduced-motion')).toBe('true');
    act(() => platform.setMedia('(prefers-reduced-motion: reduce)', false));
    expect(toasts.hasAttribute('data-reduced-motion')).toBe(false);
  });

  it('without a kit in the provider, the toast region still follows the platform setting', () => {
    const platform = memoryPlatform({ dom: { window, document } });
    render(
      <ExkitProvider value={{ platform }}>
        <Toaster />
      </ExkitProvider>,
    );
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.hasAttribute('data-reduced-motion')).toBe(false);
    act(() => platform.setMedia('(prefers-reduced-motion: reduce)', true));
    expect(region.getAttribute('data-reduced-motion')).toBe('true');
  });
});

describe('Notifications', () => {
  it('region before the first notification; hover pauses, a click closes, the close button is shown', () => {
    const { wrap, platform } = setup();
    let api: ReturnType<typeof useNotifications> | undefined;
    function Probe() {
      api = useNotifications();
      return null;
    }
    render(
      wrap(
        <>
          <Probe />
          <Notifications />
        </>,
      ),
    );
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.children).toHaveLength(0);
    act(() => void api!.notify({ title: 'Deposit', message: 'Received 1 BTC' }));
    const item = screen.getByRole('status');
    expect(item.getAttribute('data-position')).toBe('top-right');
    expect(item.style.top).toBe('16px');
    expect(item.style.right).toBe('16px');
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.pointerEnter(item);
    act(() => platform.advance(10_000));
    expect(screen.getByRole('status')).toBe(item);
    fireEvent.pointerLeave(item);
    act(() => platform.advance(4000));
    expect(region.children).toHaveLength(0);
    act(() => void api!.notify({ message: 'Click me' }));
    fireEvent.click(screen.getByRole('status'));
    expect(region.children).toHaveLength(0);
  });
});

describe('useLoading', () => {
  it('overlapping requests keep one overlay; it leaves 300 ms after the last', async () => {
    const { wrap, platform } = setup();
    let api: ReturnType<typeof useLoading> | undefined;
    function Probe() {
      api = useLoading('orders');
      return <div {...api.getOverlayProps()} data-testid="overlay" />;
    }
    render(wrap(<Probe />));
    expect(api!.state).toBe('removed');
    let releaseA = () => {};
    let releaseB = () => {};
    act(() => {
      releaseA = api!.show({ text: 'Loading' });
      releaseB = api!.show();
    });
    expect(api!.state).toBe('visible');
    expect(api!.text).toBe('Loading');
    act(() => releaseA());
    expect(api!.state).toBe('visible');
    act(() => releaseB());
    expect(api!.state).toBe('hiding');
    act(() => platform.advance(300));
    expect(api!.state).toBe('removed');
    expect(screen.getByTestId('overlay').hidden).toBe(true);
    let resolve!: () => void;
    let tracked: Promise<void> | undefined;
    act(() => {
      tracked = api!.track(new Promise<void>((r) => (resolve = r)));
    });
    expect(api!.state).toBe('visible');
    await act(async () => {
      resolve();
      await tracked;
    });
    expect(api!.state).toBe('hiding');
  });
});

describe('useLoading — the failure model', () => {
  it('track() of something that is not a promise rejects with InvalidArgumentError and shows no overlay that nothing would release', async () => {
    const { wrap } = setup();
    let api: ReturnType<typeof useLoading> | undefined;
    function Probe() {
      api = useLoading('orders');
      return null;
    }
    render(wrap(<Probe />));
    await expect(api!.track(42 as never)).rejects.toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'promise', value: 42 } });
    await expect(api!.track(Promise.resolve(1), { text: 5 as never })).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'options.text', value: 5 },
    });
    expect(api!.state).toBe('removed');
  });
});
