import { describe, expect, it } from 'vitest';
import {
  BRIDGE_COMMANDS,
  BRIDGE_COMMAND_NAMES,
  BRIDGE_VERSION,
  MIN_VERSION_CEILING,
  MIN_VERSION_FLOOR,
  TITLE_BAR_THEME_COLORS,
  compareVersions,
  flushMicrotasks,
} from '../../../core/index.js';
import type { Bridge, BridgeCommand, CommandResult } from '../../../core/index.js';
import { inApp, inBrowser } from './setup.js';

/** One example payload per command of spec §B7, and the payload expected on the wire. */
const EXAMPLES: { [C in BridgeCommand]: { payload?: unknown; wire?: unknown } } = {
  metaTitle: { payload: { title: 'Spot' } },
  logout: {},
  openBrowser: { payload: { url: 'https://example.com/' } },
  sendTokenToWeb: {},
  nativeRouter: { payload: { link: 'app://host/home/home' } },
  requestAction: { payload: { path: '/v1/user', params: { a: 1 } } },
  setTitleVisible: { payload: { visible: false } },
  changeTitleBarTheme: { payload: { theme: 'dark' }, wire: { theme: 'dark', ...TITLE_BAR_THEME_COLORS.dark } },
  setBottomActions: { payload: { copy: false }, wire: { copy: false, close: true, refresh: true } },
  setNavigationBarHide: { payload: { hide: true } },
  goNativeShare: { payload: { title: 't', url: 'https://example.com/' } },
  goAppShare: { payload: { text: 'x' } },
  goShare: { payload: { imageUrl: 'https://example.com/i.png' } },
  notifyStatusChange: { payload: { status: 'kycDone' } },
  handleBizParams: { payload: { params: { from: 'banner' } } },
  setWebLocalStorage: { payload: { key: 'k', value: 'v' } },
  getWebLocalStorage: { payload: { key: 'k' } },
  checkCameraPermission: {},
  showNavbarMore: { payload: { show: true } },
  showNavbarClose: { payload: { show: false } },
  startTraderProTraining: { payload: { traderId: '7' } },
  setOnWebVisibleCallback: {},
  getAppUsdtRateData: {},
  bindingTGSuccess: { payload: { telegramId: '42' } },
  addEventToCalendar: { payload: { title: 'Launch', startTime: 1, endTime: 2 } },
  palmPrintRegister: { payload: { vcode: 'v', session_id: 's' } },
  palmPrintVerify: { payload: { vcode: 'v', session_id: 's' } },
  confNavRightItems: { payload: { items: [{ id: 'help', text: 'Help' }] } },
  confNavCenterIcon: { payload: { icon: 'https://example.com/i.png' } },
  confNavCenterTag: { payload: { text: 'Beta' } },
  navigationGoback: {},
  customNavigationGoback: { payload: { enabled: true } },
  navigationPopBack: { payload: { count: 2 } },
  setPicCompressSize: { payload: { maxKb: 500 } },
  goAsset: { payload: { tab: 'spot' } },
  bgbDeductionTradefee: { payload: { enabled: true } },
};

function invoke(bridge: Bridge, command: BridgeCommand, options: { fallback?: () => unknown } = {}): Promise<CommandResult<unknown>> {
  const example = EXAMPLES[command];
  const fn = bridge.commands[command] as (...args: unknown[]) => Promise<CommandResult<unknown>>;
  return BRIDGE_COMMANDS[command].noPayload ? fn(options) : fn(example.payload, options);
}

/** The version just below a minimum: last part minus one, or the previous part when it is zero. */
function below(version: string): string {
  const parts = version.split('.').map(Number);
  for (let i = parts.length - 1; i >= 0; i--) {
    if (parts[i]! > 0) {
      parts[i]! -= 1;
      for (let j = i + 1; j < parts.length; j++) parts[j] = 999;
      return parts.join('.');
    }
  }
  throw new Error(`no version below ${version}`);
}

describe('bridge library version', () => {
  it('is 1.3.15 ("Bridge library version: 1.3.15")', () => {
    expect(BRIDGE_VERSION).toBe('1.3.15');
    expect(inBrowser().bridge.version).toBe('1.3.15');
  });
});

describe('the command table of spec §B7', () => {
  it('has every command the seed names, and only those', () => {
    expect([...BRIDGE_COMMAND_NAMES].sort()).toEqual(Object.keys(EXAMPLES).sort());
    expect(BRIDGE_COMMAND_NAMES).toHaveLength(36);
  });

  for (const command of BRIDGE_COMMAND_NAMES) {
    const info = BRIDGE_COMMANDS[command];
    it(`${command}: sent with its payload at its minimum version ${info.minVersion}`, async () => {
      const { bridge, sim } = inApp({ appVersion: info.minVersion });
      if (command === 'setOnWebVisibleCallback') sim.script(command, { data: { visible: true } });
      if (command === 'requestAction') sim.route('/v1/user', { data: { uid: 1 } });
      const result = await invoke(bridge, command);
      const message = sim.received.at(-1)!;
      expect(message.command).toBe(command);
      const example = EXAMPLES[command];
      if (command === 'requestAction') {
        expect(message.payload).toEqual({ requestId: String(message.id), path: '/v1/user', params: { a: 1 } });
      } else {
        expect(message.payload).toEqual(example.wire ?? example.payload);
      }
      if (info.timeout) {
        expect(typeof message.id).toBe('number');
        expect(result.status).toBe('answered');
      } else {
        expect(message.id).toBeUndefined();
        expect(result).toEqual({ status: 'sent', command });
      }
      expect(bridge.pendingCount).toBe(0);
    });

    it(`${command}: below ${info.minVersion} nothing is sent and the result says so`, async () => {
      const { bridge, sim } = inApp({ appVersion: below(info.minVersion) });
      const result = await invoke(bridge, command);
      expect(result).toEqual({
        status: 'skipped',
        command,
        reason: 'below-minimum-version',
        minimumVersion: info.minVersion,
        appVersion: below(info.minVersion),
      });
      expect(sim.received).toHaveLength(0);
    });

    it(`${command}: below its minimum the fallback runs instead`, async () => {
      const { bridge, sim } = inApp({ appVersion: below(info.minVersion) });
      let ran = 0;
      const result = await invoke(bridge, command, { fallback: () => ++ran });
      expect(ran).toBe(1);
      expect(result).toMatchObject({ status: 'fallback', command, reason: 'below-minimum-version', value: 1 });
      expect(sim.received).toHaveLength(0);
    });

    it(`${command}: outside the app nothing is sent and the result says not-in-app`, async () => {
      const { bridge } = inBrowser();
      const result = await invoke(bridge, command);
      expect(result).toMatchObject({ status: 'skipped', reason: 'not-in-app' });
    });
  }
});

describe('"Skipped on Android: … share" (spec §B6)', () => {
  const SHARE = ['goNativeShare', 'goAppShare', 'goShare'] as const;
  for (const command of SHARE) {
    it(`${command}: on Android nothing is sent and the result is skipped with reason not-on-android`, async () => {
      const { bridge, sim } = inApp({ os: 'android' });
      expect(BRIDGE_COMMANDS[command].platforms).toBe('not-android');
      expect(bridge.supports(command)).toBe(false);
      const result = await bridge.commands[command]({ title: 't', url: 'https://example.com/' });
      expect(result).toEqual({
        status: 'skipped',
        command,
        reason: 'not-on-android',
        minimumVersion: BRIDGE_COMMANDS[command].minVersion,
        appVersion: '2.56.0',
      });
      expect(sim.received).toHaveLength(0);
    });

    it(`${command}: on Android the fallback runs instead; on iOS it is sent`, async () => {
      const android = inApp({ os: 'android' });
      expect(await android.bridge.commands[command]({ text: 'x' }, { fallback: () => 'web share' })).toMatchObject({
        status: 'fallback',
        reason: 'not-on-android',
        value: 'web share',
      });
      const ios = inApp({ os: 'ios' });
      expect(await ios.bridge.commands[command]({ text: 'x' })).toEqual({ status: 'sent', command });
      expect(ios.sim.received).toEqual([{ command, payload: { text: 'x' } }]);
    });
  }

  it('only the share commands are restricted by platform', () => {
    expect(BRIDGE_COMMAND_NAMES.filter((c) => BRIDGE_COMMANDS[c].platforms !== undefined)).toEqual([...SHARE]);
    const { bridge } = inApp({ os: 'android' });
    expect(BRIDGE_COMMAND_NAMES.filter((c) => !bridge.supports(c))).toEqual([...SHARE]);
  });
});

describe('the minimum-version table of spec §B5', () => {
  const named: Array<[BridgeCommand, string]> = [
    ['setTitleVisible', '2.8.0'],
    ['setBottomActions', '2.9.0'],
    ['openBrowser', '2.11.0'],
    ['setWebLocalStorage', '2.15.0'],
    ['getWebLocalStorage', '2.15.0'],
    ['checkCameraPermission', '2.21.0'],
    ['confNavCenterIcon', '2.56.0'],
    ['confNavRightItems', '2.56.0'],
    ['changeTitleBarTheme', '2.56.0'],
  ];
  for (const [command, version] of named) {
    it(`"${command}" needs ${version}`, () => {
      expect(BRIDGE_COMMANDS[command]).toMatchObject({ minVersion: version, source: 'seed' });
    });
  }

  it('"Other commands range from 1.2.51 to 2.56.0": every other command has a value in that range', () => {
    const others = BRIDGE_COMMAND_NAMES.filter((c) => !named.some(([n]) => n === c));
    for (const command of others) {
      const { minVersion, source } = BRIDGE_COMMANDS[command];
      expect(source).toBe('chosen');
      expect(compareVersions(minVersion, MIN_VERSION_FLOOR)).toBeGreaterThanOrEqual(0);
      expect(compareVersions(minVersion, MIN_VERSION_CEILING)).toBeLessThanOrEqual(0);
    }
  });

  it('the integrator overrides the table', async () => {
    const { bridge, sim } = inApp({ appVersion: '2.8.0', bridge: { minVersions: { openBrowser: '2.8.0', metaTitle: '3.0.0' } } });
    expect(bridge.minVersions.openBrowser).toBe('2.8.0');
    expect(await bridge.commands.openBrowser({ url: 'https://example.com/' })).toEqual({ status: 'sent', command: 'openBrowser' });
    expect(await bridge.commands.metaTitle({ title: 'x' })).toMatchObject({ status: 'skipped', minimumVersion: '3.0.0' });
    expect(sim.received.map((m) => m.command)).toEqual(['openBrowser']);
  });

  it('an override for a command that does not exist is a typed error', async () => {
    const { createBridge, memoryPlatform } = await import('../../../core/index.js');
    expect(() => createBridge(memoryPlatform(), { appName: 'A', minVersions: { nope: '1.0.0' } as never })).toThrow(
      expect.objectContaining({ name: 'UnknownBridgeCommandError', code: 'BRIDGE_UNKNOWN_COMMAND' }),
    );
  });

  it('"missing parts count as 0": app 2.8 runs a 2.8.0 command', async () => {
    const { bridge } = inApp({ appVersion: '2.8' });
    expect(bridge.supports('setTitleVisible')).toBe(true);
    expect(bridge.supports('setBottomActions')).toBe(false);
  });
});

describe('command payload defaults (spec §B7)', () => {
  it('setBottomActions: copy, close and refresh all default to true', async () => {
    const { bridge, sim } = inApp();
    await bridge.commands.setBottomActions();
    expect(sim.received[0]!.payload).toEqual({ copy: true, close: true, refresh: true });
  });

  it('changeTitleBarTheme: background and text colours fall back per theme, given colours win', async () => {
    const { bridge, sim } = inApp();
    await bridge.commands.changeTitleBarTheme({ theme: 'light' });
    await bridge.commands.changeTitleBarTheme({ theme: 'dark', textColor: '#FF0000' });
    expect(sim.received[0]!.payload).toEqual({ theme: 'light', backgroundColor: '#FFFFFF', textColor: '#000000' });
    expect(sim.received[1]!.payload).toEqual({ theme: 'dark', backgroundColor: '#000000', textColor: '#FF0000' });
  });

  it('sendTokenToWeb: the payload is the callback id, the answer the token', async () => {
    const { bridge, sim } = inApp({ simulator: { token: 'tok-1' } });
    const result = await bridge.commands.sendTokenToWeb();
    expect(result).toEqual({ status: 'answered', command: 'sendTokenToWeb', code: '00000', data: { token: 'tok-1' } });
    expect(sim.received[0]).toEqual({ id: expect.any(Number), command: 'sendTokenToWeb' });
  });

  it('set/getWebLocalStorage round-trip through the app', async () => {
    const { bridge } = inApp();
    await bridge.commands.setWebLocalStorage({ key: 'lang', value: 'en' });
    const result = await bridge.commands.getWebLocalStorage({ key: 'lang' });
    expect(result).toMatchObject({ status: 'answered', data: { value: 'en' } });
  });

  it('setOnWebVisibleCallback answers when the app shows the page again', async () => {
    const { bridge, sim, platform } = inApp();
    const result = bridge.commands.setOnWebVisibleCallback();
    await flushMicrotasks();
    platform.advance(3_000_000);
    const [id] = [...sim.held.keys()];
    sim.release(id!, { data: { visible: true } });
    expect(await result).toMatchObject({ status: 'answered', data: { visible: true } });
  });

  it('works the same on Android (injected interface object)', async () => {
    const { bridge, sim } = inApp({ os: 'android' });
    expect(bridge.host).toBe('android');
    const result = await bridge.commands.checkCameraPermission();
    expect(result).toMatchObject({ status: 'answered', data: { granted: true } });
    expect(sim.received[0]!.command).toBe('checkCameraPermission');
  });

  it('an untyped call of an unknown command rejects with a typed error', async () => {
    const { bridge } = inApp();
    await expect((bridge.call as (c: string) => Promise<unknown>)('selfDestruct')).rejects.toMatchObject({
      name: 'UnknownBridgeCommandError',
    });
  });
});

describe('docs/bridge-protocol.md', () => {
  it('documents every command with the minimum version and source of the table', async () => {
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(new URL('../../../docs/bridge-protocol.md', import.meta.url), 'utf8');
    const rows = [...text.matchAll(/^\| `(\w+)` \| ([\d.]+) \| (seed|chosen) \|/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual(BRIDGE_COMMAND_NAMES.map((c) => [c, BRIDGE_COMMANDS[c].minVersion, BRIDGE_COMMANDS[c].source]));
  });
});

describe('typed command calls', () => {
  it('a wrong payload or an unknown command is a compile-time error', async () => {
    const { bridge } = inApp();
    const calls = [
      // @ts-expect-error: setTitleVisible takes { visible: boolean }
      () => bridge.commands.setTitleVisible({ shown: true }),
      // @ts-expect-error: goAsset's tab is an asset tab of spec §B3
      () => bridge.commands.goAsset({ tab: 'casino' }),
      // @ts-expect-error: metaTitle needs its payload
      () => bridge.commands.metaTitle(),
      // @ts-expect-error: not a command of spec §B7
      () => bridge.call('selfDestruct'),
    ];
    expect(calls).toHaveLength(4);
    // The payload checks are the compiler's; at run time the calls still go out as given.
    await expect(calls[3]!()).rejects.toMatchObject({ name: 'UnknownBridgeCommandError' });
  });
});
