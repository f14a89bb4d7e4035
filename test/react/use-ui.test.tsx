import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import { ExkitProvider, useUi } from '../../react/index.js';

afterEach(cleanup);

describe('useUi', () => {
  it('returns the kit handed to the provider itself, never one made from the platform', () => {
    const platform = memoryPlatform({ dom: { window, document } });
    const ui = createUiKit(platform, { isolatedToaster: true });
    const { result } = renderHook(() => useUi(), {
      wrapper: ({ children }: { children: ReactNode }) => <ExkitProvider value={{ platform, ui }}>{children}</ExkitProvider>,
    });
    expect(result.current).toBe(ui);
  });

  it('without a kit in the provider, every hook on one platform shares one kit and another platform gets its own', () => {
    const platform = memoryPlatform({ dom: { window, document } });
    const other = memoryPlatform({ dom: { window, document } });
    const on = (p: typeof platform) =>
      function Wrapper({ children }: { children: ReactNode }) {
        return <ExkitProvider value={{ platform: p }}>{children}</ExkitProvider>;
      };
    const first = renderHook(() => useUi(), { wrapper: on(platform) });
    const second = renderHook(() => useUi(), { wrapper: on(platform) });
    const third = renderHook(() => useUi(), { wrapper: on(other) });
    expect(first.result.current.toast).toBeDefined();
    expect(second.result.current).toBe(first.result.current);
    first.rerender();
    expect(first.result.current).toBe(second.result.current);
    expect(third.result.current).not.toBe(first.result.current);
  });
});
