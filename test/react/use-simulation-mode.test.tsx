import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../core/platform/memory-platform.js';
import { createSimulationMode } from '../../core/simulation/simulation-mode.js';
import { simulationMachine } from '../../machines/simulation.machine.js';
import { ExkitProvider } from '../../react/provider.js';
import { useSimulationMode } from '../../react/use-simulation-mode.js';

afterEach(cleanup);

function setUp() {
  const platform = memoryPlatform({ href: 'https://ex.test/en/markets' });
  const simulation = createActor(simulationMachine, { input: { simulation: createSimulationMode(platform) } }).start();
  const wrapper = ({ children }: { children?: ReactNode }) => <ExkitProvider value={{ platform, simulation }}>{children}</ExkitProvider>;
  return { platform, simulation, wrapper };
}

function Mode() {
  const { on } = useSimulationMode();
  return <span>{String(on)}</span>;
}

describe('useSimulationMode', () => {
  it('a server render shows the mode off, even when the actor is on', () => {
    const { simulation, wrapper: Wrapper } = setUp();
    simulation.send({ type: 'TURN_ON' });
    expect(simulation.getSnapshot().matches('on')).toBe(true);
    expect(
      renderToString(
        <Wrapper>
          <Mode />
        </Wrapper>,
      ),
    ).toBe('<span>false</span>');
    // Rendered in the browser, the actor's own state shows.
    render(
      <Wrapper>
        <Mode />
      </Wrapper>,
    );
    expect(screen.getByText('true')).toBeTruthy();
  });

  it('turnOn(locale) lands on the page of that locale', () => {
    const { platform, wrapper } = setUp();
    const { result } = renderHook(() => useSimulationMode(), { wrapper });
    act(() => result.current.turnOn('de'));
    expect(result.current.on).toBe(true);
    expect(platform.navigations).toEqual(['https://ex.test/de/spot/BTCUSDT']);
  });

  it('turnOn() without a locale keeps the current page’s locale', () => {
    const { platform, wrapper } = setUp();
    const { result } = renderHook(() => useSimulationMode(), { wrapper });
    act(() => result.current.turnOn());
    expect(result.current.on).toBe(true);
    expect(platform.navigations).toEqual(['https://ex.test/en/spot/BTCUSDT']);
  });
});
