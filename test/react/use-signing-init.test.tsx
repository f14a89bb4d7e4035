import { act, cleanup, render, screen } from '@testing-library/react';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { SigningInitError, parseSignConfig } from '../../core/security/index.js';
import type { Security, SecurityEvent } from '../../core/security/index.js';
import { ExkitProvider, useSecurityEvents, useSigningInit } from '../../react/index.js';

function fakeSecurity(failFirst: boolean) {
  const events$ = new Subject<SecurityEvent>();
  let attempts = 0;
  const published: string[] = [];
  const fetches: unknown[] = [];
  const security = {
    events$: events$.asObservable(),
    fetchConfig: async (options: unknown) => (
      fetches.push(options),
      parseSignConfig({ clientOpen: true, serverPublicKey: 'AAAA', serverPublicKeySign: 'AAAA' })
    ),
    verifyServerKey: async () => {
      attempts++;
      if (failFirst && attempts === 1) throw new SigningInitError('SERVER_KEY_SIGNATURE_INVALID', 'no');
      return { der: new Uint8Array([1]), base64: 'AQ==', hash: 'ab' };
    },
    loadClientKeyPair: async () => ({ publicKey: 'P', privateKeyPem: 'K', algorithm: 'rsa1024', storedAt: 0 }),
    setConfig: () => published.push('config'),
    setServerKey: () => published.push('serverKey'),
    setClientKey: () => published.push('clientKey'),
    reset: () => published.push('reset'),
    reportInitFailure: () => published.push('report'),
  } as unknown as Security;
  return { security, events$, published, fetches };
}

function Probe() {
  const { status, retry } = useSigningInit();
  return (
    <button type="button" onClick={retry}>
      {status}
    </button>
  );
}

afterEach(cleanup);

/** Renders useSigningInit under a provider holding `security`; `current` is its latest result, its status shown. */
function renderSigningInit(security: Parameters<typeof ExkitProvider>[0]['value']['security']) {
  const result: { current?: ReturnType<typeof useSigningInit> } = {};
  function Inspect() {
    result.current = useSigningInit();
    return <span>{result.current.status}</span>;
  }
  render(
    <ExkitProvider value={{ platform: memoryPlatform(), security }}>
      <Inspect />
    </ExkitProvider>,
  );
  return result;
}

describe('useSigningInit', () => {
  it('starts signing init on mount and reaches ready', async () => {
    const { security, published } = fakeSecurity(false);
    render(
      <ExkitProvider value={{ platform: memoryPlatform(), security }}>
        <Probe />
      </ExkitProvider>,
    );
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(published).toEqual(['config', 'serverKey', 'clientKey']);
  });

  it('after a failure it is back to notInitialised and retry() starts again', async () => {
    const { security, published } = fakeSecurity(true);
    render(
      <ExkitProvider value={{ platform: memoryPlatform(), security }}>
        <Probe />
      </ExkitProvider>,
    );
    const button = await screen.findByText('notInitialised');
    expect(published).toContain('report');
    await act(async () => button.click());
    expect(await screen.findByText('ready')).toBeTruthy();
  });

  it('returns the signing-init actor driving it', async () => {
    const { security } = fakeSecurity(false);
    const result = renderSigningInit(security);
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(result.current!.actor.getSnapshot().value).toBe('ready');
    expect(result.current!.actor.getSnapshot().context.security).toBe(security);
  });

  it('useSecurityEvents delivers the service’s events while mounted', async () => {
    const { security, events$ } = fakeSecurity(false);
    const seen: string[] = [];
    function Listener() {
      useSecurityEvents((e) => seen.push(e.type));
      return null;
    }
    const view = render(
      <ExkitProvider value={{ platform: memoryPlatform(), security }}>
        <Listener />
      </ExkitProvider>,
    );
    events$.next({ type: 'toast', code: '00022', message: 'expired' });
    view.unmount();
    events$.next({ type: 'logout', code: '00023' });
    expect(seen).toEqual(['toast']);
  });

  it('without a security service the hook fails with MissingProviderError', () => {
    expect(() =>
      render(
        <ExkitProvider value={{ platform: memoryPlatform() }}>
          <Probe />
        </ExkitProvider>,
      ),
    ).toThrowError(expect.objectContaining({ name: 'MissingProviderError' }));
  });

  it('refetch() fetches the sign config again, bypassing the cache, and gets back to ready', async () => {
    const { security, fetches } = fakeSecurity(false);
    const result = renderSigningInit(security);
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(fetches).toEqual([{ force: false }]);
    act(() => result.current!.refetch());
    expect(await screen.findByText('ready')).toBeTruthy();
    expect(fetches).toEqual([{ force: false }, { force: true }]);
  });

  it('useSecurityEvents calls the latest callback it was given', () => {
    const { security, events$ } = fakeSecurity(false);
    const seen: string[] = [];
    function Listener({ tag }: { tag: string }) {
      useSecurityEvents((e) => seen.push(`${tag}:${e.type}`));
      return null;
    }
    const view = render(
      <ExkitProvider value={{ platform: memoryPlatform(), security }}>
        <Listener tag="first" />
      </ExkitProvider>,
    );
    events$.next({ type: 'toast', code: '00022', message: 'expired' });
    view.rerender(
      <ExkitProvider value={{ platform: memoryPlatform(), security }}>
        <Listener tag="second" />
      </ExkitProvider>,
    );
    events$.next({ type: 'logout', code: '00023' });
    expect(seen).toEqual(['first:toast', 'second:logout']);
  });

  it('useSecurityEvents follows a new security service from the provider', () => {
    const first = fakeSecurity(false);
    const second = fakeSecurity(false);
    const seen: string[] = [];
    function Listener() {
      useSecurityEvents((e) => seen.push(e.type));
      return null;
    }
    const platform = memoryPlatform();
    const view = render(
      <ExkitProvider value={{ platform, security: first.security }}>
        <Listener />
      </ExkitProvider>,
    );
    view.rerender(
      <ExkitProvider value={{ platform, security: second.security }}>
        <Listener />
      </ExkitProvider>,
    );
    first.events$.next({ type: 'toast', code: '00022', message: 'expired' });
    second.events$.next({ type: 'logout', code: '00023' });
    expect(seen).toEqual(['logout']);
  });
});
