import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/memory-platform.js';
import { createPreferences, PREFERENCES_COOKIE_NAME } from '../../core/preferences/index.js';
import { ExkitProvider } from '../../react/provider.js';
import { usePreferences } from '../../react/use-preferences.js';

function wrapperFor(services: Parameters<typeof ExkitProvider>[0]['value']) {
  return ({ children }: { children?: ReactNode }) => <ExkitProvider value={services}>{children}</ExkitProvider>;
}

describe('usePreferences()', () => {
  it('reads the provider’s preferences and re-renders when they change, writing the cookie', () => {
    const platform = memoryPlatform();
    const preferences = createPreferences(platform);
    const { result } = renderHook(() => usePreferences(), { wrapper: wrapperFor({ platform, preferences }) });
    expect(result.current.preferences).toMatchObject({ theme: 'black', direction: 'ltr' });
    act(() => void result.current.setPreferences({ language: 'ar', theme: 'white' }));
    expect(result.current.preferences).toMatchObject({ language: 'ar', theme: 'white', direction: 'rtl' });
    expect(JSON.parse(platform.cookies.get(PREFERENCES_COOKIE_NAME) ?? '{}')).toMatchObject({ language: 'ar', theme: 'white' });
    act(() => void result.current.resetPreferences());
    expect(result.current.preferences.theme).toBe('black');
  });

  it('follows changes made outside React', () => {
    const platform = memoryPlatform();
    const preferences = createPreferences(platform);
    const { result } = renderHook(() => usePreferences(), { wrapper: wrapperFor({ platform, preferences }) });
    act(() => void preferences.set({ unit: 'EUR' }));
    expect(result.current.preferences.unit).toBe('EUR');
  });

  it('throws MissingProviderError when the provider has no preferences service', () => {
    const platform = memoryPlatform();
    expect(() => renderHook(() => usePreferences(), { wrapper: wrapperFor({ platform }) })).toThrow(
      expect.objectContaining({ name: 'MissingProviderError' }),
    );
  });

  it('set and reset go to the service the provider holds now, after it swaps services', () => {
    const platform = memoryPlatform();
    const first = createPreferences(platform);
    const second = createPreferences(memoryPlatform());
    let services = { platform, preferences: first };
    const { result, rerender } = renderHook(() => usePreferences(), {
      wrapper: ({ children }: { children?: ReactNode }) => <ExkitProvider value={services}>{children}</ExkitProvider>,
    });
    services = { platform, preferences: second };
    rerender();
    act(() => void result.current.setPreferences({ theme: 'white' }));
    expect([first.get().theme, second.get().theme]).toEqual(['black', 'white']);
    act(() => void first.set({ theme: 'white' }));
    act(() => void result.current.resetPreferences());
    expect([first.get().theme, second.get().theme]).toEqual(['white', 'black']);
  });
});
