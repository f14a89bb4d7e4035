import { getShortestPaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../core/platform/memory-platform.js';
import type { MemoryPlatform } from '../../core/platform/memory-platform.js';
import { createSimulationMode, SIMULATION_FLAG_KEY } from '../../core/simulation/simulation-mode.js';
import { createStore } from '../../core/storage/namespaced-store.js';
import { simulationMachine } from '../../machines/simulation.machine.js';
import type { SimulationEmitted, SimulationEvent } from '../../machines/simulation.machine.js';

function start(platform: MemoryPlatform) {
  const simulation = createSimulationMode(platform);
  const actor = createActor(simulationMachine, { input: { simulation }, clock: platform.timers });
  const emitted: SimulationEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, simulation, emitted };
}

const flag = (p: MemoryPlatform) => createStore(p, 'common').get(SIMULATION_FLAG_KEY, false);

describe('simulation mode — seed 001 §4', () => {
  it('turning on sets the simulation-trade flag and redirects to the locale-prefixed landing page', () => {
    const p = memoryPlatform({ href: 'https://ex.test/ja/markets' });
    const { actor, emitted } = start(p);
    expect(actor.getSnapshot().value).toBe('off');
    actor.send({ type: 'TURN_ON' });
    expect(flag(p)).toBe(true);
    expect(p.navigations).toEqual(['https://ex.test/ja/spot/BTCUSDT']);
    expect(emitted).toEqual([{ type: 'redirected', to: '/ja/spot/BTCUSDT' }]);
    expect(actor.getSnapshot().matches('on')).toBe(true);
  });

  it('turning on with an explicit locale uses that locale', () => {
    const p = memoryPlatform({ href: 'https://ex.test/markets' });
    const { actor } = start(p);
    actor.send({ type: 'TURN_ON', locale: 'de' });
    expect(p.navigations).toEqual(['https://ex.test/de/spot/BTCUSDT']);
  });

  it('while on, visiting a page not on the allowed list redirects to the simulation spot page', () => {
    const p = memoryPlatform({ href: 'https://ex.test/en/spot/BTCUSDT' });
    createStore(p, 'common').set(SIMULATION_FLAG_KEY, true);
    const { actor } = start(p);
    actor.send({ type: 'NAVIGATE', path: '/en/futures/usdt/ETHUSDT' });
    expect(p.navigations).toEqual([]);
    actor.send({ type: 'NAVIGATE', path: '/en/earn' });
    expect(p.navigations).toEqual(['https://ex.test/en/spot/BTCUSDT']);
  });

  it('starting on a disallowed page while on redirects at once', () => {
    const p = memoryPlatform({ href: 'https://ex.test/vi/p2p' });
    createStore(p, 'common').set(SIMULATION_FLAG_KEY, true);
    const { actor } = start(p);
    expect(actor.getSnapshot().matches({ on: 'browsing' })).toBe(true);
    expect(p.navigations).toEqual(['https://ex.test/vi/spot/BTCUSDT']);
  });

  it('turning off clears the flag and reloads', () => {
    const p = memoryPlatform({ href: 'https://ex.test/spot/BTCUSDT' });
    createStore(p, 'common').set(SIMULATION_FLAG_KEY, true);
    const { actor, emitted } = start(p);
    actor.send({ type: 'TURN_OFF' });
    expect(flag(p)).toBe(false);
    expect(p.reloads).toBe(1);
    expect(emitted).toEqual([{ type: 'reloaded' }]);
    expect(actor.getSnapshot().value).toBe('off');
  });

  it('while off, navigation is never redirected', () => {
    const p = memoryPlatform({ href: 'https://ex.test/markets' });
    const { actor } = start(p);
    actor.send({ type: 'NAVIGATE', path: '/earn' });
    expect(p.navigations).toEqual([]);
  });
});

describe('simulation mode across tabs — seed 001 §4: changes in other tabs cause reload or redirect', () => {
  it('turning on in one tab redirects the other; turning off reloads it', () => {
    const browser = new MemoryBrowser();
    const a = memoryPlatform({ browser, href: 'https://ex.test/fr/markets' });
    const b = memoryPlatform({ browser, href: 'https://ex.test/fr/earn' });
    const tabA = start(a);
    const tabB = start(b);
    tabA.actor.send({ type: 'TURN_ON' });
    expect(tabB.actor.getSnapshot().matches('on')).toBe(true);
    expect(b.navigations).toEqual(['https://ex.test/fr/spot/BTCUSDT']);
    tabA.actor.send({ type: 'TURN_OFF' });
    expect(tabB.actor.getSnapshot().value).toBe('off');
    expect(b.reloads).toBe(1);
    expect(a.reloads).toBe(1);
  });

  it('an unrelated storage change in another tab does nothing', () => {
    const browser = new MemoryBrowser();
    const a = memoryPlatform({ browser });
    const b = memoryPlatform({ browser });
    const tabB = start(b);
    a.localStorage.setItem('other', '1');
    expect(tabB.actor.getSnapshot().value).toBe('off');
    expect(b.navigations).toEqual([]);
  });
});

describe('simulation machine paths', () => {
  const events: SimulationEvent[] = [
    { type: 'TURN_ON' },
    { type: 'TURN_OFF' },
    { type: 'NAVIGATE', path: '/earn' },
    { type: 'NAVIGATE', path: '/fee' },
    { type: 'REMOTE_CHANGED', on: true },
    { type: 'REMOTE_CHANGED', on: false },
  ];

  it('every state is reachable and each shortest path replays on a real platform', () => {
    const p0 = memoryPlatform();
    const paths = getShortestPaths(simulationMachine, { events, input: { simulation: createSimulationMode(p0) } });
    const states = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(states).toEqual(new Set(['"off"', '{"on":"browsing"}']));
    for (const path of paths) {
      const p = memoryPlatform({ href: 'https://ex.test/fee' });
      const { actor } = start(p);
      for (const step of path.steps) if (!step.event.type.startsWith('xstate.')) actor.send(step.event as SimulationEvent);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    }
  });

  it('every event is handled in some state (no event nobody handles)', () => {
    const handled = new Set<string>();
    const walk = (node: typeof simulationMachine.root) => {
      for (const key of node.transitions.keys()) handled.add(key);
      for (const child of Object.values(node.states)) walk(child);
    };
    walk(simulationMachine.root);
    for (const e of events) expect(handled.has(e.type), e.type).toBe(true);
  });
});
