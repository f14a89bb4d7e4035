// Issue 18, "the public contract, checked for every export": every function exkit and exkit/machines export
// either returns (a promise that settles) or throws/rejects an ExkitError subclass, for each hostile value in
// each argument position; a function that returns promises never throws synchronously; no call takes 1 s.
// The exports are enumerated, so a new export is checked without anyone writing a test for it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as core from '../../core/index.js';
import * as machines from '../../machines/index.js';
import { hostileValues, outcomeOf } from './hostile-arguments.js';
import { jsdomWindow } from '../core/content/jsdom-window.js';

const { ExkitError, memoryPlatform } = core;

type AnyFunction = (...args: unknown[]) => unknown;

/** True for a class (called with `new`); false for a plain or arrow function. */
function isClass(fn: AnyFunction): boolean {
  return /^class[\s{]/.test(Function.prototype.toString.call(fn));
}

/** Error classes are the contract's vocabulary, not its subject: their constructors are not called with hostile values. */
function isErrorClass(fn: AnyFunction): boolean {
  return fn.prototype instanceof Error;
}

/**
 * Plausible valid arguments, so that each position meets a hostile value alone. A function not listed gets
 * `undefined` in the other positions (most take one argument, or options with defaults).
 */
function validArguments(): Record<string, unknown[]> {
  const platform = memoryPlatform();
  const send = (): void => undefined;
  const doc = { getElementById: () => null, querySelector: () => null };
  const element = { style: {}, setAttribute: send, removeAttribute: send, addEventListener: send, removeEventListener: send };
  const position = {
    position: 1,
    marginMode: 1,
    positionMode: 1,
    count: '2',
    openAvgPrice: '100',
    openLevel: '10',
    openMarginCount: '20',
    mm: '0.005',
    feeRate: '0.0006',
  };
  return {
    isExkitError: [new core.InvalidArgumentError('x'), 'InvalidArgumentError'],
    guardedStream: ['stream$', platform.crossTab, platform.errors],
    GuardedObservable: [() => undefined],
    safeReport: [platform.errors, { event: 'x' }],
    safeLog: [() => undefined, 'message', {}],
    reportCallbackError: [platform.errors, new core.UserCallbackError('callback', new Error('x'))],
    requestApiPath: [new Request('https://api.example/v1/x'), { context: {} }],
    interval$: [1000, platform.timers],
    timer$: [1000, platform.timers],
    memoryCookieJar: [new Map(), () => 0],
    silenceBots: [() => undefined, () => 'Mozilla/5.0'],
    createStore: [platform, 'common'],
    readJsonCookie: [platform, 'prefs'],
    writeJsonCookie: [platform, 'prefs', { a: 1 }],
    checkDuration: ['timeoutMs', 1000],
    compareVersions: ['1.2.3', '1.3'],
    isVersionAtLeast: ['1.2.3', '1.3'],
    encodeCaptchaValidate: [1, { a: 1 }],
    geeTestWidget: [platform, {}],
    withLocalePrefix: ['en', '/futures'],
    formatStatusBusy: [503, 'en'],
    isResultCode: ['0', 'success'],
    message: ['en', 'tip'],
    cookieJarHooks: [{ cookies: platform.cookies }, 'https://example.com'],
    createHttpClient: [platform, {}],
    debouncedEventChannel: [platform.timers, 100],
    httpStatusMessage: [500, 'en'],
    parseSetCookie: ['a=b; Path=/', 0],
    averageOpenPrice: [position, { price: '110', count: '1' }, {}],
    closeFee: [position, '110', {}],
    fundingFee: [position, '0.0001', '110', {}],
    formatDecimal: ['1.5', 2, 'half-up'],
    formatAmount: ['1.5', 2, 'half-up'],
    formatPrice: ['1.5', 2, 'half-up'],
    formatLiquidationPrice: ['1.5', 2, 'half-up'],
    truncateDecimal: ['1.5', 2],
    roundDecimal: ['1.5', 2, 'half-up'],
    readDecimal: ['1.5', 'value', 'any'],
    marginTierOf: [[{ notionalFloor: '0', maintenanceMarginRate: '0.005' }], '100'],
    realizedPnl: [position, '110', {}],
    unrealizedPnl: [position, '110', {}],
    roe: [position, '110', {}],
    liquidationPrice: [position, {}],
    preparePosition: [position, {}],
    isOwnDomain: ['example.com', ['example.com']],
    linkHost: ['https://example.com/a', []],
    openSafeLink: [platform, 'https://example.com/', {}],
    sanitizeAmount: ['12.345', 2],
    sanitizeAmountInput: ['12.345', 2, 3],
    sanitizeRichText: ['<b>hi</b>', {}],
    renderRichText: [jsdomWindow('').document.createElement('div'), '<b>hi</b>', {}],
    decideReferralCache: [{}, 'https://example.com/', {}, 0],
    createImageHostSelector: [platform, {}],
    probeImageUrl: ['https://img.example.com', '/probe.png', 1],
    raceImageHosts: [['https://img.example.com'], {}],
    changeTheme: [platform, core.memoryThemePort('light'), 'dark', {}],
    revealKeyframes: [{ x: 1, y: 2 }, 10],
    revealRadius: [{ x: 1, y: 2 }, 100, 100],
    startCspReporting: [platform, {}],
    appVersionFromUserAgent: ['Mozilla/5.0 App/1.2.3', 'App'],
    buildDeepLink: ['home', undefined, {}],
    createBridge: [platform, {}],
    detectApp: ['Mozilla/5.0', { get: () => undefined }, core.resolveProtocol({ appName: 'App' })],
    isDeepLinkAllowed: ['home', 'ios'],
    openDeepLink: [{}, 'home', {}],
    parseDeepLink: ['app://host/home', {}],
    createNativeHostSimulator: [platform, {}],
    createSecurity: [platform, {}],
    createSignErrorHandler: [platform, { resetConfig: send, log: send }],
    deviceCheckSignedText: ['/path', '1700000000000', 'hash'],
    signModeFor: [{}, '/path'],
    signedPayload: [1, 'a=b', new Uint8Array()],
    verifyServerPublicKey: [{}, 'pem'],
    isRiskTokenDue: [undefined, 0, 1000],
    riskTokenSchedule$: [platform.timers, 1000, 1000],
    createScrollLock: [undefined, platform.timers, {}],
    stackOffsets: [[10, 20], 0, 8],
    toMermaid: [machines.buttonMachine, {}],
    diagramDocument: ['button', machines.buttonMachine, {}],
    // The connect layer (issue 23): the tests run in node, so the DOM is a stand-in with the members read.
    applyProps: [element, { id: 'x', hidden: false, 'aria-busy': true, style: { zIndex: 1 }, onclick: send }],
    findNode: [doc, 'x-content'],
    whenElement: [{ document: doc, window: {} }, 'x-content', send],
    connectButton: [{ loading: false, disabled: false, clickable: true }, send],
    connectDialog: [{ state: 'open', zIndex: 2000, modal: true, owner: 'dlg' }, send, { size: 'small', viewportWidth: 1024 }],
    connectMessageBox: [
      {
        id: 'b1',
        phase: 'open',
        options: { kind: 'prompt', message: 'Name?' },
        showCancel: true,
        value: '',
        error: undefined,
        exceeded: false,
        zIndex: 1,
      },
      send,
      { labels: { confirm: 'Yes' } },
    ],
    connectToaster: [{ placements: [], queued: 0, regionId: 'exkit-toasts' }, send, { reducedMotion: true }],
    connectToast: [
      {
        id: 't1',
        type: 'info',
        message: 'Saved',
        title: undefined,
        closable: true,
        data: undefined,
        zIndex: 1,
        revision: 0,
        state: 'visible',
      },
      send,
      { id: 't1', offset: 10 },
      send,
    ],
    connectNotifier: [{ placements: [], gap: 16, regionId: 'exkit-notifications' }, send, { reducedMotion: false }],
    connectNotification: [
      {
        id: 'n1',
        title: 'Title',
        message: 'Body',
        type: 'info',
        position: 'top-right',
        showClose: true,
        data: undefined,
        zIndex: 1,
        hovered: false,
      },
      send,
      { id: 'n1', offset: 16 },
      16,
    ],
  };
}

/**
 * More baselines for functions whose documented branches differ (each is swept like the first): a hostile value
 * in one position meets every branch of the others, so a path only one mode takes is not left out.
 */
function branchArguments(): Record<string, unknown[][]> {
  const body = new TextEncoder().encode('{"a":1}');
  return {
    signedPayload: [
      [0, 'a=b', body],
      [2, 'a=b', body],
      [2, '', new Uint8Array()],
    ],
    signModeFor: [[{ signModes: { '/v1/spot/': 2 } }, '/v1/spot/order']],
    compareVersions: [['99999999999999999999', '99999999999999999998']],
    formatDecimal: [['1.5', 2, 'truncate']],
    readDecimal: [['1.5', 'value', 'positive']],
  };
}

/**
 * Exports that still break the contract, with why: none today. An export that cannot keep it yet gets an entry
 * with the reason, and the last describe below checks that it still fails, so the entry goes once it is fixed.
 */
const KNOWN_FAILURES: Record<string, string> = {};

/** A constructor re-exported from a dependency: its contract is the dependency's, not exkit's. */
const THIRD_PARTY: Record<string, string> = {
  FuturesDecimal:
    "decimal.js's Decimal constructor (configured clone), exported for arithmetic on results; figures read numbers through readDecimal",
};

/** Every violation of the contract by `name` over the hostile table, as readable lines. */
async function violations(name: string, fn: AnyFunction, valid: unknown[] | undefined): Promise<string[]> {
  const construct = isClass(fn);
  // fn.length stops at the first parameter with a default (an options object, say): one more position covers it.
  const positions = Math.max(fn.length + 1, valid?.length ?? 0, 1);
  const out: string[] = [];
  let returnsPromises = false;
  const throwsSync: string[] = [];
  for (let position = 0; position < positions; position++) {
    for (const [label, value] of hostileValues()) {
      const args = Array.from({ length: positions }, (_, i) => (i === position ? value : valid?.[i]));
      const outcome = await outcomeOf(() => (construct ? new (fn as unknown as new (...a: unknown[]) => unknown)(...args) : fn(...args)));
      const where = `${name}: argument ${position} = ${label}`;
      if (outcome.promise) returnsPromises = true;
      if (outcome.kind === 'hung') out.push(`${where}: the promise did not settle within 1 s`);
      // Not a speed goal (those live in the benchmarks): a runaway, super-linear call on a 1 MiB string takes minutes, so a
      // generous bound catches it while instrumented (mutation) or loaded runs stay well inside it.
      if (outcome.ms > 10_000) out.push(`${where}: took ${Math.round(outcome.ms)} ms`);
      if ((outcome.kind === 'threw' || outcome.kind === 'rejected') && !(outcome.error instanceof ExkitError)) {
        const error = outcome.error as { name?: unknown; message?: unknown } | undefined;
        out.push(`${where}: ${outcome.kind} a raw ${String(error?.name)}: ${String(error?.message).slice(0, 120)}`);
      }
      if (outcome.kind === 'threw') throwsSync.push(where);
    }
  }
  // Async functions report failure through their promise: a function that returns one for some arguments must not throw for others.
  if (returnsPromises) for (const where of throwsSync) out.push(`${where}: threw synchronously although the function returns promises`);
  return out;
}

function functionsOf(api: Record<string, unknown>): [string, AnyFunction][] {
  return Object.entries(api).filter((entry): entry is [string, AnyFunction] => typeof entry[1] === 'function');
}

const coreFunctions = functionsOf(core).filter(([name, fn]) => !isErrorClass(fn) && !(name in THIRD_PARTY));
const machineFunctions = functionsOf(machines).filter(([, fn]) => !isErrorClass(fn));

beforeAll(() => {
  // Blocked links and the like are logged to the console by design; the noise is not under test here.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

describe('the export list the contract is checked over', () => {
  it('enumerates the real exports of exkit and exkit/machines', () => {
    expect(coreFunctions.length).toBeGreaterThan(200);
    expect(coreFunctions.map(([name]) => name)).toEqual(
      expect.arrayContaining(['formatAmount', 'openSafeLink', 'browserPlatform', 'createHttpClient']),
    );
    expect(machineFunctions.map(([name]) => name)).toEqual(expect.arrayContaining(['createToastApi', 'createUiKit']));
  });

  it('skips only error classes and named third-party constructors', () => {
    const skipped = functionsOf(core).filter(([name, fn]) => isErrorClass(fn) || name in THIRD_PARTY);
    for (const [name, fn] of skipped) expect(isErrorClass(fn) || THIRD_PARTY[name] !== undefined, name).toBe(true);
    for (const [name, fn] of skipped.filter(([, f]) => isErrorClass(f)))
      expect((fn as unknown) === ExkitError || fn.prototype instanceof ExkitError, `${name} extends ExkitError`).toBe(true);
  });

  it('lists as known failures only names that are exported', () => {
    const names = new Set([...coreFunctions, ...machineFunctions].map(([name]) => name));
    expect(Object.keys(KNOWN_FAILURES).filter((name) => !names.has(name))).toEqual([]);
  });

  it('gives branch baselines only for exported functions', () => {
    const names = new Set([...coreFunctions, ...machineFunctions].map(([name]) => name));
    for (const name of Object.keys(branchArguments())) expect(names.has(name), name).toBe(true);
  });
});

const valid = validArguments();
const branches = branchArguments();

/** Every violation over the first baseline and each documented branch's. */
async function allViolations(name: string, fn: AnyFunction): Promise<string[]> {
  const found = await violations(name, fn, valid[name]);
  for (const [i, baseline] of (branches[name] ?? []).entries())
    found.push(...(await violations(`${name} (branch ${i + 1})`, fn, baseline)));
  return found;
}

describe('every exkit export returns or throws an ExkitError, for hostile values in every position', () => {
  it.each(coreFunctions.filter(([name]) => !(name in KNOWN_FAILURES)).map(([name, fn]) => [name, fn] as const))('%s', async (name, fn) => {
    const found = await allViolations(name, fn);
    expect(found, found.join('\n')).toEqual([]);
  });
});

describe('every exkit/machines export returns or throws an ExkitError, for hostile values in every position', () => {
  it.each(machineFunctions.filter(([name]) => !(name in KNOWN_FAILURES)).map(([name, fn]) => [name, fn] as const))(
    '%s',
    async (name, fn) => {
      const found = await allViolations(name, fn);
      expect(found, found.join('\n')).toEqual([]);
    },
  );
});

describe('known failures still fail (remove an entry once its export keeps the contract)', () => {
  const all = new Map([...coreFunctions, ...machineFunctions]);
  // One test over the table (empty today), so an entry left behind after its fix fails here.
  it('every listed export still breaks the contract', async () => {
    const fixed: string[] = [];
    for (const name of Object.keys(KNOWN_FAILURES))
      if ((await violations(name, all.get(name)!, valid[name])).length === 0) fixed.push(name);
    expect(fixed).toEqual([]);
  });
});
