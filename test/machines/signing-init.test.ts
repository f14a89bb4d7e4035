import { getShortestPaths } from '@xstate/graph';
import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { signingInitMachine } from '../../machines/signing-init.machine.js';
import type { SigningInitEvent } from '../../machines/signing-init.machine.js';
import { SigningInitError, parseSignConfig } from '../../core/security/index.js';
import type { ClientKeyPair, GatewaySignConfig, Security, SecurityEvent, VerifiedServerKey } from '../../core/security/index.js';
import { ROGUE_CERT, harness } from '../core/security/helpers.js';
import type { Harness } from '../core/security/helpers.js';

const OPEN = parseSignConfig({ clientOpen: true, serverPublicKey: 'AAAA', serverPublicKeySign: 'AAAA' });
const CLOSED = parseSignConfig({ clientOpen: false });
const KEY: VerifiedServerKey = { der: new Uint8Array([1]), base64: 'AQ==', hash: 'ab' };
const PAIR: ClientKeyPair = { publicKey: 'P', privateKeyPem: 'K', algorithm: 'rsa1024', storedAt: 0 };
const STATES = ['notInitialised', 'fetchingConfig', 'configFetched', 'serverKeyVerified', 'ready', 'disabled'] as const;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as unknown as SigningInitEvent;
const error = (id: string, err: unknown) => ({ type: `xstate.error.actor.${id}`, error: err }) as unknown as SigningInitEvent;

describe('signing-init machine paths (seed 001 §4)', () => {
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
    fetchingConfig: { INIT: '-', REFETCH: '-', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised', 'done fetchConfig open': 'configFetched', 'done fetchConfig closed': 'disabled', 'error fetchConfig': 'notInitialised' },
    configFetched: { INIT: '-', REFETCH: '-', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised', 'done verifyServerKey': 'serverKeyVerified', 'error verifyServerKey': 'notInitialised' },
    serverKeyVerified: { INIT: '-', REFETCH: '-', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised', 'done loadClientKey': 'ready', 'error loadClientKey': 'notInitialised' },
    ready: { INIT: '-', REFETCH: 'fetchingConfig', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised' },
    disabled: { INIT: 'fetchingConfig', REFETCH: 'fetchingConfig', RESET: 'notInitialised', CONFIG_RESET: 'notInitialised' },
  };
  const label = (e: SigningInitEvent) => {
    const base = e.type.replace('xstate.done.actor.', 'done ').replace('xstate.error.actor.', 'error ');
    if (base !== 'done fetchConfig') return base;
    return (e as unknown as { output: GatewaySignConfig }).output.clientOpen ? `${base} open` : `${base} closed`;
  };
  it.each(STATES)('in %s every event is either handled as specified or deliberately ignored', (state) => {
    const snapshot = signingInitMachine.resolveState({ value: state, context: { security: undefined, force: false, config: OPEN, serverKey: KEY, clientKey: PAIR, error: undefined } });
    for (const event of events) {
      const expected = table[state][label(event)] ?? '-';
      const next = getNextSnapshot(signingInitMachine, snapshot, event);
      if (expected === '-') expect(next.value, `${state} + ${label(event)}`).toBe(state);
      else expect(next.value, `${state} + ${label(event)}`).toBe(expected);
    }
  });
});

/** Provided actors that answer from scripted results, recording what they were asked. */
function scripted(options: { config?: GatewaySignConfig; fail?: 'fetchConfig' | 'verifyServerKey' | 'loadClientKey'; events$?: Subject<SecurityEvent> } = {}) {
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
    expect(h.platform.reports).toEqual([expect.objectContaining({ event: 'loginEncryptFailed', data: { code: 'SERVER_KEY_SIGNATURE_INVALID' } })]);
    expect(h.security.snapshot()).toEqual({ config: undefined, serverKey: undefined, clientKey: undefined });
    await h.login();
    expect(h.gateway.logins[0]?.encrypted).toBe(false);
    actor.stop();
  });

  it('a key generation past 8 s fails the attempt (reported) and the late pair serves the retry', async () => {
    let finish: (pair: { publicKey: string; privateKeyPem: string }) => void = () => undefined;
    const real = (await import('../../core/security/index.js')).webCryptoEngine(globalThis.crypto.subtle);
    const slow = { ...real, generateKeyPair: () => new Promise<{ publicKey: string; privateKeyPem: string }>((resolve) => (finish = resolve)) };
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
