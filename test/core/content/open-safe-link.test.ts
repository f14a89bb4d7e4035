import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DomPort } from '../../../core/platform/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import { consoleContentLogger, openSafeLink, silentContentLogger } from '../../../core/content/index.js';

function setup(withWindow = true) {
  const opened: unknown[][] = [];
  const dom = { window: { open: (...args: unknown[]) => void opened.push(args) }, document: {} } as unknown as DomPort;
  const platform = memoryPlatform(withWindow ? { dom } : {});
  const logs: string[] = [];
  const logger = { warn: (m: string) => void logs.push(`warn ${m}`), error: (m: string) => void logs.push(`error ${m}`) };
  return { platform, opened, logs, logger };
}

describe('openSafeLink (spec §S5, §S8)', () => {
  it('navigates the current tab to an allowed href', () => {
    const { platform, opened, logger } = setup();
    expect(openSafeLink(platform, '/en/markets', { logger })).toBe(true);
    expect(platform.navigations).toHaveLength(1);
    expect(platform.navigations[0]).toMatch(/\/en\/markets$/);
    expect(opened).toEqual([]);
  });

  it('opens an allowed href in a new tab without opener or referrer', () => {
    const { platform, opened, logger } = setup();
    expect(openSafeLink(platform, 'https://partner.org/a', { newTab: true, logger })).toBe(true);
    expect(opened).toEqual([['https://partner.org/a', '_blank', 'noopener,noreferrer']]);
    expect(platform.navigations).toEqual([]);
  });

  it('"blocked with a console warning and no navigation"', () => {
    const { platform, opened, logs, logger } = setup();
    expect(openSafeLink(platform, 'javascript:alert(1)', { logger })).toBe(false);
    expect(openSafeLink(platform, 'data:text/html,<script>alert(1)</script>', { newTab: true, logger })).toBe(false);
    expect(platform.navigations).toEqual([]);
    expect(opened).toEqual([]);
    expect(logs).toHaveLength(2);
    expect(logs.every((l) => l.startsWith('warn exkit: blocked an unsafe link'))).toBe(true);
  });

  it.each([undefined, null, '', '   '])('"Missing URL on new tab: console error" and nothing opens (%j)', (href) => {
    const { platform, opened, logs, logger } = setup();
    expect(openSafeLink(platform, href, { newTab: true, logger })).toBe(false);
    expect(opened).toEqual([]);
    expect(logs).toEqual(['error exkit: cannot open a new tab without a URL']);
  });

  it('does nothing and logs nothing for a missing URL in the same tab', () => {
    const { platform, logs, logger } = setup();
    expect(openSafeLink(platform, undefined, { logger })).toBe(false);
    expect(platform.navigations).toEqual([]);
    expect(logs).toEqual([]);
  });

  it('logs an error when a new tab is asked for on a platform without a window', () => {
    const { platform, logs, logger } = setup(false);
    expect(openSafeLink(platform, 'https://partner.org', { newTab: true, logger })).toBe(false);
    expect(logs).toEqual(['error exkit: cannot open a new tab: this platform has no window']);
  });

  it('follows a configured app scheme', () => {
    const { platform, logger } = setup();
    expect(openSafeLink(platform, 'exkit://trade/BTC_USDT', { appSchemes: ['exkit'], logger })).toBe(true);
    expect(platform.navigations).toEqual(['exkit://trade/BTC_USDT']);
  });
});

describe('openSafeLink logs to the console by default (spec §S5 "console warning", §S8 "logs a console error")', () => {
  afterEach(() => vi.restoreAllMocks());
  const consoleSpies = () => ({
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  });

  it('by default a blocked href warns on the console (console.warn) and opens nothing', () => {
    const spies = consoleSpies();
    const { platform, opened } = setup();
    expect(openSafeLink(platform, 'javascript:alert(1)')).toBe(false);
    expect(spies.warn).toHaveBeenCalledWith("exkit: blocked an unsafe link (scheme 'javascript' is not allowed)", {
      href: 'javascript:alert(1)',
    });
    expect(spies.error).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
    expect(platform.navigations).toEqual([]);
  });

  it('by default a new tab without a URL logs a console error (console.error) and opens nothing', () => {
    const spies = consoleSpies();
    const { platform, opened } = setup();
    expect(openSafeLink(platform, undefined, { newTab: true })).toBe(false);
    expect(spies.error).toHaveBeenCalledWith('exkit: cannot open a new tab without a URL');
    expect(spies.warn).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('silentContentLogger keeps both off the console', () => {
    const spies = consoleSpies();
    const { platform } = setup();
    expect(openSafeLink(platform, 'javascript:alert(1)', { logger: silentContentLogger })).toBe(false);
    expect(openSafeLink(platform, '', { newTab: true, logger: silentContentLogger })).toBe(false);
    expect(spies.warn).not.toHaveBeenCalled();
    expect(spies.error).not.toHaveBeenCalled();
  });
});

describe('openSafeLink: arguments and their errors', () => {
  it('refuses options that are not an object and a platform without a location, naming the field', () => {
    const { platform } = setup();
    expect(() => openSafeLink(platform, '/a', null as unknown as object)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'openSafeLink: options must be an object, got null',
        extra: { field: 'options', value: null },
      }),
    );
    expect(() => openSafeLink({} as typeof platform, '/a')).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'openSafeLink: platform.location must be an object, got undefined',
      }),
    );
  });

  it('a platform whose dom cannot be read is an InvalidArgumentError naming the platform', () => {
    const { platform } = setup();
    const hostile = {
      location: platform.location,
      get dom(): never {
        throw new Error('boom');
      },
    };
    expect(() => openSafeLink(hostile as unknown as typeof platform, '/a')).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'openSafeLink: platform must be a Platform whose location and dom can be read, got an object',
        extra: { field: 'platform', value: hostile },
      }),
    );
  });

  it('a non-string href is blocked with a warning, never taken for a missing URL', () => {
    const { platform, opened, logs, logger } = setup();
    expect(openSafeLink(platform, 42 as unknown as string, { newTab: true, logger })).toBe(false);
    expect(logs).toStrictEqual(['warn exkit: blocked an unsafe link (not a string)']);
    expect(opened).toStrictEqual([]);
  });

  it('opens an app-scheme link in a new tab only when the scheme is configured', () => {
    const { platform, opened, logger } = setup();
    expect(openSafeLink(platform, 'exkit://x', { newTab: true, logger })).toBe(false);
    expect(openSafeLink(platform, 'exkit://x', { newTab: true, appSchemes: ['exkit'], logger })).toBe(true);
    expect(opened).toStrictEqual([['exkit://x', '_blank', 'noopener,noreferrer']]);
  });

  it('a blank href in the same tab opens nothing and logs nothing', () => {
    const { platform, logs, logger } = setup();
    expect(openSafeLink(platform, '  ', { logger })).toBe(false);
    expect(platform.navigations).toStrictEqual([]);
    expect(logs).toStrictEqual([]);
  });
});

describe('consoleContentLogger passes the detail only when there is one', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes warn and error to the console methods of the same name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    consoleContentLogger.warn('w');
    consoleContentLogger.warn('w2', { href: 'x' });
    consoleContentLogger.error('e');
    consoleContentLogger.error('e2', 0);
    expect(warn.mock.calls).toStrictEqual([['w'], ['w2', { href: 'x' }]]);
    expect(error.mock.calls).toStrictEqual([['e'], ['e2', 0]]);
  });

  it('silentContentLogger writes nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(silentContentLogger.warn('w', 1)).toBeUndefined();
    expect(silentContentLogger.error('e', 1)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
