// The edges of the deep-link functions: what they say when given the wrong thing, and the corners of building
// and parsing that the catalogue tests (deep-links.test.ts) do not reach.
import { describe, expect, it } from 'vitest';
import {
  buildDeepLink,
  deepLinkSpec,
  isDeepLinkTarget,
  isEmptyDeepLinkValue,
  memoryPlatform,
  openDeepLink,
  parseDeepLink,
} from '../../../core/index.js';
import type { DeepLinkBridge, DeepLinkConfig } from '../../../core/index.js';

const config: DeepLinkConfig = { appScheme: 'testapp', publicScheme: 'testapp-public', host: 'app' };

/** A proxy whose keys cannot be listed: a value a caller might pass that throws when read. */
const unreadable = () =>
  new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('no keys');
      },
    },
  );

describe('what the deep-link functions say about a wrong argument', () => {
  it('buildDeepLink: options must be an object', () => {
    expect(() => buildDeepLink('home/home', undefined, null as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'buildDeepLink: options must be an object, got null' }),
    );
  });

  it('parseDeepLink: the url must be text and the config an object', () => {
    expect(() => parseDeepLink(7 as never, config)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'parseDeepLink: url must be a string, got 7' }),
    );
    expect(() => parseDeepLink('testapp://app/kline', undefined as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'parseDeepLink: config must be an object, got undefined' }),
    );
  });

  it('deepLinkSpec: a name outside the catalogue is refused', () => {
    expect(() => deepLinkSpec('home/casino' as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        message: 'deepLinkSpec: target must be a deep-link target name, got "home/casino"',
      }),
    );
  });

  it('isEmptyDeepLinkValue: a value whose keys cannot be read is a typed error, also inside buildDeepLink', () => {
    const message = 'isEmptyDeepLinkValue: value must be a value whose fields can be read, got an object';
    expect(() => isEmptyDeepLinkValue(unreadable())).toThrow(expect.objectContaining({ name: 'InvalidArgumentError', message }));
    expect(() => buildDeepLink('home/coin', { symbol: unreadable() }, config)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message }),
    );
  });

  it('openDeepLink rejects an opener without its parts, or an intent that is not an object', async () => {
    const platform = memoryPlatform();
    const bridge: DeepLinkBridge = { inApp: false, os: 'ios', commands: { nativeRouter: () => Promise.resolve({ status: 'ok' }) } };
    await expect(openDeepLink(null as never, 'home/home')).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      message: 'openDeepLink: opener must be an object with bridge, location, config, got null',
    });
    await expect(openDeepLink({ bridge, config } as never, 'home/home')).rejects.toMatchObject({
      message: 'openDeepLink: opener.location must be an object, got undefined',
    });
    await expect(openDeepLink({ location: platform.location, config } as never, 'home/home')).rejects.toMatchObject({
      message: 'openDeepLink: opener.bridge must be an object, got undefined',
    });
    await expect(openDeepLink({ bridge, location: platform.location } as never, 'home/home')).rejects.toMatchObject({
      message: 'openDeepLink: opener.config must be an object, got undefined',
    });
    await expect(
      openDeepLink({ bridge, location: platform.location, config }, 'home/home', undefined, null as never),
    ).rejects.toMatchObject({ name: 'InvalidArgumentError', message: 'openDeepLink: intent must be an object, got null' });
    expect(platform.navigations).toEqual([]);
  });
});

describe('the typed deep-link errors name what was wrong', () => {
  it('an unknown target', () => {
    expect(() => buildDeepLink('home/casino' as never, undefined, config)).toThrow(
      expect.objectContaining({
        code: 'DEEP_LINK_UNKNOWN_TARGET',
        message: 'Unknown deep-link target: "home/casino"',
        extra: { target: 'home/casino' },
      }),
    );
  });

  it('an unknown parameter', () => {
    expect(() => buildDeepLink('home/contract', { symbol: 'BTC' } as never, config)).toThrow(
      expect.objectContaining({
        code: 'DEEP_LINK_UNKNOWN_PARAM',
        message: 'The deep-link target home/contract takes no parameter "symbol"',
        extra: { target: 'home/contract', param: 'symbol' },
      }),
    );
  });

  it('a value outside the listed ones lists the ones it takes', () => {
    expect(() => buildDeepLink('home/asset', { type: 'casino' } as never, config)).toThrow(
      expect.objectContaining({
        code: 'DEEP_LINK_UNKNOWN_VALUE',
        message:
          'The deep-link parameter type of home/asset takes overview, spot, contract, p2p, financial, swap, reward, margin; got "casino"',
        extra: {
          target: 'home/asset',
          param: 'type',
          value: 'casino',
          allowed: ['overview', 'spot', 'contract', 'p2p', 'financial', 'swap', 'reward', 'margin'],
        },
      }),
    );
  });

  it('a link of another app', () => {
    expect(() => parseDeepLink('other://app/kline', config)).toThrow(
      expect.objectContaining({
        name: 'InvalidDeepLinkError',
        code: 'DEEP_LINK_INVALID',
        message: 'Not a deep link of this app: "other://app/kline"',
        extra: { url: 'other://app/kline' },
      }),
    );
  });
});

describe('building: corners', () => {
  it('an on-chain link of a target without an on-chain default adds nothing', () => {
    expect(buildDeepLink('home/coin', { symbol: 'PEPE' }, { ...config, onChain: true })).toBe('testapp://app/home/coin?symbol=PEPE');
    expect(buildDeepLink('coin/recharge', {}, { ...config, onChain: true })).toBe('testapp://app/coin/recharge?coinName=USDT&coinId=2');
  });

  it('a value JSON cannot write (a cycle) goes into the link as its object tag instead of throwing', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(buildDeepLink('capital/transfer', { from: cycle }, config)).toBe(
      `testapp://app/capital/transfer?from=${encodeURIComponent('[object Object]')}`,
    );
  });

  it('a restricted target is null however its parameters look', () => {
    expect(buildDeepLink('strategy/apply/trader', undefined, config)).toBeNull();
    expect(buildDeepLink('red_packet/guidance', {}, { ...config, os: 'android' })).toBeNull();
  });
});

describe('parsing: corners', () => {
  it('empty pairs (a doubled or trailing &) are skipped', () => {
    expect(parseDeepLink('testapp://app/home/coin?&symbol=BTC&&type=spot&', config)).toEqual({
      target: 'home/coin',
      params: { symbol: 'BTC', type: 'spot' },
      scheme: 'app',
    });
  });

  it('a pair that starts with = has an empty name', () => {
    expect(() => parseDeepLink('testapp://app/home/coin?=BTC', config)).toThrow(
      expect.objectContaining({ name: 'UnknownDeepLinkParamError', extra: { target: 'home/coin', param: '' } }),
    );
  });

  it('a query right after the host names no target', () => {
    expect(() => parseDeepLink('testapp://app/?symbol=BTC', config)).toThrow(
      expect.objectContaining({ name: 'UnknownDeepLinkTargetError', extra: { target: '' } }),
    );
  });

  it('a link without :// is not a deep link, even when its first characters are the scheme', () => {
    // With the scheme 'ab/kline' and an empty host, 'ab/kline?' reads as scheme, host and target kline to a reader
    // that ignored the missing '://'.
    const odd: DeepLinkConfig = { appScheme: 'ab/kline', publicScheme: 'x', host: '' };
    expect(() => parseDeepLink('ab/kline?', odd)).toThrow(expect.objectContaining({ name: 'InvalidDeepLinkError' }));
    expect(() => parseDeepLink('testapp/app/kline', config)).toThrow(expect.objectContaining({ name: 'InvalidDeepLinkError' }));
  });

  it('only the catalogue names are targets: not a lookalike object, not an inherited key', () => {
    expect(isDeepLinkTarget({ toString: () => 'home/home' } as never)).toBe(false);
    expect(isDeepLinkTarget('toString')).toBe(false);
    expect(isDeepLinkTarget('home/home')).toBe(true);
  });
});
