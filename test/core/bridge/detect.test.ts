import { describe, expect, it } from 'vitest';
import { appVersionFromUserAgent, createBridge, detectApp, memoryPlatform, osFromUserAgent, resolveProtocol } from '../../../core/index.js';
import { APP_NAME, inApp, inBrowser } from './setup.js';

const protocol = resolveProtocol({ appName: APP_NAME });

describe('app detection (spec §B1: "the user agent contains the app name, or the native control/handler objects are present")', () => {
  it('detects the app by its name in the user agent and reads the version after it', () => {
    const platform = memoryPlatform({ userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile ${APP_NAME}/2.41.3` });
    const bridge = createBridge(platform, { appName: APP_NAME });
    expect(bridge).toMatchObject({ inApp: true, host: 'android', os: 'android', appVersion: '2.41.3' });
    expect(detectApp(platform.userAgent, platform.globals, protocol).detectedBy).toBe('user-agent');
  });

  it('matches the app name case-insensitively', () => {
    expect(detectApp(`x ${APP_NAME.toUpperCase()}/1.0`, memoryPlatform().globals, protocol).inApp).toBe(true);
  });

  it('detects the app by the iOS message handler alone', () => {
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)' });
    platform.globals.set('webkit', { messageHandlers: { [protocol.iosHandlerName]: { postMessage() {} } } });
    const detection = detectApp(platform.userAgent, platform.globals, protocol);
    expect(detection).toEqual({ inApp: true, host: 'ios', os: 'ios', appVersion: null, detectedBy: 'handlers' });
  });

  it('detects the app by the Android interface object alone', () => {
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    platform.globals.set(protocol.androidInterfaceName, { postMessage() {} });
    expect(detectApp(platform.userAgent, platform.globals, protocol)).toMatchObject({
      inApp: true,
      host: 'android',
      detectedBy: 'handlers',
    });
  });

  it('an object without postMessage is not a handler', () => {
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    platform.globals.set(protocol.androidInterfaceName, { post: 1 });
    expect(detectApp(platform.userAgent, platform.globals, protocol).inApp).toBe(false);
  });

  it('a plain browser is not the app', () => {
    const { bridge } = inBrowser();
    expect(bridge).toMatchObject({ inApp: false, host: 'web', os: 'ios', appVersion: null });
  });

  it('handler and function names are configurable', () => {
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    platform.globals.set('OtherJs', { postMessage() {} });
    const bridge = createBridge(platform, {
      appName: 'Other',
      androidInterfaceName: 'OtherJs',
      callbackFunctionName: 'otherCb',
      eventFunctionName: 'otherEv',
    });
    expect(bridge.inApp).toBe(true);
    expect(typeof platform.globals.get('otherCb')).toBe('function');
    expect(typeof platform.globals.get('otherEv')).toBe('function');
  });

  it('the app version can be given instead of read', () => {
    const { bridge } = inApp({ appVersion: '2.0.0', bridge: { appVersion: '2.56.0' } });
    expect(bridge.appVersion).toBe('2.56.0');
  });

  it('an app detected by handlers but without a version in the user agent runs no gated command', async () => {
    const platform = memoryPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' });
    platform.globals.set(protocol.androidInterfaceName, { postMessage() {} });
    const bridge = createBridge(platform, { appName: APP_NAME });
    expect(await bridge.commands.logout()).toMatchObject({ status: 'skipped', reason: 'below-minimum-version', appVersion: null });
  });

  it('createBridge needs an app name and valid versions', () => {
    expect(() => createBridge(memoryPlatform(), { appName: '' })).toThrow(expect.objectContaining({ name: 'InvalidArgumentError' }));
    expect(() => createBridge(memoryPlatform(), { appName: 'A', appVersion: 'v-two' })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError' }),
    );
    expect(() => createBridge(memoryPlatform(), { appName: 'A', minVersions: { logout: '2.x' } })).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: { field: 'minVersions.logout', value: '2.x' } }),
    );
  });
});

describe('user-agent helpers', () => {
  it.each([
    [`Foo ${APP_NAME}/2.8.0 Bar`, '2.8.0'],
    [`Foo ${APP_NAME} 2.9`, '2.9'],
    [`Foo ${APP_NAME}/v3.1.4`, '3.1.4'],
    ['Foo Bar/1.0', null],
  ])('version of %s is %s', (ua, version) => {
    expect(appVersionFromUserAgent(ua, APP_NAME)).toBe(version);
  });

  it('an app name with regex characters is matched literally', () => {
    expect(appVersionFromUserAgent('x A.B/1.2', 'A.B')).toBe('1.2');
    expect(appVersionFromUserAgent('x AxB/1.2', 'A.B')).toBeNull();
  });

  it.each([
    ['Mozilla/5.0 (Linux; Android 14)', 'android'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)', 'ios'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'other'],
  ])('os of %s is %s', (ua, os) => {
    expect(osFromUserAgent(ua)).toBe(os);
  });
});
