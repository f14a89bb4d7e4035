import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createRiskTokenService } from '../../machines/risk-token.service.js';
import { ExkitProvider, MissingProviderError, useRiskToken } from '../../react/index.js';

const TOKEN = 'r'.repeat(40);

function Probe() {
  const { status, kind, pending, lastError, refresh } = useRiskToken();
  return (
    <button type="button" onClick={() => void refresh()}>
      {`${status}|${kind ?? '-'}|${pending ? 'pending' : 'idle'}|${lastError instanceof Error ? lastError.message : '-'}`}
    </button>
  );
}

afterEach(cleanup);

describe('useRiskToken', () => {
  it('shows status, token kind, pending flag and last error, and refresh() goes to the device service', async () => {
    const platform = memoryPlatform();
    const answers: Array<() => Promise<string>> = [
      () => Promise.reject(new Error('down')),
      () => Promise.reject(new Error('still down')),
      () => Promise.resolve(TOKEN),
    ];
    let calls = 0;
    const service = createRiskTokenService(platform, { fetchToken: () => answers[calls++]!() });
    render(
      <ExkitProvider value={{ platform, riskToken: service }}>
        <Probe />
      </ExkitProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('notInitialised|-|pending|-');
    await act(() => platform.advanceAsync(1000));
    expect(screen.getByRole('button').textContent).toBe('error|-|idle|still down');
    await act(async () => {
      screen.getByRole('button').click();
      await platform.advanceAsync(0);
    });
    expect(screen.getByRole('button').textContent).toBe('success|success|idle|-');
    expect(calls).toBe(3);
    service.dispose();
  });

  it('without a riskToken service it fails with MissingProviderError', () => {
    const platform = memoryPlatform();
    expect(() =>
      render(
        <ExkitProvider value={{ platform }}>
          <Probe />
        </ExkitProvider>,
      ),
    ).toThrow(MissingProviderError);
  });

  it('a server render shows no token (not initialised, no kind, not pending, no error), whatever the service holds', async () => {
    const platform = memoryPlatform();
    const service = createRiskTokenService(platform, { fetchToken: () => Promise.resolve(TOKEN) });
    await platform.advanceAsync(0);
    expect(service.actor.getSnapshot().value).toEqual({ status: 'success', refresh: 'idle' });
    const html = renderToString(
      <ExkitProvider value={{ platform, riskToken: service }}>
        <Probe />
      </ExkitProvider>,
    );
    expect(html).toBe('<button type="button">notInitialised|-|idle|-</button>');
    service.dispose();
  });

  it('refresh() goes to the service the provider holds now, after the provider swaps services', async () => {
    const platform = memoryPlatform();
    const calls: string[] = [];
    const first = createRiskTokenService(platform, { fetchToken: () => (calls.push('first'), Promise.resolve(TOKEN)), autoStart: false });
    const second = createRiskTokenService(platform, { fetchToken: () => (calls.push('second'), Promise.resolve(TOKEN)), autoStart: false });
    const view = render(
      <ExkitProvider value={{ platform, riskToken: first }}>
        <Probe />
      </ExkitProvider>,
    );
    await act(() => platform.advanceAsync(0));
    view.rerender(
      <ExkitProvider value={{ platform, riskToken: second }}>
        <Probe />
      </ExkitProvider>,
    );
    await act(() => platform.advanceAsync(0));
    expect(calls).toEqual(['first', 'second']);
    await act(async () => {
      screen.getByRole('button').click();
      await platform.advanceAsync(0);
    });
    expect(calls).toEqual(['first', 'second', 'second']);
    expect(screen.getByRole('button').textContent).toBe('success|success|idle|-');
    first.dispose();
    second.dispose();
  });
});
