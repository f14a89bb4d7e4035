// ExkitProvider hands its services to the hooks and starts after mount what was made not to start on its own;
// useExkit and useExkitService fail with MissingProviderError naming what is missing.
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ErrorBoundary } from '../support/error-boundary.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createRiskTokenService } from '../../machines/risk-token.service.js';
import { ExkitProvider, MissingProviderError, useExkit, useExkitService } from '../../react/index.js';
import type { ExkitServices } from '../../react/index.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The typed error's parts, as the boundary shows them. */
const showMissing = (error: unknown) => {
  const { name, code, message } = error as MissingProviderError;
  return `${error instanceof MissingProviderError ? 'typed' : 'untyped'}|${name}|${code}|${message}`;
};

/** What a component calling `hook` shows: the error it threw, caught by an error boundary. */
function errorOf(hook: () => unknown, value?: ExkitServices): string | null {
  // React reports the caught render error on the console; the boundary's output is what is checked.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  function Probe() {
    hook();
    return <p>rendered</p>;
  }
  const tree = (
    <ErrorBoundary show={showMissing}>
      <Probe />
    </ErrorBoundary>
  );
  render(value ? <ExkitProvider value={value}>{tree}</ExkitProvider> : tree);
  return screen.queryByTestId('error')?.textContent ?? null;
}

const HINT = 'is not available: wrap the tree in <ExkitProvider> and pass it.';

describe('useExkit', () => {
  it('outside <ExkitProvider> throws MissingProviderError (MISSING_PROVIDER) naming ExkitProvider', () => {
    expect(errorOf(() => useExkit())).toBe(`typed|MissingProviderError|MISSING_PROVIDER|ExkitProvider ${HINT}`);
  });

  it('inside returns the very services handed to the nearest provider', () => {
    const outer: ExkitServices = { platform: memoryPlatform() };
    const inner: ExkitServices = { platform: memoryPlatform() };
    const { result } = renderHook(() => useExkit(), {
      wrapper: ({ children }) => (
        <ExkitProvider value={outer}>
          <ExkitProvider value={inner}>{children}</ExkitProvider>
        </ExkitProvider>
      ),
    });
    expect(result.current).toBe(inner);
  });
});

describe('useExkitService', () => {
  it('returns the service given', () => {
    const platform = memoryPlatform();
    const { result } = renderHook(() => useExkitService('platform'), {
      wrapper: ({ children }) => <ExkitProvider value={{ platform }}>{children}</ExkitProvider>,
    });
    expect(result.current).toBe(platform);
  });

  it("a service left out or given as null throws MissingProviderError naming it: The 'http' service", () => {
    const platform = memoryPlatform();
    const expected = `typed|MissingProviderError|MISSING_PROVIDER|The 'http' service ${HINT}`;
    expect(errorOf(() => useExkitService('http'), { platform })).toBe(expected);
    cleanup();
    expect(errorOf(() => useExkitService('http'), { platform, http: undefined })).toBe(expected);
    cleanup();
    expect(errorOf(() => useExkitService('http'), { platform, http: null } as unknown as ExkitServices)).toBe(expected);
  });

  it('outside any provider names the provider, not the service', () => {
    expect(errorOf(() => useExkitService('bridge'))).toBe(`typed|MissingProviderError|MISSING_PROVIDER|ExkitProvider ${HINT}`);
  });
});

describe('ExkitProvider starts a risk token made with autoStart: false after mount', () => {
  function idleService(platform = memoryPlatform()) {
    const fetched: number[] = [];
    const service = createRiskTokenService(platform, {
      autoStart: false,
      fetchToken: () => {
        fetched.push(fetched.length);
        return Promise.resolve('r'.repeat(40));
      },
    });
    return { platform, service, fetched };
  }

  it('a server render starts nothing; mounting starts it once, and a re-render with the same service does not start it again', async () => {
    const { platform, service, fetched } = idleService();
    renderToString(<ExkitProvider value={{ platform, riskToken: service }} />);
    await platform.advanceAsync(0);
    expect(fetched).toEqual([]);
    const { rerender } = render(<ExkitProvider value={{ platform, riskToken: service }} />);
    await act(() => platform.advanceAsync(0));
    expect(fetched).toEqual([0]);
    rerender(<ExkitProvider value={{ platform, riskToken: service }}>x</ExkitProvider>);
    await act(() => platform.advanceAsync(0));
    expect(fetched).toEqual([0]);
    service.dispose();
  });

  it('a new risk token handed in on a later render is started too', async () => {
    const first = idleService();
    const second = idleService(first.platform);
    const { rerender } = render(<ExkitProvider value={{ platform: first.platform, riskToken: first.service }} />);
    await act(() => first.platform.advanceAsync(0));
    rerender(<ExkitProvider value={{ platform: first.platform, riskToken: second.service }} />);
    await act(() => first.platform.advanceAsync(0));
    expect([first.fetched, second.fetched]).toEqual([[0], [0]]);
    first.service.dispose();
    second.service.dispose();
  });
});
