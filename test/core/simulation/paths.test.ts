import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALE_PATH_PREFIXES } from '../../../core/catalog/locale-paths.js';
import { splitLocalePrefix } from '../../../core/locale-links/locale-links.js';
import { inputClasses } from '../../support/input-classes.js';
import {
  isFuturesPath,
  isSimulationAllowedPath,
  SIMULATION_ALLOWED_PATHS,
  SIMULATION_FUTURES_PATH,
  SIMULATION_LANDING_PATH,
  splitPagePath,
  withLocalePrefix,
} from '../../../core/simulation/paths.js';

describe('simulation pages — spec §S2', () => {
  it('the default landing page is /spot/BTCUSDT and the futures page /futures/usdt/BTCUSDT', () => {
    expect(SIMULATION_LANDING_PATH).toBe('/spot/BTCUSDT');
    expect(SIMULATION_FUTURES_PATH).toBe('/futures/usdt/BTCUSDT');
  });

  it.each([
    '/fee',
    '/vip/detail',
    '/vip/vipIntroduce',
    '/account/setting',
    '/account/newapi',
    '/account/sub-account',
    '/spot/BTCUSDT',
    '/futures/usdt/BTCUSDT',
    '/transac',
    '/order/marginOrderInfo',
    '/order/mcp',
    '/asset',
    '/asset/spot',
    '/asset/margin',
    '/asset/futures',
    '/record/exchange',
    '/record/margin',
    '/record/mcp',
    '/subaccount/setting',
    '/subaccount/setting/antiphishing',
    '/subaccount/setting/devices',
    '/subaccount/setting/history',
    '/subaccount/setting/api',
    '/modifyverification',
    '/download',
    '/proof-of-reserves',
    '/protection-fund',
    '/trade-spot',
    '/trade-margin',
    '/trade-swap',
    '/trade-info',
    '/trade-asset-order',
    '/trade-asset',
  ])('allowed list entry %s is allowed, with and without a locale prefix', (path) => {
    expect(isSimulationAllowedPath(path)).toBe(true);
    expect(isSimulationAllowedPath(`/en${path}`)).toBe(true);
    expect(isSimulationAllowedPath(`/zh-CN${path}`)).toBe(true);
  });

  it('lists exactly the 33 entries of the seed (with the four sub-pages of /subaccount/setting)', () => {
    expect(SIMULATION_ALLOWED_PATHS).toHaveLength(33);
  });

  it.each([
    ['/spotlight', 'a prefix entry /spot/ does not admit /spotlight'],
    ['/spot', 'the bare /spot is not the /spot/ prefix'],
    ['/futuresX/usdt', 'nor /futuresX'],
    ['/asset/earn', 'exact entries admit only themselves'],
    ['/fee/extra', 'exact entries admit no sub-pages'],
    ['/subaccount/setting/other', 'only the listed sub-pages of /subaccount/setting'],
    ['/markets', 'unlisted pages'],
    ['/', 'the home page'],
    ['/xx/spot/BTCUSDT', 'an unknown first segment is not a locale prefix'],
    ['/en/en/fee', 'a doubled locale prefix is not stripped twice'],
  ])('%s is not allowed (%s)', (path) => {
    expect(isSimulationAllowedPath(path)).toBe(false);
  });

  it('reads a locale prefix whatever its case, like the locale links do (one parser for both)', () => {
    expect(isSimulationAllowedPath('/EN/spot/X')).toBe(true);
    expect(isSimulationAllowedPath('/zh-cn/fee')).toBe(true);
    expect(isSimulationAllowedPath('/EN/earn')).toBe(false);
    expect(splitPagePath('/EN/spot/X')).toEqual({ locale: 'en', path: '/spot/X' });
    expect(splitPagePath('/ZH-tw//asset?x#y')).toEqual({ locale: 'zh-TW', path: '/asset' });
    expect(isFuturesPath('/EN/futures/usdt/ETHUSDT')).toBe(true);
  });

  it('ignores query strings, fragments, a trailing slash and doubled slashes', () => {
    expect(isSimulationAllowedPath('/fee?x=1#top')).toBe(true);
    expect(isSimulationAllowedPath('/fee/')).toBe(true);
    expect(isSimulationAllowedPath('//spot//ETHUSDT')).toBe(true);
  });

  it('splits and re-adds locale prefixes', () => {
    expect(splitLocalePrefix('/en/spot/ETHUSDT')).toEqual({ locale: 'en', path: '/spot/ETHUSDT' });
    expect(splitLocalePrefix('/spot/ETHUSDT')).toEqual({ locale: '', path: '/spot/ETHUSDT' });
    expect(splitLocalePrefix('/zh-TW')).toEqual({ locale: 'zh-TW', path: '/' });
    expect(splitLocalePrefix('/EN/spot/X')).toEqual({ locale: 'en', path: '/spot/X' });
    expect(splitLocalePrefix('/en/en/fee')).toEqual({ locale: 'en', path: '/en/fee' });
    expect(withLocalePrefix('ja', '/spot/BTCUSDT')).toBe('/ja/spot/BTCUSDT');
    expect(withLocalePrefix('', '/spot/BTCUSDT')).toBe('/spot/BTCUSDT');
  });

  it('a locale that is not one path segment is refused, so a prefixed path never leaves the site', () => {
    for (const locale of ['\\evil.example', '/evil.example', '//evil.example', '..', 'a b', '%2F', 'zh/CN', '-x', 'a?b', 'a#b'])
      expect(() => withLocalePrefix(locale, '/spot/BTCUSDT'), locale).toThrow(
        expect.objectContaining({
          name: 'InvalidArgumentError',
          code: 'INVALID_ARGUMENT',
          extra: expect.objectContaining({ field: 'locale' }),
        }),
      );
    const drawn = inputClasses<string>({
      'a catalogue prefix': (l) => LOCALE_PATH_PREFIXES.includes(l),
      'a slash or backslash': (l) => /[\\/]/.test(l),
      'a dot, percent or space': (l) => /[.% ]/.test(l),
    });
    const locale = fc.oneof(
      fc.constantFrom(...LOCALE_PATH_PREFIXES),
      fc.array(fc.constantFrom('a', 'Z', '9', '-', '_', '/', '\\', '.', '%', ' ', ':', '@'), { maxLength: 6 }).map((c) => c.join('')),
    );
    fc.assert(
      fc.property(locale, (l) => {
        drawn.see(l);
        let path: string;
        try {
          path = withLocalePrefix(l, '/spot/BTCUSDT');
        } catch (error) {
          expect(error).toMatchObject({ name: 'InvalidArgumentError' });
          return;
        }
        const url = new URL(path, 'https://site.example/markets');
        expect(url.origin).toBe('https://site.example');
        expect(url.pathname).toBe(l ? `/${l}/spot/BTCUSDT` : '/spot/BTCUSDT');
      }),
      { numRuns: 400 },
    );
    drawn.expectEachDrawn(10);
  });
});

describe('futures pages — spec §S2', () => {
  it.each([
    ['/futures/usdt/ETHUSDT', true],
    ['/en/futures/usdt/ETHUSDT', true],
    ['/zh-TW/futures/coin/BTCUSD?x=1', true],
    ['/futures', false],
    ['/futuresX/usdt', false],
    ['/asset/futures', false],
    ['/en/spot/BTCUSDT', false],
  ])('%s is a futures page: %s', (path, expected) => {
    expect(isFuturesPath(path)).toBe(expected);
  });
});

describe('simulation path matcher properties (fast-check)', () => {
  const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/);
  const rest = fc.array(segment, { maxLength: 3 }).map((s) => s.map((x) => `/${x}`).join(''));
  const locale = fc.constantFrom(...LOCALE_PATH_PREFIXES);

  it('a locale prefix never changes the decision, for allowed and refused paths alike', () => {
    // Random segments almost never spell an allowed page, so allowed entries (with segments after them) are mixed in.
    const path = fc.oneof(
      rest.map((p) => p || '/'),
      fc.tuple(fc.constantFrom(...SIMULATION_ALLOWED_PATHS), rest).map(([entry, r]) => `${entry}${r}`.replace('//', '/')),
    );
    const drawn = inputClasses<boolean>({ allowed: (ok) => ok, refused: (ok) => !ok });
    fc.assert(
      fc.property(locale, path, (l, p) => {
        drawn.see(isSimulationAllowedPath(p));
        expect(isSimulationAllowedPath(`/${l}${p}`), `/${l}${p}`).toBe(isSimulationAllowedPath(p));
      }),
      // About one draw in ten is an allowed page: 300 runs draw each class well over ten times.
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });

  it('everything below a prefix entry is allowed', () => {
    const drawn = inputClasses<string>({ 'one segment below': (r) => r === '', 'several segments below': (r) => r !== '' });
    fc.assert(
      fc.property(fc.constantFrom('/spot/', '/futures/'), segment, rest, (prefix, s, r) => {
        drawn.see(r);
        expect(isSimulationAllowedPath(`${prefix}${s}${r}`), `${prefix}${s}${r}`).toBe(true);
      }),
      { numRuns: 200 },
    );
    drawn.expectEachDrawn(10);
  });

  it('gluing characters onto an entry (no separator) never admits the path', () => {
    const exact = SIMULATION_ALLOWED_PATHS.filter((e) => !e.endsWith('/'));
    const drawn = inputClasses<string>({ 'a glued path refused': (glued) => !isSimulationAllowedPath(glued) });
    fc.assert(
      fc.property(fc.constantFrom(...exact), segment, (entry, glue) => {
        const glued = `${entry}${glue}`;
        drawn.see(glued);
        expect(isSimulationAllowedPath(glued), glued).toBe(SIMULATION_ALLOWED_PATHS.includes(glued));
      }),
    );
    drawn.expectEachDrawn(10);
  });

  it('split then re-add returns the normalised path', () => {
    const drawn = inputClasses<[string, string]>({
      'no locale': ([l]) => l === '',
      'a locale': ([l]) => l !== '',
      'the root': ([, r]) => r === '',
      'a deeper path': ([, r]) => r !== '',
    });
    fc.assert(
      fc.property(fc.option(locale, { nil: '' }), rest, (l, r) => {
        drawn.see([l, r]);
        const path = withLocalePrefix(l, r || '/');
        const split = splitLocalePrefix(path);
        expect(withLocalePrefix(split.locale, split.path)).toBe(path);
      }),
      { numRuns: 300 },
    );
    drawn.expectEachDrawn(10);
  });
});
