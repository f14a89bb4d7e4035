// useBridgeRequest sends once per user intent: once on mount (also under React StrictMode's development
// double mount), again only for new path or params or a retry; never because the provider's bridge changed.
import { act, cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { flushMicrotasks } from '../../core/index.js';
import type { Bridge, MemoryPlatform } from '../../core/index.js';
import { ExkitProvider, useBridgeRequest } from '../../react/index.js';
import { inApp } from '../core/bridge/setup.js';

afterEach(cleanup);

const settle = () => act(() => flushMicrotasks());

function Request({ path, params }: { path: string; params?: Record<string, unknown> }) {
  const { status, data, retry } = useBridgeRequest<string>(path, params);
  return (
    <div>
      <span data-testid="status">{status}</span>
      <span data-testid="data">{data ?? ''}</span>
      <button onClick={retry}>retry</button>
    </div>
  );
}

const tree = (platform: MemoryPlatform, bridge: Bridge, ui: ReactNode, strict: boolean) => {
  const inner = <ExkitProvider value={{ platform, bridge }}>{ui}</ExkitProvider>;
  return strict ? <StrictMode>{inner}</StrictMode> : inner;
};

describe.each([
  ['without StrictMode', false],
  ['under StrictMode (development double mount)', true],
])('useBridgeRequest %s', (_name, strict) => {
  it('sends the request exactly once on mount and shows its answer', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/once', () => ({ data: 'answer' }));
    render(tree(platform, bridge, <Request path="/once" />, strict));
    await settle();
    expect(sim.received.filter((m) => m.command === 'requestAction')).toHaveLength(1);
    expect(screen.getByTestId('status').textContent).toBe('success');
    expect(screen.getByTestId('data').textContent).toBe('answer');
  });

  it('a new bridge from the provider sends nothing; the next retry goes to the new bridge, once', async () => {
    const first = inApp();
    first.sim.route('/who', () => ({ data: 'first' }));
    const second = inApp();
    second.sim.route('/who', () => ({ data: 'second' }));
    const view = render(tree(first.platform, first.bridge, <Request path="/who" />, strict));
    await settle();
    view.rerender(tree(first.platform, second.bridge, <Request path="/who" />, strict));
    await act(() => Promise.all([first.platform.advanceAsync(0), second.platform.advanceAsync(0)]));
    expect(first.sim.received).toHaveLength(1);
    expect(second.sim.received).toHaveLength(0);
    expect(screen.getByTestId('data').textContent).toBe('first');
    await act(async () => screen.getByText('retry').click());
    await act(() => second.platform.advanceAsync(0));
    expect(second.sim.received).toHaveLength(1);
    expect(screen.getByTestId('data').textContent).toBe('second');
  });

  it('new params send once more; the same params in a new object send nothing', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/p', (m) => ({ data: JSON.stringify((m.payload as { params: unknown }).params) }));
    const view = render(tree(platform, bridge, <Request path="/p" params={{ page: 1 }} />, strict));
    await settle();
    view.rerender(tree(platform, bridge, <Request path="/p" params={{ page: 1 }} />, strict));
    await settle();
    expect(sim.received).toHaveLength(1);
    view.rerender(tree(platform, bridge, <Request path="/p" params={{ page: 2 }} />, strict));
    await settle();
    expect(sim.received).toHaveLength(2);
    expect(screen.getByTestId('data').textContent).toBe('{"page":2}');
  });

  it('unmounting stops the request: a pending entry is freed and its late answer changes nothing', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/slow', { never: true });
    const view = render(tree(platform, bridge, <Request path="/slow" />, strict));
    await settle();
    expect(bridge.pendingCount).toBe(1);
    expect(sim.received).toHaveLength(1);
    view.unmount();
    await flushMicrotasks();
    expect(bridge.pendingCount).toBe(0);
  });
});

function Timed({ path, timeoutMs }: { path: string; timeoutMs?: number }) {
  const { status, timedOut } = useBridgeRequest<string>(path, undefined, timeoutMs === undefined ? {} : { timeoutMs });
  return <span data-testid="status">{`${status}${timedOut ? ' (timeout)' : ''}`}</span>;
}

describe('useBridgeRequest options and later paths', () => {
  it('timeoutMs overrides the app request timeout; without it the default 10 s holds', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/slow', { never: true });
    render(
      <ExkitProvider value={{ platform, bridge }}>
        <Timed path="/slow" timeoutMs={500} />
        <Timed path="/slow" />
      </ExkitProvider>,
    );
    await act(() => platform.advanceAsync(500));
    expect(screen.getAllByTestId('status').map((s) => s.textContent)).toEqual(['error (timeout)', 'pending']);
    await act(() => platform.advanceAsync(9_500));
    expect(screen.getAllByTestId('status').map((s) => s.textContent)).toEqual(['error (timeout)', 'error (timeout)']);
  });

  it('a new path without params sends a request to that path', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/a', () => ({ data: 'from a' }));
    sim.route('/b', () => ({ data: 'from b' }));
    const view = render(tree(platform, bridge, <Request path="/a" />, false));
    await settle();
    view.rerender(tree(platform, bridge, <Request path="/b" />, false));
    await settle();
    expect(sim.received.map((m) => (m.payload as { path: string }).path)).toEqual(['/a', '/b']);
    expect(sim.received.map((m) => 'params' in (m.payload as object))).toEqual([false, false]);
    expect(screen.getByTestId('data').textContent).toBe('from b');
  });

  it('the bridge the request actor holds forwards a request without options, or without a signal, to the provider’s bridge', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/held', { never: true });
    sim.route('/direct', () => ({ data: 'direct' }));
    let actor: ReturnType<typeof useBridgeRequest>['actor'] | undefined;
    function Inspect() {
      actor = useBridgeRequest('/held').actor;
      return null;
    }
    render(tree(platform, bridge, <Inspect />, false));
    const held = actor!.getSnapshot().context.bridge;
    const answers = await act(() => Promise.all([held.request('/direct'), held.request('/direct', { n: 1 }, {})]));
    expect(answers).toEqual([
      { status: 'answered', code: '00000', data: 'direct' },
      { status: 'answered', code: '00000', data: 'direct' },
    ]);
    expect(sim.received.map((m) => (m.payload as { path: string }).path)).toEqual(['/held', '/direct', '/direct']);
  });
});
