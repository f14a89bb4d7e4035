import { act, cleanup, render, screen } from '@testing-library/react';
import { Observable } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../core/index.js';
import { ExkitProvider, useNativeEvent } from '../../react/index.js';
import { inApp } from '../core/bridge/setup.js';

afterEach(cleanup);

function Latest({ name }: { name: string }) {
  const event = useNativeEvent<{ n: number }>(name);
  return <span data-testid="latest">{event === undefined ? 'none' : String(event.n)}</span>;
}

const latest = () => screen.getByTestId('latest').textContent;

describe('useNativeEvent', () => {
  it('unmounting ends the subscription to the event', () => {
    const { platform, bridge } = inApp();
    let open = 0;
    const counting: Bridge = Object.create(bridge, {
      event$: {
        value: <T,>(name: string) =>
          new Observable<T>((subscriber) => {
            open++;
            const subscription = bridge.event$<T>(name).subscribe(subscriber);
            return () => {
              open--;
              subscription.unsubscribe();
            };
          }),
      },
    }) as Bridge;
    const view = render(
      <ExkitProvider value={{ platform, bridge: counting }}>
        <Latest name="tick" />
      </ExkitProvider>,
    );
    expect(open).toBe(1);
    view.unmount();
    expect(open).toBe(0);
  });

  it('a new name follows that event from scratch; the old name’s pushes no longer count', () => {
    const { platform, bridge, sim } = inApp();
    const view = render(
      <ExkitProvider value={{ platform, bridge }}>
        <Latest name="first" />
      </ExkitProvider>,
    );
    act(() => sim.push('first', { n: 1 }));
    expect(latest()).toBe('1');
    view.rerender(
      <ExkitProvider value={{ platform, bridge }}>
        <Latest name="second" />
      </ExkitProvider>,
    );
    expect(latest()).toBe('none');
    act(() => sim.push('first', { n: 2 }));
    expect(latest()).toBe('none');
    act(() => sim.push('second', { n: 3 }));
    expect(latest()).toBe('3');
  });

  it('a new bridge from the provider is the one listened to', () => {
    const first = inApp();
    const second = inApp();
    const view = render(
      <ExkitProvider value={{ platform: first.platform, bridge: first.bridge }}>
        <Latest name="tick" />
      </ExkitProvider>,
    );
    view.rerender(
      <ExkitProvider value={{ platform: first.platform, bridge: second.bridge }}>
        <Latest name="tick" />
      </ExkitProvider>,
    );
    act(() => first.sim.push('tick', { n: 1 }));
    expect(latest()).toBe('none');
    act(() => second.sim.push('tick', { n: 2 }));
    expect(latest()).toBe('2');
  });
});
