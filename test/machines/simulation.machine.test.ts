import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../core/platform/memory-platform.js';
import type { MemoryPlatform } from '../../core/platform/memory-platform.js';
import { createSimulationMode, SIMULATION_FLAG_KEY } from '../../core/simulation/simulation-mode.js';
import { createStore } from '../../core/storage/namespaced-store.js';
import { simulationMachine } from '../../machines/simulation.machine.js';
import type { SimulationEmitted, SimulationEvent } from '../../machines/simulation.machine.js';
import { walk } from './graph.js';

function start(platform: MemoryPlatform) {
  const simulation = createSimulationMode(platform);
  // XState's SimulatedClock: the machine has no delays of its own, so nothing may wait on real time.
  const actor = createActor(simulationMachine, { input: { simulation }, clock: new SimulatedClock() });
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

  it.each([
    ['https://ex.test/en/futures/usdt/ETHUSDT', 'https://ex.test/en/futures/usdt/BTCUSDT', '/en/futures/usdt/BTCUSDT'],
    ['https://ex.test/zh-CN/futures/coin/BTCUSD', 'https://ex.test/zh-CN/futures/usdt/BTCUSDT', '/zh-CN/futures/usdt/BTCUSDT'],
    ['https://ex.test/futures/usdt/ETHUSDT', 'https://ex.test/futures/usdt/BTCUSDT', '/futures/usdt/BTCUSDT'],
    ['https://ex.test/EN/futures/usdt/ETHUSDT', 'https://ex.test/en/futures/usdt/BTCUSDT', '/en/futures/usdt/BTCUSDT'],
  ])('turning on from the futures page %s lands on the locale-prefixed futures page (seed 001 §2)', (href, landed, to) => {
    const p = memoryPlatform({ href });
    const { actor, emitted } = start(p);
    actor.send({ type: 'TURN_ON' });
    expect(p.navigations).toEqual([landed]);
    expect(emitted).toEqual([{ type: 'redirected', to }]);
  });

  it.each([
    ['https://ex.test/ja/futuresX/usdt', 'https://ex.test/ja/spot/BTCUSDT'],
    ['https://ex.test/ja/futures', 'https://ex.test/ja/spot/BTCUSDT'],
    ['https://ex.test/ja/spot/ETHUSDT', 'https://ex.test/ja/spot/BTCUSDT'],
    ['https://ex.test/asset/futures', 'https://ex.test/spot/BTCUSDT'],
    ['https://ex.test/Ja/markets', 'https://ex.test/ja/spot/BTCUSDT'],
  ])('turning on from %s (not under /futures/) lands on the spot page', (href, landed) => {
    const p = memoryPlatform({ href });
    const { actor } = start(p);
    actor.send({ type: 'TURN_ON' });
    expect(p.navigations).toEqual([landed]);
  });

  it('turning on from a futures page with an explicit locale uses that locale', () => {
    const p = memoryPlatform({ href: 'https://ex.test/futures/usdt/ETHUSDT' });
    const { actor } = start(p);
    actor.send({ type: 'TURN_ON', locale: 'de' });
    expect(p.navigations).toEqual(['https://ex.test/de/futures/usdt/BTCUSDT']);
  });

  it('a disallowed page redirects to the spot page, a futures page too when a custom list leaves it out', () => {
    const p = memoryPlatform({ href: 'https://ex.test/en/spot/BTCUSDT' });
    createStore(p, 'common').set(SIMULATION_FLAG_KEY, true);
    const simulation = createSimulationMode(p, { allowedPaths: ['/spot/'] });
    const actor = createActor(simulationMachine, { input: { simulation }, clock: new SimulatedClock() }).start();
    actor.send({ type: 'NAVIGATE', path: '/en/futures/usdt/ETHUSDT' });
    expect(p.navigations).toEqual(['https://ex.test/en/spot/BTCUSDT']);
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

  it('every state is reachable, no event goes unhandled, and each shortest path replays on a real platform', () => {
    const p0 = memoryPlatform();
    const { paths, values, unhandled } = walk(simulationMachine, { events, input: { simulation: createSimulationMode(p0) } });
    expect(new Set(values)).toEqual(new Set(['"off"', '{"on":"browsing"}']));
    expect(unhandled).toEqual([]);
    for (const path of paths) {
      const p = memoryPlatform({ href: 'https://ex.test/fee' });
      const { actor } = start(p);
      for (const step of path.steps) if (!step.event.type.startsWith('xstate.')) actor.send(step.event as SimulationEvent);
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    }
  });

  it('the walk would report an event no state takes', () => {
    const { unhandled } = walk(simulationMachine, {
      events: [...events, { type: 'UNKNOWN' } as unknown as SimulationEvent],
      input: { simulation: createSimulationMode(memoryPlatform()) },
    });
    expect(unhandled).toEqual(['UNKNOWN']);
  });
});
