import { getShortestPaths } from '@xstate/graph';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, SimulatedClock, waitFor } from 'xstate';
import type { AnyActorRef, EventObject } from 'xstate';
import { signingInitMachine } from '../../machines/signing-init.machine.js';
import { MissingSecurityError } from '../../machines/errors.js';
import type { SigningInitContext, SigningInitEvent } from '../../machines/signing-init.machine.js';
import { SigningInitError, parseSignConfig } from '../../core/security/index.js';
import type { ClientKeyPair, GatewaySignConfig, Security, SecurityEvent, VerifiedServerKey } from '../../core/security/index.js';
import { ROGUE_CERT, harness } from '../core/security/helpers.js';
import type { Harness } from '../core/security/helpers.js';
import { routeFakeSteps, settleable } from './settleable-actor.js';
import type { FakeCall } from './settleable-actor.js';
import { describeTransitionTable } from './transition-table.js';
import type { TableRun } from './transition-table.js';

const OPEN = parseSignConfig({ clientOpen: true, serverPublicKey: 'AAAA', serverPublicKeySign: 'AAAA' });
const CLOSED = parseSignConfig({ clientOpen: false });
const KEY: VerifiedServerKey = { der: new Uint8Array([1]), base64: 'AQ==', hash: 'ab' };
const PAIR: ClientKeyPair = { publicKey: 'P', privateKeyPem: 'K', algorithm: 'rsa1024', storedAt: 0 };
const STATES = ['notInitialised', 'fetchingConfig', 'configFetched', 'serverKeyVerified', 'ready', 'disabled'] as const;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as SigningInitEvent;
const error = (id: string, err: unknown) => ({ type: `xstate.error.actor.${id}`, error: err }) as unknown as SigningInitEvent;

describe('signing-init machine paths (spec §S4)', () => {
  const events: SigningInitEvent[] = [
    { type: 'INIT' },
    { type: 'REFETCH' },
    { type: 'RESET' },
    { type: 'CONFIG_RESET' },
    done('fetchConfig', OPEN),
    done('fetchConfig', CLOSED),
    error('fetchConfig', new Error('x')),
    done('verifyServerKey', KEY),
    error('verifyServerKey', new Error('x')),
    done('loadClientKey', PAIR),
    error('loadClientKey', new Error('x')),
  ];

  it('every state is reachable: not initialised → config fetched → server key verified → ready (and disabled)', () => {
    const paths = getShortestPaths(signingInitMachine, { events, input: {} });
    const reached = new Set(paths.map((p) => String(p.state.value)));
    expect([...reached].sort()).toEqual([...STATES].sort());
    const ready = paths.find((p) => p.state.value === 'ready')!;
    expect(ready.steps.map((s) => s.event.type)).toEqual([
      'xstate.init',
      'INIT',
      'xstate.done.actor.fetchConfig',
      'xstate.done.actor.verifyServerKey',
      'xstate.done.actor.loadClientKey',
    ]);
  });

  // What each event does in each state; '-' = ignored on purpose.
  const table: Record<(typeof STATES)[number], Partial<Record<string, string>>> = {
    notInitialised: { INIT: 'fetchingConfig', REFETCH: 'fetchingConfig', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised' },
    fetchingConfig: {
      INIT: '-',
      REFETCH: '-',
      RESET: 'notInitialised',
      CONFIG_RESET: 'notInitialised',
      'done fetchConfig open': 'configFetched',
      'done fetchConfig closed': 'disabled',
      'error fetchConfig': 'notInitialised',
    },
    configFetched: {
      INIT: '-',
      REFETCH: '-',
      RESET: 'notInitialised',
      CONFIG_RESET: 'notInitialised',
      'done verifyServerKey': 'serverKeyVerified',
      'error verifyServerKey': 'notInitialised',
    },
    serverKeyVerified: {
      INIT: '-',
      REFETCH: '-',
      RESET: 'notInitialised',
      CONFIG_RESET: 'notInitialised',
      'done loadClientKey': 'ready',
      'error loadClientKey': 'notInitialised',
    },
    ready: { INIT: '-', REFETCH: 'fetchingConfig', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised' },
    disabled: { INIT: 'fetchingConfig', REFETCH: 'fetchingConfig', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised' },
  };
  const label = (e: SigningInitEvent) => {
    const base = e.type.replace('xstate.done.actor.', 'done ').replace('xstate.error.actor.', 'error ');
    if (base !== 'done fetchConfig') return base;
    return (e as unknown as { output: GatewaySignConfig }).output.clientOpen ? `${base} open` : `${base} closed`;
  };
  it.each(STATES)('in %s every event is either handled as specified or deliberately ignored', (state) => {
    const snapshot = signingInitMachine.resolveState({
      value: state,
      context: { security: undefined, force: false, config: OPEN, serverKey: KEY, clientKey: PAIR, error: undefined },
    });
    for (const event of events) {
      const expected = table[state][label(event)] ?? '-';
      const next = getNextSnapshot(signingInitMachine, snapshot, event);
      if (expected === '-') expect(next.value, `${state} + ${label(event)}`).toBe(state);
      else expect(next.value, `${state} + ${label(event)}`).toBe(expected);
    }
  });
});

/** Provided actors that answer from scripted results, recording what they were asked. */
function scripted(
  options: {
    config?: GatewaySignConfig;
    fail?: 'fetchConfig' | 'verifyServerKey' | 'loadClientKey';
    events$?: Subject<SecurityEvent>;
  } = {},
) {
  const calls: string[] = [];
  const forces: boolean[] = [];
  const failure = new SigningInitError('SERVER_KEY_SIGNATURE_INVALID', 'nope');
  const machine = signingInitMachine.provide({
    actors: {
      fetchConfig: fromPromise(async ({ input }: { input: { security: Security | undefined; force: boolean } }) => {
        forces.push(input.force);
        if (options.fail === 'fetchConfig') throw failure;
        return options.config ?? OPEN;
      }),
      verifyServerKey: fromPromise(async () => {
        if (options.fail === 'verifyServerKey') throw failure;
        return KEY;
      }),
      loadClientKey: fromPromise(async () => {
        if (options.fail === 'loadClientKey') throw failure;
        return PAIR;
      }),
    },
    actions: {
      publishConfig: () => void calls.push('publishConfig'),
      publishServerKey: () => void calls.push('publishServerKey'),
      publishClientKey: () => void calls.push('publishClientKey'),
      resetSecurity: () => void calls.push('resetSecurity'),
      reportFailure: ({ context }) => void calls.push(`reportFailure:${(context.error as SigningInitError).code}`),
    },
  });
  const security = options.events$ ? ({ events$: options.events$ } as unknown as Security) : undefined;
  const actor = createActor(machine, { input: { security } });
  const emitted: string[] = [];
  actor.on('*', (e) => void emitted.push(e.type));
  actor.start();
  return { actor, calls, forces, emitted, failure };
}

const settle = (actor: AnyActorRef, value: string) => waitFor(actor, (s) => s.matches(value), { timeout: 2000 });

describe('signing-init machine runs (provided actors)', () => {
  it('INIT walks to ready, publishing config, server key and client key in order', async () => {
    const { actor, calls, forces, emitted } = scripted();
    actor.send({ type: 'INIT' });
    await settle(actor, 'ready');
    expect(calls).toEqual(['publishConfig', 'publishServerKey', 'publishClientKey']);
    expect(forces).toEqual([false]);
    expect(emitted).toEqual(['ready']);
    expect(actor.getSnapshot().context).toMatchObject({ config: OPEN, serverKey: KEY, clientKey: PAIR });
  });

  it.each(['fetchConfig', 'verifyServerKey', 'loadClientKey'] as const)(
    'a failing %s reports loginEncryptFailed, resets, and can be retried',
    async (step) => {
      const { actor, calls, emitted } = scripted({ fail: step });
      actor.send({ type: 'INIT' });
      await waitFor(actor, () => emitted.includes('failed'));
      expect(actor.getSnapshot().value).toBe('notInitialised');
      expect(calls).toContain('reportFailure:SERVER_KEY_SIGNATURE_INVALID');
      expect(calls.at(-1)).toBe('resetSecurity');
      expect(actor.getSnapshot().context).toMatchObject({ config: undefined, serverKey: undefined, clientKey: undefined });
      actor.send({ type: 'INIT' });
      await waitFor(actor, () => emitted.filter((e) => e === 'failed').length === 2);
    },
  );

  it('clientOpen off ends in disabled without verifying; REFETCH forces a fresh config', async () => {
    const { actor, calls, forces, emitted } = scripted({ config: CLOSED });
    actor.send({ type: 'INIT' });
    await settle(actor, 'disabled');
    expect(calls).toEqual(['publishConfig']);
    expect(emitted).toEqual(['disabled']);
    actor.send({ type: 'REFETCH' });
    await waitFor(actor, () => forces.length === 2);
    expect(forces).toEqual([false, true]);
  });

  it('REFETCH from ready refetches with force; RESET resets the service', async () => {
    const { actor, calls, forces } = scripted();
    actor.send({ type: 'INIT' });
    await settle(actor, 'ready');
    actor.send({ type: 'REFETCH' });
    await waitFor(actor, () => forces.length === 2 && actor.getSnapshot().matches('ready'));
    expect(forces).toEqual([false, true]);
    actor.send({ type: 'RESET' });
    expect(actor.getSnapshot().value).toBe('notInitialised');
    expect(calls.at(-1)).toBe('resetSecurity');
  });

  it('listens to the security service: a sign-error reset drops the state, refetchConfig re-runs init forced', async () => {
    const events$ = new Subject<SecurityEvent>();
    const { actor, calls, forces } = scripted({ events$ });
    actor.send({ type: 'INIT' });
    await settle(actor, 'ready');
    events$.next({ type: 'configReset' }); // our own RESET's echo: ignored
    expect(actor.getSnapshot().value).toBe('ready');
    events$.next({ type: 'configReset', code: '00021' });
    expect(actor.getSnapshot().value).toBe('notInitialised');
    expect(calls).not.toContain('resetSecurity');
    events$.next({ type: 'refetchConfig' });
    await settle(actor, 'ready');
    expect(forces).toEqual([false, true]);
  });
});

describe('signing-init machine with the real security service against the reference gateway', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('INIT → ready publishes everything the hooks need; a 00021 resets and re-fetches 2 s later', async () => {
    h = await harness();
    const actor = createActor(signingInitMachine, { input: { security: h.security }, clock: h.platform.timers }).start();
    actor.send({ type: 'INIT' });
    await settle(actor, 'ready');
    const snapshot = h.security.snapshot();
    expect(snapshot.config?.clientOpen).toBe(true);
    expect(snapshot.serverKey?.base64).toBe(h.gateway.config.serverPublicKey);
    expect(snapshot.clientKey?.algorithm).toBe('rsa1024');
    await h.login();
    expect(h.gateway.logins[0]?.encrypted).toBe(true);

    h.gateway.setConfig({ signModes: { ...h.gateway.config.signModes, '/v1/spot/': 0 } });
    expect((await h.api.post('v1/spot/account', { json: {} }).json<{ code: string }>()).code).toBe('00021');
    expect(actor.getSnapshot().value).toBe('notInitialised');
    const fetches = h.gateway.configFetches;
    await h.platform.advanceAsync(2000);
    await settle(actor, 'ready');
    expect(h.gateway.configFetches).toBe(fetches + 1);
    expect((await h.api.post('v1/spot/account', { json: {} }).json<{ code: string }>()).code).toBe('00000');
    actor.stop();
  });

  it('a config fetched once is served from session storage on the next INIT', async () => {
    h = await harness();
    const actor = createActor(signingInitMachine, { input: { security: h.security } }).start();
    actor.send({ type: 'INIT' });
    await settle(actor, 'ready');
    actor.send({ type: 'CONFIG_RESET' });
    actor.send({ type: 'INIT' });
    await settle(actor, 'ready');
    expect(h.gateway.configFetches).toBe(1);
    actor.stop();
  });

  it('an untrusted server key is reported as loginEncryptFailed and nothing is encrypted', async () => {
    h = await harness({ security: { certificatePem: ROGUE_CERT } });
    const actor = createActor(signingInitMachine, { input: { security: h.security } }).start();
    actor.send({ type: 'INIT' });
    await waitFor(actor, (s) => s.matches('notInitialised') && s.context.error !== undefined);
    expect(h.platform.reports).toEqual([
      expect.objectContaining({ event: 'loginEncryptFailed', data: { code: 'SERVER_KEY_SIGNATURE_INVALID' } }),
    ]);
    expect(h.security.snapshot()).toEqual({ config: undefined, serverKey: undefined, clientKey: undefined });
    await h.login();
    expect(h.gateway.logins[0]?.encrypted).toBe(false);
    actor.stop();
  });

  it('a key generation past 8 s fails the attempt (reported) and the late pair serves the retry', async () => {
    let finish: (pair: { publicKey: string; privateKeyPem: string }) => void = () => undefined;
    const real = (await import('../../core/security/index.js')).webCryptoEngine(globalThis.crypto.subtle);
    const slow = {
      ...real,
      generateKeyPair: () => new Promise<{ publicKey: string; privateKeyPem: string }>((resolve) => (finish = resolve)),
    };
    h = await harness({ security: { engine: slow } });
    const actor = createActor(signingInitMachine, { input: { security: h.security }, clock: h.platform.timers }).start();
    actor.send({ type: 'INIT' });
    await waitFor(actor, (s) => s.matches('serverKeyVerified'));
    await h.platform.advanceAsync(8000);
    await waitFor(actor, (s) => s.matches('notInitialised'));
    expect(h.platform.reports.map((r) => r.data?.code)).toEqual(['KEY_GENERATION_TIMEOUT']);
    finish(await real.generateKeyPair(1024));
    await vi.waitFor(() => expect(h!.events.some((e) => e.type === 'backupKeyStored')).toBe(true));
    actor.send({ type: 'INIT' });
    await settle(actor, 'ready');
    await h.login();
    expect(h.gateway.logins[0]?.encrypted).toBe(true);
    actor.stop();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The transition table through a real actor (issue 24): the config fetch, key check and key load are fakes the test
// settles, the security service is a fake that records every call the machine makes on it and whose events$ the
// test drives. Effects: the service calls, the fake calls made (and whether each still runs) and the context.

const FAILURE = new SigningInitError('SERVER_KEY_SIGNATURE_INVALID', 'nope');

interface SigningRun extends TableRun {
  fetches: FakeCall<{ force: boolean }>[];
  verifies: FakeCall<{ config: unknown }>[];
  loads: FakeCall<{ config: unknown }>[];
  service: unknown[][];
}

/** The fake service's methods the machine calls; `throwing` ones record the call and then throw THROWN. */
type ServiceMethod = 'setConfig' | 'setServerKey' | 'setClientKey' | 'reset' | 'reportInitFailure';
const THROWN = new Error('the service failed');

function startSigning(_input?: unknown, options: { throwing?: readonly ServiceMethod[]; noSecurity?: true } = {}): SigningRun {
  const fetches: SigningRun['fetches'] = [];
  const verifies: SigningRun['verifies'] = [];
  const loads: SigningRun['loads'] = [];
  const service: unknown[][] = [];
  const events$ = new Subject<SecurityEvent>();
  const record =
    (name: ServiceMethod) =>
    (...args: unknown[]) => {
      service.push([name, ...args]);
      if (options.throwing?.includes(name)) throw THROWN;
    };
  const security = options.noSecurity
    ? undefined
    : ({
        events$,
        setConfig: record('setConfig'),
        setServerKey: record('setServerKey'),
        setClientKey: record('setClientKey'),
        reset: record('reset'),
        reportInitFailure: record('reportInitFailure'),
      } as unknown as Security);
  const machine = signingInitMachine.provide({
    actors: {
      fetchConfig: settleable(fetches) as never,
      verifyServerKey: settleable(verifies) as never,
      loadClientKey: settleable(loads) as never,
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { security }, clock });
  const emitted: EventObject[] = [];
  actor.on('*', (e) => void emitted.push(e));
  actor.start();
  const lists: Record<string, FakeCall<unknown>[]> = { fetch: fetches, verify: verifies, load: loads };
  const routed = routeFakeSteps(
    actor,
    (e) => lists[(e as { to?: string }).to ?? ''] ?? [],
    (e) => e.type === 'security emits' && (events$.next((e as unknown as { event: SecurityEvent }).event), true),
  );
  return { actor: routed, clock, emitted, fetches, verifies, loads, service };
}

function signingEffects(run: TableRun) {
  const { fetches, verifies, loads, service } = run as SigningRun;
  const { force, config, serverKey, clientKey, error } = run.actor.getSnapshot().context as SigningInitContext;
  return {
    service: service.map((c) => [...c]),
    fetches: fetches.map((c) => ({ force: c.input.force, running: c.running })),
    verifies: verifies.map((c) => ({ config: c.input.config, running: c.running })),
    loads: loads.map((c) => ({ config: c.input.config, running: c.running })),
    context: { force, config, serverKey, clientKey, error },
  };
}
type SigningEffects = ReturnType<typeof signingEffects>;
const NOTHING = { force: false, config: undefined, serverKey: undefined, clientKey: undefined, error: undefined };
const fx = (over: Partial<Omit<SigningEffects, 'context'>> & { context?: Partial<SigningEffects['context']> } = {}) => ({
  service: [],
  fetches: [],
  verifies: [],
  loads: [],
  ...over,
  context: { ...NOTHING, ...over.context },
});
const fetch = (force: boolean, running: boolean) => ({ force, running });
const check = (running: boolean) => ({ config: OPEN, running });
const readyFx = fx({
  service: [
    ['setConfig', OPEN],
    ['setServerKey', KEY],
    ['setClientKey', PAIR],
  ],
  fetches: [fetch(false, false)],
  verifies: [check(false)],
  loads: [check(false)],
  context: { config: OPEN, serverKey: KEY, clientKey: PAIR },
});
const disabledFx = fx({ service: [['setConfig', CLOSED]], fetches: [fetch(false, false)], context: { config: CLOSED } });
const failedAfter = (service: unknown[][], calls: Partial<SigningEffects>) =>
  fx({ ...calls, service: [...service, ['reportInitFailure', FAILURE], ['reset']], context: { error: FAILURE } });
const FAILED = [{ type: 'failed', error: FAILURE } as EventObject];
/** The init failing on a step's malformed answer: the error names the step, what it got and what it expected. */
const MALFORMED = {
  config: new SigningInitError('CONFIG_INVALID', 'the fetchConfig step answered undefined, not a sign config'),
  key: new SigningInitError('SERVER_KEY_INVALID', 'the verifyServerKey step answered an object, not a verified server key'),
  clientKey: new SigningInitError('KEY_GENERATION_FAILED', 'the loadClientKey step answered null, not a client key pair'),
};
const malformedAfter = (error: SigningInitError, service: unknown[][], calls: Partial<SigningEffects>) =>
  fx({ ...calls, service: [...service, ['reportInitFailure', error], ['reset']], context: { error } });
const AFTER_FAILURE = failedAfter([], { fetches: [fetch(false, false)] });
const UNTAKEN_SIGNING = [
  'an unknown event',
  'service resets after its own RESET',
  'service emits something else',
  'service logs the user out',
] as const;
const ANSWERS_SIGNING = [
  'config open',
  'config closed',
  'config fails',
  'key verified',
  'key fails',
  'client key loaded',
  'client key fails',
  'config answers nothing',
  'key answers an object',
  'client key answers null',
] as const;
const except = <T extends string>(all: readonly T[], ...taken: T[]) => all.filter((a) => !taken.includes(a));

describeTransitionTable({
  name: 'signing init: the transition table through a real actor (spec §S4, §S8)',
  start: startSigning,
  effects: signingEffects,
  states: {
    notInitialised: { value: 'notInitialised' },
    'notInitialised after a failure': { value: 'notInitialised', path: ['INIT', 'config fails'] },
    fetchingConfig: { value: 'fetchingConfig', path: ['INIT'] },
    configFetched: { value: 'configFetched', path: ['INIT', 'config open'] },
    serverKeyVerified: { value: 'serverKeyVerified', path: ['INIT', 'config open', 'key verified'] },
    ready: { value: 'ready', path: ['INIT', 'config open', 'key verified', 'client key loaded'] },
    disabled: { value: 'disabled', path: ['INIT', 'config closed'] },
  },
  events: {
    INIT: { type: 'INIT' },
    REFETCH: { type: 'REFETCH' },
    RESET: { type: 'RESET' },
    CONFIG_RESET: { type: 'CONFIG_RESET' },
    'an unknown event': { type: 'NOPE' },
    'a forged xstate.error event': { type: 'xstate.error.actor.other', error: 'forged' },
    'config open': { type: 'fake.resolve', to: 'fetch', output: OPEN },
    'config closed': { type: 'fake.resolve', to: 'fetch', output: CLOSED },
    'config fails': { type: 'fake.reject', to: 'fetch', error: FAILURE },
    'key verified': { type: 'fake.resolve', to: 'verify', output: KEY },
    'key fails': { type: 'fake.reject', to: 'verify', error: FAILURE },
    'client key loaded': { type: 'fake.resolve', to: 'load', output: PAIR },
    'client key fails': { type: 'fake.reject', to: 'load', error: FAILURE },
    // A provided step (or the caller's service) answering nothing, or the wrong shape.
    'config answers nothing': { type: 'fake.resolve', to: 'fetch', output: undefined },
    'key answers an object': { type: 'fake.resolve', to: 'verify', output: { der: 'AQ==' } },
    'client key answers null': { type: 'fake.resolve', to: 'load', output: null },
    // The security service's events$ (a sign error resets its config; 00020/00021 asks for a fresh one).
    'service resets after a sign error': { type: 'security emits', event: { type: 'configReset', code: '00021' } },
    'service resets after its own RESET': { type: 'security emits', event: { type: 'configReset' } },
    'service asks for a refetch': { type: 'security emits', event: { type: 'refetchConfig' } },
    'service emits something else': { type: 'security emits', event: { type: 'backupKeyStored' } },
    // Another event with a sign-error code: only a configReset that carries one is a reset.
    'service logs the user out': { type: 'security emits', event: { type: 'logout', code: '00023' } },
  },
  rows: [
    ['notInitialised', 'INIT', 'fetchingConfig', [], fx({ fetches: [fetch(false, true)] })],
    ['notInitialised', 'REFETCH', 'fetchingConfig', [], fx({ fetches: [fetch(true, true)], context: { force: true } })],
    ['notInitialised', 'service asks for a refetch', 'fetchingConfig', [], fx({ fetches: [fetch(true, true)], context: { force: true } })],
    ['notInitialised', 'RESET', 'notInitialised', [], fx({ service: [['reset']] })],
    ['notInitialised', 'CONFIG_RESET', 'notInitialised'],
    ['notInitialised', 'service resets after a sign error', 'notInitialised'],
    // The next attempt starts with the last failure cleared.
    [
      'notInitialised after a failure',
      'INIT',
      'fetchingConfig',
      [],
      { ...AFTER_FAILURE, fetches: [fetch(false, false), fetch(false, true)], context: NOTHING },
    ],
    [
      'notInitialised after a failure',
      'REFETCH',
      'fetchingConfig',
      [],
      { ...AFTER_FAILURE, fetches: [fetch(false, false), fetch(true, true)], context: { ...NOTHING, force: true } },
    ],
    [
      'notInitialised after a failure',
      'service asks for a refetch',
      'fetchingConfig',
      [],
      { ...AFTER_FAILURE, fetches: [fetch(false, false), fetch(true, true)], context: { ...NOTHING, force: true } },
    ],
    // RESET drops the results and the service's state; the failure stays until the next attempt starts.
    ['notInitialised after a failure', 'RESET', 'notInitialised', [], { ...AFTER_FAILURE, service: [...AFTER_FAILURE.service, ['reset']] }],
    ['notInitialised after a failure', 'CONFIG_RESET', 'notInitialised'],
    ['notInitialised after a failure', 'service resets after a sign error', 'notInitialised'],
    [
      'fetchingConfig',
      'config open',
      'configFetched',
      [],
      fx({ service: [['setConfig', OPEN]], fetches: [fetch(false, false)], verifies: [check(true)], context: { config: OPEN } }),
    ],
    ['fetchingConfig', 'config closed', 'disabled', [{ type: 'disabled', config: CLOSED } as EventObject], disabledFx],
    ['fetchingConfig', 'config fails', 'notInitialised', FAILED, failedAfter([], { fetches: [fetch(false, false)] })],
    [
      'fetchingConfig',
      'config answers nothing',
      'notInitialised',
      [{ type: 'failed', error: MALFORMED.config } as EventObject],
      malformedAfter(MALFORMED.config, [], { fetches: [fetch(false, false)] }),
    ],
    ['fetchingConfig', 'RESET', 'notInitialised', [], fx({ service: [['reset']], fetches: [fetch(false, false)] })],
    ['fetchingConfig', 'CONFIG_RESET', 'notInitialised', [], fx({ fetches: [fetch(false, false)] })],
    ['fetchingConfig', 'service resets after a sign error', 'notInitialised', [], fx({ fetches: [fetch(false, false)] })],
    [
      'configFetched',
      'key verified',
      'serverKeyVerified',
      [],
      fx({
        service: [
          ['setConfig', OPEN],
          ['setServerKey', KEY],
        ],
        fetches: [fetch(false, false)],
        verifies: [check(false)],
        loads: [check(true)],
        context: { config: OPEN, serverKey: KEY },
      }),
    ],
    [
      'configFetched',
      'key fails',
      'notInitialised',
      FAILED,
      failedAfter([['setConfig', OPEN]], { fetches: [fetch(false, false)], verifies: [check(false)] }),
    ],
    [
      'configFetched',
      'key answers an object',
      'notInitialised',
      [{ type: 'failed', error: MALFORMED.key } as EventObject],
      malformedAfter(MALFORMED.key, [['setConfig', OPEN]], { fetches: [fetch(false, false)], verifies: [check(false)] }),
    ],
    [
      'configFetched',
      'RESET',
      'notInitialised',
      [],
      fx({ service: [['setConfig', OPEN], ['reset']], fetches: [fetch(false, false)], verifies: [check(false)] }),
    ],
    [
      'configFetched',
      'CONFIG_RESET',
      'notInitialised',
      [],
      fx({ service: [['setConfig', OPEN]], fetches: [fetch(false, false)], verifies: [check(false)] }),
    ],
    [
      'configFetched',
      'service resets after a sign error',
      'notInitialised',
      [],
      fx({ service: [['setConfig', OPEN]], fetches: [fetch(false, false)], verifies: [check(false)] }),
    ],
    ['serverKeyVerified', 'client key loaded', 'ready', [{ type: 'ready', config: OPEN } as EventObject], readyFx],
    [
      'serverKeyVerified',
      'client key fails',
      'notInitialised',
      FAILED,
      failedAfter(
        [
          ['setConfig', OPEN],
          ['setServerKey', KEY],
        ],
        { fetches: [fetch(false, false)], verifies: [check(false)], loads: [check(false)] },
      ),
    ],
    [
      'serverKeyVerified',
      'client key answers null',
      'notInitialised',
      [{ type: 'failed', error: MALFORMED.clientKey } as EventObject],
      malformedAfter(
        MALFORMED.clientKey,
        [
          ['setConfig', OPEN],
          ['setServerKey', KEY],
        ],
        { fetches: [fetch(false, false)], verifies: [check(false)], loads: [check(false)] },
      ),
    ],
    [
      'serverKeyVerified',
      'RESET',
      'notInitialised',
      [],
      fx({
        service: [['setConfig', OPEN], ['setServerKey', KEY], ['reset']],
        fetches: [fetch(false, false)],
        verifies: [check(false)],
        loads: [check(false)],
      }),
    ],
    [
      'serverKeyVerified',
      'CONFIG_RESET',
      'notInitialised',
      [],
      fx({
        service: [
          ['setConfig', OPEN],
          ['setServerKey', KEY],
        ],
        fetches: [fetch(false, false)],
        verifies: [check(false)],
        loads: [check(false)],
      }),
    ],
    [
      'serverKeyVerified',
      'service resets after a sign error',
      'notInitialised',
      [],
      fx({
        service: [
          ['setConfig', OPEN],
          ['setServerKey', KEY],
        ],
        fetches: [fetch(false, false)],
        verifies: [check(false)],
        loads: [check(false)],
      }),
    ],
    [
      'ready',
      'REFETCH',
      'fetchingConfig',
      [],
      { ...readyFx, fetches: [fetch(false, false), fetch(true, true)], context: { ...readyFx.context, force: true } },
    ],
    [
      'ready',
      'service asks for a refetch',
      'fetchingConfig',
      [],
      { ...readyFx, fetches: [fetch(false, false), fetch(true, true)], context: { ...readyFx.context, force: true } },
    ],
    ['ready', 'RESET', 'notInitialised', [], { ...readyFx, service: [...readyFx.service, ['reset']], context: NOTHING }],
    ['ready', 'CONFIG_RESET', 'notInitialised', [], { ...readyFx, context: NOTHING }],
    ['ready', 'service resets after a sign error', 'notInitialised', [], { ...readyFx, context: NOTHING }],
    ['disabled', 'INIT', 'fetchingConfig', [], { ...disabledFx, fetches: [fetch(false, false), fetch(false, true)] }],
    [
      'disabled',
      'REFETCH',
      'fetchingConfig',
      [],
      { ...disabledFx, fetches: [fetch(false, false), fetch(true, true)], context: { ...disabledFx.context, force: true } },
    ],
    [
      'disabled',
      'service asks for a refetch',
      'fetchingConfig',
      [],
      { ...disabledFx, fetches: [fetch(false, false), fetch(true, true)], context: { ...disabledFx.context, force: true } },
    ],
    ['disabled', 'RESET', 'notInitialised', [], { ...disabledFx, service: [...disabledFx.service, ['reset']], context: NOTHING }],
    ['disabled', 'CONFIG_RESET', 'notInitialised', [], { ...disabledFx, context: NOTHING }],
    ['disabled', 'service resets after a sign error', 'notInitialised', [], { ...disabledFx, context: NOTHING }],
  ],
  // The catch-all takes a forged xstate.error event: it reports it under its own name and changes nothing.
  absorbed: Object.fromEntries(
    (
      [
        'notInitialised',
        'notInitialised after a failure',
        'fetchingConfig',
        'configFetched',
        'serverKeyVerified',
        'ready',
        'disabled',
      ] as const
    ).map((state) => [state, ['a forged xstate.error event'] as const]),
  ),
  ignored: {
    notInitialised: [...UNTAKEN_SIGNING, ...ANSWERS_SIGNING],
    'notInitialised after a failure': [...UNTAKEN_SIGNING, ...ANSWERS_SIGNING],
    fetchingConfig: [
      'INIT',
      'REFETCH',
      'service asks for a refetch',
      ...UNTAKEN_SIGNING,
      ...except(ANSWERS_SIGNING, 'config open', 'config closed', 'config fails', 'config answers nothing'),
    ],
    configFetched: [
      'INIT',
      'REFETCH',
      'service asks for a refetch',
      ...UNTAKEN_SIGNING,
      ...except(ANSWERS_SIGNING, 'key verified', 'key fails', 'key answers an object'),
    ],
    serverKeyVerified: [
      'INIT',
      'REFETCH',
      'service asks for a refetch',
      ...UNTAKEN_SIGNING,
      ...except(ANSWERS_SIGNING, 'client key loaded', 'client key fails', 'client key answers null'),
    ],
    ready: ['INIT', ...UNTAKEN_SIGNING, ...ANSWERS_SIGNING],
    disabled: [...UNTAKEN_SIGNING, ...ANSWERS_SIGNING],
  },
});

// ---------------------------------------------------------------------------------------------------------------
// What the machine asks of its security service, and what it does without one.

describe('signing init and its security service (spec §S4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const silenceConsole = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const walk = (run: SigningRun, ...steps: string[]) => {
    for (const s of steps) {
      if (s === 'config open') run.actor.send({ type: 'fake.resolve', to: 'fetch', output: OPEN });
      else if (s === 'config fails') run.actor.send({ type: 'fake.reject', to: 'fetch', error: FAILURE });
      else if (s === 'key verified') run.actor.send({ type: 'fake.resolve', to: 'verify', output: KEY });
      else if (s === 'client key loaded') run.actor.send({ type: 'fake.resolve', to: 'load', output: PAIR });
      else run.actor.send({ type: s });
    }
  };

  it.each(['fetchConfig', 'verifyServerKey', 'loadClientKey'] as const)(
    'a default %s given no security service fails the attempt with MissingSecurityError and reports nothing that throws',
    async (step) => {
      const console = silenceConsole();
      const order = ['fetchConfig', 'verifyServerKey', 'loadClientKey'] as const;
      const answers = { fetchConfig: OPEN, verifyServerKey: KEY, loadClientKey: PAIR };
      const before = Object.fromEntries(order.slice(0, order.indexOf(step)).map((name) => [name, fromPromise(async () => answers[name])]));
      const actor = createActor(signingInitMachine.provide({ actors: before }), { input: {} });
      const emitted: EventObject[] = [];
      actor.on('*', (e) => void emitted.push(e));
      actor.start();
      actor.send({ type: 'INIT' });
      await waitFor(actor, () => emitted.length > 0, { timeout: 2000 });
      const { error } = emitted[0] as unknown as { error: MissingSecurityError };
      expect(emitted.map((e) => e.type)).toStrictEqual(['failed']);
      expect(error).toBeInstanceOf(MissingSecurityError);
      expect({ name: error.name, code: error.code }).toStrictEqual({ name: 'MissingSecurityError', code: 'MISSING_SECURITY' });
      expect(actor.getSnapshot().value).toBe('notInitialised');
      expect(actor.getSnapshot().status).toBe('active');
      expect(actor.getSnapshot().children.watchSecurity?.getSnapshot().status).toBe('active');
      expect(console).not.toHaveBeenCalled();
      actor.stop();
    },
  );

  it('with provided actors and no security service it reaches ready, resets and fails without calling or logging anything', () => {
    const console = silenceConsole();
    const run = startSigning(undefined, { noSecurity: true });
    walk(run, 'INIT', 'config open', 'key verified', 'client key loaded');
    expect(run.actor.getSnapshot().value).toBe('ready');
    walk(run, 'RESET', 'INIT', 'config fails');
    expect(run.actor.getSnapshot().value).toBe('notInitialised');
    expect(run.emitted).toStrictEqual([
      { type: 'ready', config: OPEN },
      { type: 'failed', error: FAILURE },
    ]);
    expect(run.actor.getSnapshot().children.watchSecurity?.getSnapshot().status).toBe('active');
    expect(console).not.toHaveBeenCalled();
  });

  it.each(['setConfig', 'setServerKey', 'setClientKey', 'reset', 'reportInitFailure'] as const)(
    'a service %s that throws is logged under its name (security.<method>) and the machine goes on',
    (method) => {
      const console = silenceConsole();
      const run = startSigning(undefined, { throwing: [method] });
      walk(run, 'INIT', 'config open', 'key verified', 'client key loaded', 'RESET', 'INIT', 'config fails');
      expect(run.actor.getSnapshot().value).toBe('notInitialised');
      expect(run.emitted).toStrictEqual([
        { type: 'ready', config: OPEN },
        { type: 'failed', error: FAILURE },
      ]);
      const calls = run.service.filter(([name]) => name === method).length;
      expect(calls).toBe(method === 'reset' ? 2 : 1);
      expect(console.mock.calls).toStrictEqual(Array.from({ length: calls }, () => [`[exkit] security.${method} threw`, THROWN]));
    },
  );

  it('a step that answers nothing fails the init on that step: no disabled without a config, no ready without keys', () => {
    const empty = startSigning();
    walk(empty, 'INIT');
    empty.actor.send({ type: 'fake.resolve', to: 'fetch', output: undefined });
    expect(empty.actor.getSnapshot().value).toBe('notInitialised');
    expect(empty.actor.getSnapshot().context.error).toMatchObject({ name: 'SigningInitError', code: 'CONFIG_INVALID' });
    expect(empty.service).toStrictEqual([['reportInitFailure', MALFORMED.config], ['reset']]);

    const keys = startSigning();
    walk(keys, 'INIT', 'config open');
    keys.actor.send({ type: 'fake.resolve', to: 'verify', output: undefined });
    expect(keys.actor.getSnapshot().value).toBe('notInitialised');
    expect(keys.actor.getSnapshot().context.error).toMatchObject({ code: 'SERVER_KEY_INVALID' });
    expect(keys.service.map(([method]) => method)).toStrictEqual(['setConfig', 'reportInitFailure', 'reset']);
  });

  it('an answer whose every read throws is malformed: the init fails on that step instead of a throw inside a guard', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('hostile read');
        },
        has() {
          throw new Error('hostile read');
        },
        getPrototypeOf() {
          throw new Error('hostile read');
        },
      },
    );
    for (const [steps, to, code] of [
      [['INIT'], 'fetch', 'CONFIG_INVALID'],
      [['INIT', 'config open'], 'verify', 'SERVER_KEY_INVALID'],
      [['INIT', 'config open', 'key verified'], 'load', 'KEY_GENERATION_FAILED'],
    ] as const) {
      const run = startSigning();
      walk(run, ...steps);
      run.actor.send({ type: 'fake.resolve', to, output: hostile });
      expect(run.actor.getSnapshot().status).toBe('active');
      expect(run.actor.getSnapshot().value).toBe('notInitialised');
      expect(run.actor.getSnapshot().context.error).toMatchObject({ name: 'SigningInitError', code });
      expect(run.service.slice(-2).map(([method]) => method)).toStrictEqual(['reportInitFailure', 'reset']);
    }
  });

  it.each(['config answers nothing', 'config fails'])(
    'a refetch from ready that ends in "%s" drops the config and keys of the earlier init',
    (outcome) => {
      const run = startSigning();
      walk(run, 'INIT', 'config open', 'key verified', 'client key loaded', 'REFETCH');
      expect(run.actor.getSnapshot().context).toMatchObject({ config: OPEN, serverKey: KEY, clientKey: PAIR });
      if (outcome === 'config fails') walk(run, 'config fails');
      else run.actor.send({ type: 'fake.resolve', to: 'fetch', output: undefined });
      expect(run.actor.getSnapshot().value).toBe('notInitialised');
      expect(run.actor.getSnapshot().context).toMatchObject({ config: undefined, serverKey: undefined, clientKey: undefined });
    },
  );

  it('the default config fetch reads the cache on INIT (also from disabled after a REFETCH) and bypasses it on REFETCH', async () => {
    const asked: unknown[] = [];
    const security = {
      events$: new Subject<SecurityEvent>(),
      fetchConfig: async (options: unknown) => (asked.push(options), CLOSED),
      setConfig: () => undefined,
    } as unknown as Security;
    const actor = createActor(signingInitMachine, { input: { security } }).start();
    for (const [type, count] of [
      ['INIT', 1],
      ['REFETCH', 2],
      ['INIT', 3],
    ] as const) {
      actor.send({ type });
      await waitFor(actor, (s) => asked.length === count && s.matches('disabled'), { timeout: 2000 });
    }
    expect(asked).toStrictEqual([{ force: false }, { force: true }, { force: false }]);
    actor.stop();
  });

  it('stopping the machine unsubscribes from the service events', () => {
    const events$ = new Subject<SecurityEvent>();
    const actor = createActor(signingInitMachine, { input: { security: { events$ } as unknown as Security } }).start();
    expect(events$.observed).toBe(true);
    actor.stop();
    expect(events$.observed).toBe(false);
  });
});
