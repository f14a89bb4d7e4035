import { Subject } from 'rxjs';
import { createActor, SimulatedClock } from 'xstate';
import type { EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../core/platform/memory-platform.js';
import type { MemoryPlatform } from '../../core/platform/memory-platform.js';
import { createSimulationMode, SIMULATION_FLAG_KEY } from '../../core/simulation/simulation-mode.js';
import type { SimulationMode } from '../../core/simulation/simulation-mode.js';
import { createStore } from '../../core/storage/namespaced-store.js';
import { simulationMachine } from '../../machines/simulation.machine.js';
import type { SimulationEmitted, SimulationEvent } from '../../machines/simulation.machine.js';
import { walk } from './graph.js';
import { describeTransitionTable } from './transition-table.js';
import type { TableRun } from './transition-table.js';

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

describe('simulation mode — spec §S4', () => {
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
  ])('turning on from the futures page %s lands on the locale-prefixed futures page (spec §S2)', (href, landed, to) => {
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

  it('a TURN_ON whose locale is not one path segment is ignored: nothing is set and the page does not leave the site', () => {
    const p = memoryPlatform({ href: 'https://ex.test/markets' });
    const { actor } = start(p);
    const before = actor.getSnapshot().value;
    for (const locale of ['\\evil.example', '/evil.example', '..', '\\ ']) actor.send({ type: 'TURN_ON', locale } as never);
    expect([actor.getSnapshot().value, actor.getSnapshot().status, p.navigations]).toEqual([before, 'active', []]);
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

describe('simulation mode across tabs — spec §S4: changes in other tabs cause reload or redirect', () => {
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

// ---------------------------------------------------------------------------------------------------------------
// The transition table through a real actor (issue 24), on a fake simulation service that records every call the
// machine makes: the flag, the page it navigates to, reloads. Pages under /earn are off the allowed list; the
// landing page is /<locale or en>/landing and the spot page /spot.

interface FakeSimulation {
  on: boolean;
  path: string;
  calls: unknown[][];
  remote: Subject<boolean>;
}

function fakeSimulation(on: boolean, path: string, throwing: readonly string[] = []): { service: SimulationMode; state: FakeSimulation } {
  const state: FakeSimulation = { on, path, calls: [], remote: new Subject<boolean>() };
  const guard = <T>(name: string, run: () => T): T => {
    if (throwing.includes(name)) throw new Error(`${name} failed`);
    return run();
  };
  const service = {
    isOn: () => guard('isOn', () => state.on),
    setFlag: (value: boolean) => guard('setFlag', () => void state.calls.push(['setFlag', value])),
    isAllowed: (p: string) => guard('isAllowed', () => !p.startsWith('/earn')),
    landingFor: (p: string, locale?: string) =>
      guard('landingFor', () => `/${locale ?? 'en'}/landing${p.startsWith('/futures') ? '/futures' : ''}`),
    redirectFor: (p: string) => guard('redirectFor', () => (p.startsWith('/earn') ? '/spot' : p)),
    currentPath: () => guard('currentPath', () => state.path),
    navigate: (to: string) => guard('navigate', () => void state.calls.push(['navigate', to])),
    reload: () => guard('reload', () => void state.calls.push(['reload'])),
    remoteChanges$: state.remote,
  } as unknown as SimulationMode;
  return { service, state };
}

function startSimulation(input: unknown): TableRun & { fake: FakeSimulation } {
  const { on = false, path = '/markets' } = (input ?? {}) as { on?: boolean; path?: string };
  const { service, state } = fakeSimulation(on, path);
  const clock = new SimulatedClock();
  const actor = createActor(simulationMachine, { input: { simulation: service }, clock });
  const emitted: EventObject[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  return { actor, clock, emitted, fake: state };
}

const simulationCalls = (run: TableRun) => [...(run as TableRun & { fake: FakeSimulation }).fake.calls];
const redirected = (to: string) => [{ type: 'redirected', to } as EventObject];
const RELOADED = [{ type: 'reloaded' } as EventObject];
const ON = { on: 'browsing' };

describeTransitionTable({
  name: 'simulation mode: the transition table through a real actor (spec §S2, §S4)',
  start: startSimulation,
  effects: simulationCalls,
  states: {
    off: { value: 'off' },
    on: { value: ON, path: ['TURN_ON'] },
    'on from the start': { value: ON, input: { on: true } },
  },
  events: {
    TURN_ON: { type: 'TURN_ON' },
    'TURN_ON with a locale': { type: 'TURN_ON', locale: 'de' },
    'TURN_ON with a numeric locale': { type: 'TURN_ON', locale: 5 },
    TURN_OFF: { type: 'TURN_OFF' },
    'NAVIGATE to a disallowed page': { type: 'NAVIGATE', path: '/earn/flexible' },
    'NAVIGATE to an allowed page': { type: 'NAVIGATE', path: '/fee' },
    'NAVIGATE without a path': { type: 'NAVIGATE' },
    'REMOTE_CHANGED on': { type: 'REMOTE_CHANGED', on: true },
    'REMOTE_CHANGED off': { type: 'REMOTE_CHANGED', on: false },
    'REMOTE_CHANGED with a string': { type: 'REMOTE_CHANGED', on: 'true' },
    'an unknown event': { type: 'NOPE' },
    'a forged xstate.error event': { type: 'xstate.error.actor.other', error: 'forged' },
  },
  rows: [
    [
      'off',
      'TURN_ON',
      'on',
      redirected('/en/landing'),
      [
        ['setFlag', true],
        ['navigate', '/en/landing'],
      ],
    ],
    [
      'off',
      'TURN_ON with a locale',
      'on',
      redirected('/de/landing'),
      [
        ['setFlag', true],
        ['navigate', '/de/landing'],
      ],
    ],
    // Turned on in another tab: the flag is already set there; this tab only lands.
    ['off', 'REMOTE_CHANGED on', 'on', redirected('/en/landing'), [['navigate', '/en/landing']]],
    ['on', 'TURN_OFF', 'off', RELOADED, (calls: unknown[][]) => [...calls, ['setFlag', false], ['reload']]],
    ['on', 'REMOTE_CHANGED off', 'off', RELOADED, (calls: unknown[][]) => [...calls, ['reload']]],
    ['on', 'NAVIGATE to a disallowed page', 'on', redirected('/spot'), (calls: unknown[][]) => [...calls, ['navigate', '/spot']]],
    ['on from the start', 'TURN_OFF', 'off', RELOADED, [['setFlag', false], ['reload']]],
    ['on from the start', 'REMOTE_CHANGED off', 'off', RELOADED, [['reload']]],
    ['on from the start', 'NAVIGATE to a disallowed page', 'on from the start', redirected('/spot'), [['navigate', '/spot']]],
  ],
  // The catch-all takes a forged xstate.error event: it reports it under its own name and changes nothing.
  absorbed: Object.fromEntries(
    (['off', 'on', 'on from the start'] as const).map((state) => [state, ['a forged xstate.error event'] as const]),
  ),
  ignored: {
    off: [
      'TURN_ON with a numeric locale',
      'TURN_OFF',
      'NAVIGATE to a disallowed page',
      'NAVIGATE to an allowed page',
      'NAVIGATE without a path',
      'REMOTE_CHANGED off',
      'REMOTE_CHANGED with a string',
      'an unknown event',
    ],
    on: [
      'TURN_ON',
      'TURN_ON with a locale',
      'TURN_ON with a numeric locale',
      'NAVIGATE to an allowed page',
      'NAVIGATE without a path',
      'REMOTE_CHANGED on',
      'REMOTE_CHANGED with a string',
      'an unknown event',
    ],
    'on from the start': [
      'TURN_ON',
      'TURN_ON with a locale',
      'TURN_ON with a numeric locale',
      'NAVIGATE to an allowed page',
      'NAVIGATE without a path',
      'REMOTE_CHANGED on',
      'REMOTE_CHANGED with a string',
      'an unknown event',
    ],
  },
});

describe('simulation machine: starting, other tabs and a failing service', () => {
  it('starting with the flag on, on a disallowed page, redirects to the spot page at once', () => {
    const { service, state } = fakeSimulation(true, '/earn/x');
    const actor = createActor(simulationMachine, { input: { simulation: service }, clock: new SimulatedClock() });
    const emitted: EventObject[] = [];
    actor.on('*', (e) => void emitted.push(e));
    actor.start();
    expect(actor.getSnapshot().value).toStrictEqual(ON);
    expect(emitted).toStrictEqual(redirected('/spot'));
    expect(state.calls).toStrictEqual([['navigate', '/spot']]);
  });

  it('starting with the flag on, on an allowed page, stays without a redirect', () => {
    const { service, state } = fakeSimulation(true, '/markets');
    const actor = createActor(simulationMachine, { input: { simulation: service } }).start();
    expect(actor.getSnapshot().value).toStrictEqual(ON);
    expect(state.calls).toStrictEqual([]);
  });

  it('the other tabs feed reaches the machine as REMOTE_CHANGED; a failing feed is logged and the machine goes on', () => {
    const { service, state } = fakeSimulation(false, '/markets');
    const reports: unknown[] = [];
    const actor = createActor(simulationMachine, {
      input: { simulation: service, errors: { report: (r: unknown) => void reports.push(r) } },
    }).start();
    state.remote.next(true);
    expect(actor.getSnapshot().value).toStrictEqual(ON);
    state.remote.next(false);
    expect(actor.getSnapshot().value).toBe('off');
    state.remote.error(new Error('storage gone'));
    expect(actor.getSnapshot().status).toBe('active');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ message: expect.stringContaining('simulation.remoteChanges$') });
    actor.stop();
    expect(state.remote.observed).toBe(false);
  });

  it.each([
    ['isOn', true, '/markets', 'off', [], 1],
    ['isAllowed', true, '/earn/x', ON, [], 1],
    // Asked once to announce the redirect and once to go there: each failure is logged.
    ['redirectFor', true, '/earn/x', ON, [], 2],
  ] as const)('a service whose %s throws: logged, and the machine takes the safe answer', (method, on, path, value, calls, logged) => {
    const { service, state } = fakeSimulation(on, path, [method]);
    const reports: { message?: string }[] = [];
    const actor = createActor(simulationMachine, {
      input: { simulation: service, errors: { report: (r: { message?: string }) => void reports.push(r) } },
    });
    const emitted: EventObject[] = [];
    actor.on('*', (e) => void emitted.push(e));
    actor.start();
    expect(actor.getSnapshot().value).toStrictEqual(value);
    expect(state.calls).toStrictEqual(calls);
    expect(emitted).toStrictEqual([]);
    expect(reports.map((r) => r.message)).toStrictEqual(Array(logged).fill(expect.stringContaining(`simulation.${method}`)));
  });

  it('a landing page the service cannot work out is neither announced nor visited, but the flag is set', () => {
    const { service, state } = fakeSimulation(false, '/markets', ['landingFor']);
    const actor = createActor(simulationMachine, { input: { simulation: service, errors: { report: () => undefined } } });
    const emitted: EventObject[] = [];
    actor.on('*', (e) => void emitted.push(e));
    actor.start();
    actor.send({ type: 'TURN_ON' });
    expect(actor.getSnapshot().value).toStrictEqual(ON);
    expect(state.calls).toStrictEqual([['setFlag', true]]);
    expect(emitted).toStrictEqual([]);
  });

  it('a navigation the service refuses (navigate throws) still announces the redirect', () => {
    const { service, state } = fakeSimulation(true, '/markets', ['navigate']);
    const actor = createActor(simulationMachine, { input: { simulation: service, errors: { report: () => undefined } } });
    const emitted: EventObject[] = [];
    actor.on('*', (e) => void emitted.push(e));
    actor.start();
    actor.send({ type: 'NAVIGATE', path: '/earn' });
    expect(emitted).toStrictEqual(redirected('/spot'));
    expect(state.calls).toStrictEqual([]);
  });

  it('is the machine named simulation', () => {
    expect(simulationMachine.id).toBe('simulation');
  });
});

describe('simulation machine: its input and the names it logs failures under', () => {
  const failedStart = (input: unknown) => {
    const actor = createActor(simulationMachine, { input: input as never });
    actor.subscribe({ error: () => undefined });
    actor.start();
    return actor.getSnapshot();
  };
  const { service } = fakeSimulation(false, '/markets');
  const without = (name: string) => Object.fromEntries(Object.entries(service as object).filter(([k]) => k !== name));

  it.each([
    ['no service', {}],
    ['an empty object', { simulation: {} }],
    ['a service without reload', { simulation: without('reload') }],
    ['a service without remoteChanges$', { simulation: without('remoteChanges$') }],
    ['a service whose remoteChanges$ cannot be subscribed to', { simulation: { ...(service as object), remoteChanges$: {} } }],
  ] as [string, unknown][])('%s is an InvalidArgumentError naming simulation', (_name, input) => {
    const snapshot = failedStart(input);
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toMatchObject({
      name: 'InvalidArgumentError',
      code: 'INVALID_ARGUMENT',
      message: expect.stringMatching(/^simulation: input\.simulation must be a simulation-mode service \(createSimulationMode\), got /),
      extra: { field: 'input.simulation' },
    });
  });

  it('stopping the machine unsubscribes from the other tabs feed', () => {
    const { service: s, state } = fakeSimulation(false, '/markets');
    const actor = createActor(simulationMachine, { input: { simulation: s } }).start();
    expect(state.remote.observed).toBe(true);
    actor.stop();
    expect(state.remote.observed).toBe(false);
  });

  it.each([
    ['setFlag', false, { type: 'TURN_ON' }],
    ['landingFor', false, { type: 'TURN_ON' }],
    ['reload', true, { type: 'TURN_OFF' }],
    ['navigate', true, { type: 'NAVIGATE', path: '/earn' }],
    ['isAllowed', true, { type: 'NAVIGATE', path: '/earn' }],
  ] as const)('a throwing %s is reported under simulation.%s', (method, on, event) => {
    const { service: s, state } = fakeSimulation(on, '/markets', [method]);
    const reports: { message?: string }[] = [];
    const actor = createActor(simulationMachine, {
      input: { simulation: s, errors: { report: (r: { message?: string }) => void reports.push(r) } },
    }).start();
    actor.send(event as SimulationEvent);
    expect(reports.length).toBeGreaterThan(0);
    for (const r of reports) expect(r.message).toContain(`simulation.${method}`);
    // A page whose check failed counts as allowed: no redirect.
    if (method === 'isAllowed') expect(state.calls).toStrictEqual([]);
  });

  it('NAVIGATE without a path asks nothing of the service', () => {
    const { service: s, state } = fakeSimulation(true, '/markets', ['isAllowed']);
    const reports: unknown[] = [];
    const actor = createActor(simulationMachine, { input: { simulation: s, errors: { report: (r: unknown) => void reports.push(r) } } });
    actor.start();
    reports.length = 0;
    actor.send({ type: 'NAVIGATE' } as unknown as SimulationEvent);
    expect(reports).toStrictEqual([]);
    expect(state.calls).toStrictEqual([]);
  });
});

describe('simulation machine: an event is read only for the fields of its own type', () => {
  it('a REMOTE_CHANGED carrying a locale lands on the default landing page (the locale belongs to TURN_ON)', () => {
    const { service: s, state } = fakeSimulation(false, '/markets');
    const actor = createActor(simulationMachine, { input: { simulation: s } }).start();
    actor.send({ type: 'REMOTE_CHANGED', on: true, locale: 'de' } as unknown as SimulationEvent);
    expect(state.calls).toStrictEqual([['navigate', '/en/landing']]);
  });

  it('a TURN_ON carrying a path checks the current page, not that path (the path belongs to NAVIGATE)', () => {
    const { service: s, state } = fakeSimulation(false, '/markets');
    const actor = createActor(simulationMachine, { input: { simulation: s } }).start();
    actor.send({ type: 'TURN_ON', path: '/earn' } as unknown as SimulationEvent);
    expect(state.calls).toStrictEqual([
      ['setFlag', true],
      ['navigate', '/en/landing'],
    ]);
  });
});
