import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { flushMicrotasks } from '../../core/index.js';
import type { Bridge, MemoryPlatform } from '../../core/index.js';
import { ExkitProvider, useBridge, useBridgeRequest, useNativeEvent } from '../../react/index.js';
import { inApp, inBrowser } from '../core/bridge/setup.js';

function wrap(platform: MemoryPlatform, bridge: Bridge, ui: React.ReactNode) {
  return render(<ExkitProvider value={{ platform, bridge }}>{ui}</ExkitProvider>);
}

afterEach(cleanup);

const settle = () => act(() => flushMicrotasks());

function BridgeInfo() {
  const bridge = useBridge();
  const [result, setResult] = useState('');
  return (
    <div>
      <span data-testid="info">{`${bridge.inApp}|${bridge.appVersion}|${bridge.host}`}</span>
      <button onClick={() => void bridge.commands.metaTitle({ title: 'Hi' }).then((r) => setResult(r.status))}>title</button>
      <span data-testid="result">{result}</span>
    </div>
  );
}

describe('useBridge', () => {
  it('gives the in-app flag, app version, platform and the command calls', async () => {
    const { platform, bridge, sim } = inApp({ os: 'android', appVersion: '2.30.1' });
    wrap(platform, bridge, <BridgeInfo />);
    expect(screen.getByTestId('info').textContent).toBe('true|2.30.1|android');
    await act(async () => screen.getByText('title').click());
    await settle();
    expect(screen.getByTestId('result').textContent).toBe('sent');
    expect(sim.received).toEqual([{ command: 'metaTitle', payload: { title: 'Hi' } }]);
  });

  it('outside the app it says so, and commands report not-in-app', async () => {
    const { platform, bridge } = inBrowser();
    wrap(platform, bridge, <BridgeInfo />);
    expect(screen.getByTestId('info').textContent).toBe('false|null|web');
    await act(async () => screen.getByText('title').click());
    await settle();
    expect(screen.getByTestId('result').textContent).toBe('skipped');
  });

  it('without a bridge in the provider it fails with MissingProviderError', () => {
    const { platform } = inBrowser();
    expect(() =>
      render(
        <ExkitProvider value={{ platform }}>
          <BridgeInfo />
        </ExkitProvider>,
      ),
    ).toThrow(/'bridge' service/);
  });
});

function Request({ path, params }: { path: string; params?: Record<string, unknown> }) {
  const { status, data, error, timedOut, retry, cancel } = useBridgeRequest<string>(path, params);
  return (
    <div>
      <span data-testid="status">{status}</span>
      <span data-testid="data">{data ?? ''}</span>
      <span data-testid="error">{error ? `${(error as Error).name}${timedOut ? ' (timeout)' : ''}` : ''}</span>
      <button onClick={retry}>retry</button>
      <button onClick={cancel}>cancel</button>
    </div>
  );
}

describe('useBridgeRequest', () => {
  it('pending, then success with the data', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/hello', (m) => ({ data: `hello ${String((m.payload as { params: { name: string } }).params.name)}` }));
    wrap(platform, bridge, <Request path="/hello" params={{ name: 'Ada' }} />);
    expect(screen.getByTestId('status').textContent).toBe('pending');
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('success');
    expect(screen.getByTestId('data').textContent).toBe('hello Ada');
  });

  it('timeout is an error flagged as such; retry sends again', async () => {
    const { platform, bridge, sim } = inApp();
    let calls = 0;
    sim.route('/t', () => (++calls === 1 ? { never: true } : { data: 'second' }));
    wrap(platform, bridge, <Request path="/t" />);
    await act(() => platform.advanceAsync(10_000));
    expect(screen.getByTestId('status').textContent).toBe('error');
    expect(screen.getByTestId('error').textContent).toBe('AppRequestCallbackTimeout (timeout)');
    await act(async () => screen.getByText('retry').click());
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('success');
    expect(screen.getByTestId('data').textContent).toBe('second');
  });

  it('a new bridge from the provider sends nothing by itself; retries go to the new bridge', async () => {
    const first = inApp();
    first.sim.route('/who', () => ({ data: 'first' }));
    const second = inApp();
    let secondCalls = 0;
    second.sim.route('/who', () => ({ data: `second ${++secondCalls}` }));
    const view = wrap(first.platform, first.bridge, <Request path="/who" />);
    await settle();
    expect(screen.getByTestId('data').textContent).toBe('first');
    view.rerender(
      <ExkitProvider value={{ platform: first.platform, bridge: second.bridge }}>
        <Request path="/who" />
      </ExkitProvider>,
    );
    await act(() => Promise.all([first.platform.advanceAsync(0), second.platform.advanceAsync(0)]));
    expect(screen.getByTestId('data').textContent).toBe('first');
    await act(async () => screen.getByText('retry').click());
    await act(() => second.platform.advanceAsync(0));
    expect(screen.getByTestId('data').textContent).toBe('second 1');
  });

  it('new params send a new request; equal params do not', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/p', (m) => ({ data: JSON.stringify((m.payload as { params: unknown }).params) }));
    const view = wrap(platform, bridge, <Request path="/p" params={{ page: 1 }} />);
    await settle();
    view.rerender(
      <ExkitProvider value={{ platform, bridge }}>
        <Request path="/p" params={{ page: 1 }} />
      </ExkitProvider>,
    );
    await settle();
    expect(sim.received).toHaveLength(1);
    view.rerender(
      <ExkitProvider value={{ platform, bridge }}>
        <Request path="/p" params={{ page: 2 }} />
      </ExkitProvider>,
    );
    await settle();
    expect(sim.received).toHaveLength(2);
    expect(screen.getByTestId('data').textContent).toBe('{"page":2}');
  });

  it('returns the request actor driving it: CANCEL sent through the actor cancels the request', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/held', { never: true });
    let actor: ReturnType<typeof useBridgeRequest>['actor'] | undefined;
    function Inspect() {
      const request = useBridgeRequest('/held', { id: 7 });
      actor = request.actor;
      return <span data-testid="status">{request.status}</span>;
    }
    wrap(platform, bridge, <Inspect />);
    expect(actor!.getSnapshot().context).toMatchObject({ path: '/held', params: { id: 7 }, attempts: 1 });
    await act(async () => actor!.send({ type: 'CANCEL' }));
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('cancelled');
    expect(actor!.getSnapshot().value).toBe('cancelled');
  });

  it('"or nothing happens" (spec §B5): outside the app the request is skipped with its reason, not an error', async () => {
    const { platform, bridge } = inBrowser();
    let seen: ReturnType<typeof useBridgeRequest> | undefined;
    function Inspect() {
      seen = useBridgeRequest('/user');
      return <span data-testid="status">{seen.status}</span>;
    }
    wrap(platform, bridge, <Inspect />);
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('skipped');
    expect(seen).toMatchObject({
      status: 'skipped',
      skip: { reason: 'not-in-app', minimumVersion: '1.2.51', appVersion: null },
      error: undefined,
      timedOut: false,
      data: undefined,
    });
  });

  it('"timeout: 00004 and 110100": an answer with a timeout code is an error flagged as timed out', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/t', { code: '110100', msg: 'upstream timeout' });
    wrap(platform, bridge, <Request path="/t" />);
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('error');
    expect(screen.getByTestId('error').textContent).toBe('AppResponseUnSuccessError (timeout)');
  });

  it('cancel and unmount free the pending entry', async () => {
    const { platform, bridge, sim } = inApp();
    sim.route('/slow', { never: true });
    const view = wrap(platform, bridge, <Request path="/slow" />);
    // The request leaves a microtask after the commit (so StrictMode's double mount sends it once).
    await settle();
    expect(bridge.pendingCount).toBe(1);
    await act(async () => screen.getByText('cancel').click());
    await settle();
    expect(screen.getByTestId('status').textContent).toBe('cancelled');
    expect(bridge.pendingCount).toBe(0);
    await act(async () => screen.getByText('retry').click());
    expect(bridge.pendingCount).toBe(1);
    view.unmount();
    await flushMicrotasks();
    expect(bridge.pendingCount).toBe(0);
  });
});

function Visible() {
  const event = useNativeEvent<{ visible: boolean }>('webVisible');
  return <span data-testid="visible">{event === undefined ? 'none' : String(event.visible)}</span>;
}

describe('useNativeEvent', () => {
  it('shows the latest payload the app pushed under that name', () => {
    const { platform, bridge, sim } = inApp();
    wrap(platform, bridge, <Visible />);
    expect(screen.getByTestId('visible').textContent).toBe('none');
    act(() => sim.push('webVisible', { visible: true }));
    expect(screen.getByTestId('visible').textContent).toBe('true');
    act(() => sim.push('other', { visible: false }));
    expect(screen.getByTestId('visible').textContent).toBe('true');
    act(() => sim.push('webVisible', { visible: false }));
    expect(screen.getByTestId('visible').textContent).toBe('false');
  });
});
