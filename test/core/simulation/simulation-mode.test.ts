// The simulation-mode service (spec §S2/§S4): the flag in the common store, the allowed pages, where turning the
// mode on lands and where a refused page redirects, and the flag's changes made by other tabs.
import { describe, expect, it } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { ErrorReport } from '../../../core/platform/types.js';
import { createSimulationMode, SIMULATION_FLAG_KEY } from '../../../core/simulation/simulation-mode.js';
import { isLocaleSegment } from '../../../core/simulation/paths.js';
import { createStore } from '../../../core/storage/namespaced-store.js';

describe('the simulation flag', () => {
  it('lives in the common store under simulation-trade', () => {
    expect(SIMULATION_FLAG_KEY).toBe('simulation-trade');
    const p = memoryPlatform();
    const mode = createSimulationMode(p);
    expect(mode.isOn()).toBe(false);
    mode.setFlag(true);
    expect(mode.isOn()).toBe(true);
    expect(p.localStorage.keys()).toEqual(['exkit:common:v1:simulation-trade']);
    expect(createStore(p, 'common').get(SIMULATION_FLAG_KEY, null)).toBe(true);
  });

  it('turning it off removes the entry', () => {
    const p = memoryPlatform();
    const mode = createSimulationMode(p);
    mode.setFlag(true);
    mode.setFlag(false);
    expect(mode.isOn()).toBe(false);
    expect(p.localStorage.keys()).toEqual([]);
  });

  it('a stored value that is not a boolean reads as off', () => {
    const p = memoryPlatform();
    createStore(p, 'common').set(SIMULATION_FLAG_KEY, 'yes');
    expect(createSimulationMode(p).isOn()).toBe(false);
  });

  it('setFlag with anything but a boolean is an InvalidArgumentError naming on, and the flag is unchanged', () => {
    const p = memoryPlatform();
    const mode = createSimulationMode(p);
    mode.setFlag(true);
    expect(() => mode.setFlag('false' as never)).toThrow(
      expect.objectContaining({
        name: 'InvalidArgumentError',
        extra: { field: 'on', value: 'false' },
        message: 'simulation.setFlag: on must be a boolean, got "false"',
      }),
    );
    expect(mode.isOn()).toBe(true);
  });

  it('the platform and options are checked when the service is made', () => {
    expect(() => createSimulationMode({} as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'platform.crossTab' }) }),
    );
    expect(() => createSimulationMode(memoryPlatform(), null as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'options' }) }),
    );
  });
});

describe('pages in simulation mode', () => {
  it('allows the listed pages whatever the locale prefix, and refuses the others', () => {
    const mode = createSimulationMode(memoryPlatform());
    expect(mode.isAllowed('/en/spot/ETHUSDT')).toBe(true);
    expect(mode.isAllowed('/fee')).toBe(true);
    expect(mode.isAllowed('/en/p2p')).toBe(false);
  });

  it('takes its own allowed list', () => {
    const mode = createSimulationMode(memoryPlatform(), { allowedPaths: ['/only'] });
    expect(mode.isAllowed('/ja/only')).toBe(true);
    expect(mode.isAllowed('/fee')).toBe(false);
  });

  it('turning the mode on lands on the futures page from a futures page and on the spot page elsewhere, keeping the locale', () => {
    const mode = createSimulationMode(memoryPlatform());
    expect(mode.landingFor('/en/futures/coin/ETHUSD')).toBe('/en/futures/usdt/BTCUSDT');
    expect(mode.landingFor('/zh-CN/p2p')).toBe('/zh-CN/spot/BTCUSDT');
    expect(mode.landingFor('/p2p')).toBe('/spot/BTCUSDT');
    expect(mode.landingFor('/p2p', 'ja')).toBe('/ja/spot/BTCUSDT');
    expect(mode.landingFor('/en/p2p', '')).toBe('/spot/BTCUSDT');
  });

  it('a refused page redirects to the spot landing page with its locale, even from a futures page', () => {
    const mode = createSimulationMode(memoryPlatform());
    expect(mode.redirectFor('/en/p2p')).toBe('/en/spot/BTCUSDT');
    expect(mode.redirectFor('/ar/futures/x')).toBe('/ar/spot/BTCUSDT');
    expect(mode.redirectFor('/earn')).toBe('/spot/BTCUSDT');
  });

  it('the landing and futures pages can be given', () => {
    const mode = createSimulationMode(memoryPlatform(), { landingPath: '/spot/ETHUSDT', futuresPath: '/futures/usdt/ETHUSDT' });
    expect(mode.landingFor('/en/futures/x')).toBe('/en/futures/usdt/ETHUSDT');
    expect(mode.landingFor('/en/earn')).toBe('/en/spot/ETHUSDT');
    expect(mode.redirectFor('/en/earn')).toBe('/en/spot/ETHUSDT');
  });

  it('a locale segment is text of letters, digits, - and _ (or empty), at most 35 long', () => {
    expect(isLocaleSegment('zh-CN')).toBe(true);
    expect(isLocaleSegment('')).toBe(true);
    expect(isLocaleSegment('a'.repeat(35))).toBe(true);
    expect(isLocaleSegment('a'.repeat(36))).toBe(false);
    expect(isLocaleSegment('-en')).toBe(false);
    expect(isLocaleSegment('en/x')).toBe(false);
    expect(isLocaleSegment(5)).toBe(false);
  });

  it('a locale that is not one path segment is refused', () => {
    const mode = createSimulationMode(memoryPlatform());
    expect(() => mode.landingFor('/p2p', '\\evil.example')).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', extra: expect.objectContaining({ field: 'locale' }) }),
    );
  });
});

describe('the location', () => {
  it('currentPath is the path of the current page', () => {
    expect(createSimulationMode(memoryPlatform({ href: 'https://x.example/en/spot/BTCUSDT?a=1#b' })).currentPath()).toBe(
      '/en/spot/BTCUSDT',
    );
  });

  it('navigate and reload go through the platform location', () => {
    const p = memoryPlatform({ href: 'https://x.example/en/p2p' });
    const mode = createSimulationMode(p);
    mode.navigate('/en/spot/BTCUSDT');
    mode.reload();
    expect(p.navigations).toEqual(['https://x.example/en/spot/BTCUSDT']);
    expect(p.reloads).toBe(1);
    expect(mode.currentPath()).toBe('/en/spot/BTCUSDT');
  });

  it('navigate with a path that is not a string is an InvalidArgumentError naming path; nothing is navigated', () => {
    const p = memoryPlatform();
    expect(() => createSimulationMode(p).navigate(1 as never)).toThrow(
      expect.objectContaining({ name: 'InvalidArgumentError', message: 'simulation.navigate: path must be a string, got 1' }),
    );
    expect(p.navigations).toEqual([]);
  });
});

describe('remoteChanges$: the flag as other tabs change it', () => {
  it('emits the flag on each change of it by another tab, once per value, and on a storage clear', () => {
    const browser = new MemoryBrowser();
    const here = createSimulationMode(memoryPlatform({ browser }));
    const there = createSimulationMode(memoryPlatform({ browser }));
    const seen: boolean[] = [];
    here.remoteChanges$.subscribe((on) => seen.push(on));
    there.setFlag(true);
    there.setFlag(true);
    there.setFlag(false);
    there.setFlag(true);
    browser.localStorage.clear();
    expect(seen).toEqual([true, false, true, false]);
  });

  it('ignores other keys, and its own tab', () => {
    const browser = new MemoryBrowser();
    const herePlatform = memoryPlatform({ browser });
    const here = createSimulationMode(herePlatform);
    const otherPlatform = memoryPlatform({ browser });
    const seen: boolean[] = [];
    here.remoteChanges$.subscribe((on) => seen.push(on));
    createStore(otherPlatform, 'common').set('other', 1);
    createStore(otherPlatform, 'earn').set(SIMULATION_FLAG_KEY, true);
    here.setFlag(true);
    expect(seen).toEqual([]);
  });

  it('a throwing subscriber is reported under the stream name, and the others still receive', () => {
    const browser = new MemoryBrowser();
    const p = memoryPlatform({ browser });
    const here = createSimulationMode(p);
    const seen: boolean[] = [];
    here.remoteChanges$.subscribe(() => {
      throw new Error('listener failed');
    });
    here.remoteChanges$.subscribe((on) => seen.push(on));
    createSimulationMode(memoryPlatform({ browser })).setFlag(true);
    expect(seen).toEqual([true]);
    expect(p.reports.map((r: ErrorReport) => (r.data as { callback: string }).callback)).toEqual(['simulation.remoteChanges$ subscriber']);
  });
});
