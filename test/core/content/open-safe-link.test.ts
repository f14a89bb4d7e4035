import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DomPort } from '../../../core/platform/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import { openSafeLink, silentContentLogger } from '../../../core/content/index.js';

function setup(withWindow = true) {
  const opened: unknown[][] = [];
  const dom = { window: { open: (...args: unknown[]) => void opened.push(args) }, document: {} } as unknown as DomPort;
  const platform = memoryPlatform(withWindow ? { dom } : {});
  const logs: string[] = [];
  const logger = { warn: (m: string) => void logs.push(`warn ${m}`), error: (m: string) => void logs.push(`error ${m}`) };
  return { platform, opened, logs, logger };
}

describe('openSafeLink (seed 001 §5, §8)', () => {
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

describe('openSafeLink logs to the console by default (seed 001 §5 "console warning", §8 "logs a console error")', () => {
  afterEach(() => vi.restoreAllMocks());
  const consoleSpies = () => ({
    warn: vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    error: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  });

  it('by default a blocked href warns on the console (console.warn) and opens nothing', () => {
    const spies = consoleSpies();
    const { platform, opened } = setup();
    expect(openSafeLink(platform, 'javascript:alert(1)')).toBe(false);
    expect(spies.warn).toHaveBeenCalledWith("exkit: blocked an unsafe link (scheme 'javascript' is not allowed)", { href: 'javascript:alert(1)' });
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
