import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import { createUiKit } from '../../machines/index.js';
import type { UiKit } from '../../machines/index.js';
import type { LoadingOverlays } from '../../machines/loading.api.js';
import { ExkitProvider, useLoading } from '../../react/index.js';
import { invalid } from '../support/invalid-argument.js';

function setup() {
  const platform = memoryPlatform({ dom: { window, document } });
  const ui = createUiKit(platform, { isolatedToaster: true });
  // What the hook holds on the registry and on the overlays: subscriptions made and ended.
  const held = { registry: 0, overlays: 0 };
  const real = ui.loading;
  const loading: LoadingOverlays = {
    ...real,
    show: (target, onRemoved, options) => real.show(target, onRemoved, options),
    get: (target) => {
      const actor = real.get(target);
      if (!actor) return actor;
      return Object.assign(Object.create(actor) as typeof actor, {
        subscribe: (observer: Parameters<typeof actor.subscribe>[0]) => {
          const sub = actor.subscribe(observer);
          held.overlays += 1;
          return {
            unsubscribe: () => {
              held.overlays -= 1;
              sub.unsubscribe();
            },
          };
        },
      });
    },
    subscribe: (listener) => {
      const stop = real.subscribe(listener);
      held.registry += 1;
      return () => {
        held.registry -= 1;
        stop();
      };
    },
  };
  const kit: UiKit = { ...ui, loading };
  const wrapper = ({ children }: { children: ReactNode }) => <ExkitProvider value={{ platform, ui: kit }}>{children}</ExkitProvider>;
  return { platform, loading: real, held, wrapper };
}

afterEach(cleanup);

describe('useLoading', () => {
  it('hooks given one target share its overlay; hooks without a target each have their own', () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ a: useLoading('orders'), b: useLoading('orders'), own: useLoading(), otherOwn: useLoading() }), {
      wrapper,
    });
    act(() => void result.current.a.show({ text: 'Loading orders' }));
    expect(result.current.b.state).toBe('visible');
    expect(result.current.b.text).toBe('Loading orders');
    expect(result.current.own.state).toBe('removed');
    act(() => void result.current.own.show());
    expect(result.current.own.state).toBe('visible');
    expect(result.current.otherOwn.state).toBe('removed');
  });

  it('follows a new target given on a re-render', () => {
    const { wrapper, loading } = setup();
    const { result, rerender } = renderHook(({ target }: { target: string }) => useLoading(target), {
      wrapper,
      initialProps: { target: 'orders' },
    });
    act(() => void loading.show('balances', () => {}, { text: 'Loading balances' }));
    expect(result.current.state).toBe('removed');
    rerender({ target: 'balances' });
    expect(result.current.state).toBe('visible');
    expect(result.current.text).toBe('Loading balances');
  });

  it('unmounting ends its subscriptions to the registry and to the overlay', () => {
    const { wrapper, held } = setup();
    const { result, unmount } = renderHook(() => useLoading('orders'), { wrapper });
    expect(held.registry).toBeGreaterThan(0);
    act(() => void result.current.show());
    expect(held.overlays).toBeGreaterThan(0);
    unmount();
    expect(held).toEqual({ registry: 0, overlays: 0 });
  });

  it('calls onRemoved once the overlay it showed is gone', () => {
    const { wrapper, platform } = setup();
    let removed = 0;
    const { result } = renderHook(() => useLoading('orders', () => (removed += 1)), { wrapper });
    let release = () => {};
    act(() => void (release = result.current.show()));
    act(() => release());
    expect(removed).toBe(0);
    act(() => platform.advance(300));
    expect(result.current.state).toBe('removed');
    expect(removed).toBe(1);
  });

  it('track() of something that is not a promise rejects with an InvalidArgumentError saying a promise is needed', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useLoading('orders'), { wrapper });
    await expect(result.current.track({ then: 1 } as never)).rejects.toEqual(invalid('promise', 'useLoading: track needs a promise'));
    expect(result.current.state).toBe('removed');
  });
});
