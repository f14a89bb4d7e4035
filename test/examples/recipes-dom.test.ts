// @vitest-environment jsdom
// The React recipes of docs/recipes/ as written, rendered with React Testing Library on exkit's built package:
// the dialog, a toast from a request (against the reference gateway on loopback), the message-box queue and
// the futures table. The login in React runs in Chromium (recipes-browser.test.ts).
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement, Fragment } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type * as ExkitTypes from '../../core/index.js';
import type * as ExkitMachinesTypes from '../../machines/index.js';
import type * as ExkitReactTypes from '../../react/index.js';
import { startGateway } from '../../examples/gateway/gateway.js';
import { recipe, writeSnippets } from './snippets.js';

const NAMES = ['dialog-react', 'toast-from-request', 'message-box-queue', 'futures-table'] as const;
const written = writeSnippets(NAMES.map(recipe));
afterAll(() => rmSync(written.dir, { recursive: true, force: true }));
afterEach(() => {
  cleanup();
  document.body.removeAttribute('style');
});

/** The recipe's module, imported from the written file (so 'exkit' is the built package). */
const load = async <T>(name: (typeof NAMES)[number]) =>
  (await import(/* @vite-ignore */ pathToFileURL(written.files[NAMES.indexOf(name)]!).href)) as T;

// The package as the recipes import it: the same module instances as theirs, so the provider is shared.
type Exkit = typeof ExkitTypes;
type ExkitReact = typeof ExkitReactTypes;
type ExkitMachines = typeof ExkitMachinesTypes;
const pkg = async () => ({
  exkit: (await import('exkit' as string)) as Exkit,
  react: (await import('exkit/react' as string)) as ExkitReact,
  machines: (await import('exkit/machines' as string)) as ExkitMachines,
});

async function provider(extra: Record<string, unknown> = {}) {
  const { exkit, react, machines } = await pkg();
  const platform = exkit.memoryPlatform({ dom: { window, document } });
  const ui = machines.createUiKit(platform, { isolatedToaster: true });
  const wrap = (...children: ReactNode[]) =>
    createElement(react.ExkitProvider, { value: { platform, ui, ...extra } }, createElement(Fragment, null, ...children));
  return { platform, ui, wrap, exkit, react };
}

describe('recipes in React', () => {
  it('dialog-react.md: the trigger opens a labelled modal dialog; Cancel closes it; Confirm reports the withdrawal and closes', async () => {
    const { WithdrawDialog } = await load<{ WithdrawDialog: ComponentType<{ withdrawal: object; onConfirm: (w: object) => void }> }>(
      'dialog-react',
    );
    const { wrap } = await provider();
    const confirmed: object[] = [];
    const withdrawal = { coin: 'USDT', amount: '250', address: 'TXa1…9f' };
    render(wrap(createElement(WithdrawDialog, { withdrawal, onConfirm: (w) => confirmed.push(w) })));
    const trigger = screen.getByRole('button', { name: 'Withdraw' });
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Send 250 USDT to TXa1…9f?');
    expect(dialog.hasAttribute('data-exkit-dialog')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirmed).toEqual([]);
    fireEvent.click(trigger);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(confirmed).toEqual([withdrawal]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toast-from-request.md: a request that succeeds shows its success toast; with the gateway gone, the client error toast', async () => {
    const { FavouriteButton, RequestToasts } = await load<{
      FavouriteButton: ComponentType<{ symbol: string }>;
      RequestToasts: ComponentType;
    }>('toast-from-request');
    const gateway = await startGateway({ port: 0 });
    const { exkit, react } = await pkg();
    const platform = exkit.memoryPlatform({ dom: { window, document } });
    const http = exkit.createHttpClient(platform, { baseUrl: gateway.url });
    const { wrap } = await provider({ platform, http });
    try {
      render(wrap(createElement(FavouriteButton, { symbol: 'BTCUSDT' }), createElement(RequestToasts), createElement(react.Toaster)));
      const region = screen.getByRole('region', { name: 'Messages' });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Add BTCUSDT' }));
      });
      await screen.findByText('BTCUSDT added to favourites');
      expect(region.querySelector('[data-type="success"]')?.textContent).toContain('BTCUSDT added to favourites');
      await gateway.close();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Add BTCUSDT' }));
      });
      const error = await within(region).findByRole('alert');
      expect(error.getAttribute('data-type')).toBe('error');
      expect(error.textContent).not.toContain('added to favourites');
      expect(error.textContent!.length).toBeGreaterThan(0);
    } finally {
      http.dispose();
      await gateway.close().catch(() => undefined);
    }
  });

  it('message-box-queue.md: confirm, then a prompt that takes only CANCEL, then an alert; two notices show one after the other', async () => {
    const { OrdersPage } = await load<{ OrdersPage: ComponentType<{ onCancelled: () => void }> }>('message-box-queue');
    const { wrap, platform } = await provider();
    let cancelled = 0;
    render(wrap(createElement(OrdersPage, { onCancelled: () => cancelled++ })));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all orders' }));
    const first = await screen.findByRole('alertdialog');
    expect(first.textContent).toContain('Cancel all 12 open orders?');
    fireEvent.click(within(first).getByRole('button', { name: 'Continue' }));
    await act(() => platform.advanceAsync(200));
    const prompt = await screen.findByRole('alertdialog');
    const input = within(prompt).getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'cancel' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(prompt).getByRole('alert').textContent).toBe('Type CANCEL in capitals');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: 'CANCELLED' } }); // a paste: maxLength 6 cuts it
    expect(input.value).toBe('CANCEL');
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(() => platform.advanceAsync(200));
    expect(cancelled).toBe(1);
    const done = await screen.findByRole('alertdialog');
    expect(done.textContent).toContain('All open orders are cancelled.');
    fireEvent.click(within(done).getByRole('button', { name: 'OK' }));
    await act(() => platform.advanceAsync(200));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show notices' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Maintenance tonight');
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    // An alert waits for its button: Escape leaves it, OK shows the next.
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    await act(() => platform.advanceAsync(200));
    expect(screen.getByRole('alertdialog').textContent).toContain('Maintenance tonight');
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await act(() => platform.advanceAsync(200));
    expect(screen.getByRole('alertdialog').textContent).toContain('Your API key expires in 3 days.');
  });

  it('futures-table.md: each position row shows the figures the recipe states, worked by hand', async () => {
    const { PositionsTable, EXAMPLE_POSITIONS } = await load<{
      PositionsTable: ComponentType<{ positions: object[]; mark: string }>;
      EXAMPLE_POSITIONS: object[];
    }>('futures-table');
    render(createElement(PositionsTable, { positions: EXAMPLE_POSITIONS, mark: '63250.5' }));
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    // Long: 0.5 × (63,250.5 − 60,000) = 1,625.25 on 3,000 margin = 54.175 %, truncated. Short: 1.2 × (64,000 −
    // 63,250.5) = 899.4 on 3,840 = 23.42…%. Liquidation prices as the recipe's page states them.
    expect(rows).toEqual([
      ['Long 0.5 BTC @ 60,000 ×10', '1625.25', '+54.17%', '54304.1'],
      ['Short 1.2 BTC @ 64,000 ×20', '899.40', '+23.42%', '66825.7'],
    ]);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toBe('Open positions at mark 63250.5');
  });
});
