import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import type { PopupCloseReason } from '../../machines/index.js';
import { ExkitProvider, Toaster, useDialog } from '../../react/index.js';
import type { UseDialogOptions } from '../../react/index.js';

function setup() {
  const platform = memoryPlatform({ dom: { window, document } });
  const ui = createUiKit(platform, { isolatedToaster: true });
  const wrap = (children: ReactNode) => <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>;
  return { platform, ui, wrap };
}

afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
});

function Dialog(props: UseDialogOptions & { name: string }) {
  const dialog = useDialog(props);
  return (
    <>
      <button {...dialog.getTriggerProps()}>open {props.name}</button>
      {dialog.open ? (
        <div {...dialog.getContentProps()} aria-label={props.name}>
          <button {...dialog.getCloseTriggerProps()}>close {props.name}</button>
        </div>
      ) : null}
    </>
  );
}

describe('dialog options and layers', () => {
  it('"closes on backdrop click or Escape (each can be turned off)"; a non-modal dialog does not lock scroll', () => {
    const { wrap } = setup();
    render(wrap(<Dialog name="sticky" closeOnEscape={false} closeOnBackdrop={false} modal={false} />));
    fireEvent.click(screen.getByText('open sticky'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('dialog', { name: 'sticky' })).toBeTruthy();
    expect(screen.getByRole('dialog').hasAttribute('aria-modal')).toBe(false);
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(screen.getByText('close sticky'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a controlled dialog follows `open` and reports why it closed', () => {
    const { wrap } = setup();
    const changes: Array<[boolean, PopupCloseReason | undefined]> = [];
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>show</button>
          <Dialog
            name="ctl"
            open={open}
            onOpenChange={(next, reason) => {
              changes.push([next, reason]);
              setOpen(next);
            }}
          />
        </>
      );
    }
    render(wrap(<Controlled />));
    fireEvent.click(screen.getByText('show'));
    expect(screen.getByRole('dialog', { name: 'ctl' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(changes).toEqual([
      [true, undefined],
      [false, 'escape'],
    ]);
  });

  it('a toast shown over an open modal takes Escape first; a modal opened after it is on top', () => {
    const { wrap, ui } = setup();
    render(
      wrap(
        <>
          <Dialog name="first" />
          <Dialog name="second" />
          <Toaster />
        </>,
      ),
    );
    fireEvent.click(screen.getByText('open first'));
    act(() => void ui.toast.info('Copied', { duration: Infinity }));
    act(() => void ui.toast.info('Saved', { duration: Infinity }));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Copied×']);
    expect(screen.getByRole('dialog', { name: 'first' })).toBeTruthy();
    fireEvent.click(screen.getByText('open second'));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'second' })).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryAllByRole('status')).toHaveLength(0);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a new toast brings the shown toasts back above a modal opened after them, once per new toast', () => {
    const { wrap, ui } = setup();
    render(
      wrap(
        <>
          <Dialog name="first" />
          <Toaster />
        </>,
      ),
    );
    act(() => void ui.toast.info('Copied', { duration: Infinity }));
    fireEvent.click(screen.getByText('open first'));
    const modalZ = Number(screen.getByRole('dialog', { name: 'first' }).style.zIndex || 0);
    act(() => void ui.toast.info('Saved', { duration: Infinity }));
    expect(Number(screen.getAllByRole('status').at(-1)!.style.zIndex)).toBeGreaterThan(modalZ);
    // The toast region is the top layer again: Escape closes the newest toast, not the modal.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Copied×']);
    expect(screen.getByRole('dialog', { name: 'first' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryAllByRole('status')).toHaveLength(0);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('useDialog — the failure model', () => {
  it('an onOpenChange that throws is logged through the platform as a UserCallbackError; the dialog still opens and closes', () => {
    const { wrap, platform } = setup();
    const boom = () => {
      throw new Error('handler bug');
    };
    render(wrap(<Dialog name="noisy" onOpenChange={boom} />));
    fireEvent.click(screen.getByText('open noisy'));
    expect(screen.getByRole('dialog', { name: 'noisy' })).toBeTruthy();
    fireEvent.click(screen.getByText('close noisy'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(platform.reports.map((r) => [r.event, (r.error as { name?: string }).name, (r.error as { extra?: unknown }).extra])).toEqual([
      ['callbackFailed', 'UserCallbackError', { callback: 'onOpenChange' }],
      ['callbackFailed', 'UserCallbackError', { callback: 'onOpenChange' }],
    ]);
  });

  it('a negative or non-finite delay throws InvalidArgumentError naming it in render', () => {
    const { wrap } = setup();
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(wrap(<Dialog name="bad" openDelay={-1} />))).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'openDelay', value: -1 } }),
      );
      expect(() => render(wrap(<Dialog name="bad" closeDelay={Number.NaN} />))).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'closeDelay' }) }),
      );
    } finally {
      console.error = original;
    }
  });
});
