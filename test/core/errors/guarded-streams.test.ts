// Every Observable the package exposes delivers through the one guarded path: the streams are found by walking
// every service, kit and platform the package builds (Observable-valued properties, and methods named `…$` or
// `watch…`), so a stream added tomorrow is covered without touching this file. For each, a throwing subscriber
// is reported as UserCallbackError through the platform's reporter and a second subscriber still receives.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config as rxjsConfig, isObservable } from 'rxjs';
import type { Observable } from 'rxjs';
import {
  createBridge,
  createHttpClient,
  createImageHostSelector,
  createNativeHostSimulator,
  createPreferences,
  createSecurity,
  createSimulationMode,
  createTestCaptchaWidget,
  headlessPlatform,
  memoryPlatform,
  raceImageHosts,
} from '../../../core/index.js';
import type { MemoryPlatform } from '../../../core/index.js';
import { GuardedObservable } from '../../../core/errors/guarded-observable.js';
import { createCaptchaService, createRiskTokenService } from '../../../machines/index.js';
import { SIGNING_CERT } from '../security/helpers.js';

const APP_NAME = 'StreamsApp';

interface Found {
  name: string;
  stream: Observable<unknown>;
  /** Makes the stream emit once more (undefined: it emits to every new subscriber). */
  poke?: () => void | Promise<void>;
}

/** The streams of `root`: Observable-valued properties and the results of `…$`/`watch…` methods, depth-first. */
function streamsOf(
  root: object,
  prefix: string,
  callArgs: Record<string, unknown[]>,
): Array<{ name: string; stream: Observable<unknown> }> {
  const out: Array<{ name: string; stream: Observable<unknown> }> = [];
  const seen = new Set<unknown>();
  const walk = (value: object, path: string, depth: number) => {
    if (seen.has(value) || depth > 2) return;
    seen.add(value);
    const names = new Set<string>();
    for (
      let o: object | null = value;
      o && o !== Object.prototype && o !== Function.prototype;
      o = Object.getPrototypeOf(o) as object | null
    )
      for (const key of Object.getOwnPropertyNames(o)) if (key !== 'constructor') names.add(key);
    for (const key of names) {
      let member: unknown;
      try {
        member = (value as Record<string, unknown>)[key];
      } catch {
        continue;
      }
      const name = `${path}.${key}`;
      if (isObservable(member)) out.push({ name, stream: member });
      else if (typeof member === 'function' && (key.endsWith('$') || key.startsWith('watch'))) {
        const result: unknown = (member as (...args: unknown[]) => unknown).apply(value, callArgs[name] ?? ['x']);
        if (isObservable(result)) out.push({ name: `${name}()`, stream: result });
      } else if (typeof member === 'object' && member !== null && !ArrayBuffer.isView(member) && !(member instanceof Map)) {
        walk(member, name, depth + 1);
      }
    }
  };
  walk(root, prefix, 0);
  return out;
}

let platform: MemoryPlatform;
const disposers: Array<() => void> = [];
beforeEach(() => {
  platform = memoryPlatform({ now: Date.UTC(2026, 0, 1), userAgent: `Mozilla/5.0 (iPhone) ${APP_NAME}/2.60.0` });
});
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
  rxjsConfig.onUnhandledError = null;
});

/** Every service the package builds on one platform, with how to make each stream emit. */
function everyStream(): Found[] {
  const otherTab = memoryPlatform({ browser: platform.browser });
  const sim = createNativeHostSimulator(platform, { appName: APP_NAME, os: 'ios', appVersion: '2.60.0', encoding: 'json' });
  const bridge = createBridge(platform, { appName: APP_NAME });
  const http = createHttpClient(platform, { baseUrl: 'https://api.example' });
  const security = createSecurity(platform, { certificatePem: SIGNING_CERT, http, log: () => undefined });
  const preferences = createPreferences(platform);
  const images = createImageHostSelector(platform, {
    candidates: ['https://img1.example'],
    defaultHost: 'https://img1.example',
    probePath: '/p.png',
    probe: () => Promise.resolve(),
  });
  const simulation = createSimulationMode(platform);
  const captcha = createCaptchaService({ http, widget: createTestCaptchaWidget('manual'), errors: platform.errors });
  const riskToken = createRiskTokenService(platform, { fetchToken: () => Promise.resolve('t'.repeat(40)) });
  disposers.push(
    () => bridge.dispose(),
    () => security.dispose(),
    () => http.dispose(),
    () => riskToken.dispose(),
  );
  const race = raceImageHosts(['https://img1.example'], {
    probe: () => Promise.resolve(),
    timers: platform.timers,
    probeUrl: (host) => `${host}/p.png`,
    errors: platform.errors,
  });
  const services: Record<string, object> = {
    platform,
    headless: headlessPlatform({ reportError: (report) => platform.reports.push(report) }),
    bridge,
    http,
    security,
    preferences,
    images,
    simulation,
    captcha,
    riskToken,
  };
  const args: Record<string, unknown[]> = { 'bridge.event$': ['ping'] };
  const pokes: Record<string, () => void | Promise<void>> = {
    'platform.crossTab': () => otherTab.localStorage.setItem('k', String(Math.random())),
    'bridge.events$': () => sim.push('ping', { n: 1 }),
    'bridge.event$()': () => sim.push('ping', { n: 2 }),
    'http.events$': () => http.emit({ type: 'logout', reason: 'loginExpired', path: '/v1/x' }),
    'security.events$': () => security.reset(),
    'preferences.changes$': () => void preferences.set({ theme: preferences.get().theme === 'white' ? 'black' : 'white' }),
    'simulation.remoteChanges$': () => createSimulationMode(otherTab).setFlag(!simulation.isOn()),
  };
  const found: Found[] = Object.entries(services).flatMap(([prefix, service]) =>
    streamsOf(service, prefix, args).map((entry) => ({ ...entry, poke: pokes[entry.name] })),
  );
  found.push({ name: 'raceImageHosts()', stream: race });
  return found;
}

describe('every public stream delivers through the guarded path', () => {
  it('the walk finds the streams of every service (so the sweep below is not empty)', () => {
    const names = everyStream().map((found) => found.name);
    for (const expected of [
      'http.events$',
      'security.events$',
      'captcha.flows$',
      'bridge.events$',
      'preferences.changes$',
      'platform.crossTab',
    ])
      expect(names).toContain(expected);
  });

  it('each stream is a GuardedObservable', () => {
    const unguarded = everyStream()
      .filter((found) => !(found.stream instanceof GuardedObservable))
      .map((found) => found.name);
    expect(unguarded).toEqual([]);
  });

  it('on each stream, a throwing subscriber is reported as UserCallbackError and the next subscriber still receives', async () => {
    const unhandled = vi.fn();
    rxjsConfig.onUnhandledError = unhandled;
    const silent: string[] = [];
    for (const { name, stream, poke } of everyStream()) {
      const boom = new Error(`subscriber of ${name} failed`);
      const received: unknown[] = [];
      const throwing = stream.subscribe(() => {
        throw boom;
      });
      const recording = stream.subscribe((value) => received.push(value));
      await poke?.();
      for (let i = 0; i < 5 && received.length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
      throwing.unsubscribe();
      recording.unsubscribe();
      // A stream that neither emits to a new subscriber nor has a poke above is named, so one is added for it.
      if (received.length === 0) {
        // The headless platform has no other tabs: its crossTab never emits (it is still guarded, checked above).
        if (name === 'headless.crossTab') continue;
        silent.push(name);
        continue;
      }
      const report = platform.reports.find((r) => (r.error as { cause?: unknown } | undefined)?.cause === boom);
      expect(report, `${name}: the throw is reported`).toMatchObject({
        event: 'callbackFailed',
        error: { name: 'UserCallbackError', code: 'USER_CALLBACK_FAILED' },
        data: { callback: expect.stringMatching(/ subscriber$/) },
      });
    }
    expect(silent).toEqual([]);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('a listener of preferences.subscribe that throws is reported the same way; the next listener still hears', () => {
    const preferences = createPreferences(platform);
    const boom = new Error('listener failed');
    const heard: string[] = [];
    preferences.subscribe(() => {
      throw boom;
    });
    preferences.subscribe((snapshot) => heard.push(snapshot.theme));
    preferences.set({ theme: preferences.get().theme === 'white' ? 'black' : 'white' });
    expect(heard).toHaveLength(1);
    expect(platform.reports.find((r) => (r.error as { cause?: unknown } | undefined)?.cause === boom)).toMatchObject({
      event: 'callbackFailed',
      error: { name: 'UserCallbackError' },
      data: { callback: 'preferences.subscribe subscriber' },
    });
  });
});
