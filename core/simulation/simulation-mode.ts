import { guardedStream } from '../errors/guarded-observable.js';
import type { Observable } from 'rxjs';
import { distinctUntilChanged, filter, map } from 'rxjs';
import type { Platform } from '../platform/types.js';
import { createStore } from '../storage/namespaced-store.js';
import {
  isFuturesPath,
  isSimulationAllowedPath,
  SIMULATION_ALLOWED_PATHS,
  SIMULATION_FUTURES_PATH,
  SIMULATION_LANDING_PATH,
  splitPagePath,
  withLocalePrefix,
} from './paths.js';
import { readRecord, expectObjectWith, expectString, invalidArgument } from '../validate/describe-value.js';

/** Spec §S4: the flag that marks simulation (paper) trading as on. */
export const SIMULATION_FLAG_KEY = 'simulation-trade';

export interface SimulationModeOptions {
  /** Where turning the mode on lands, and where disallowed pages redirect. Default /spot/BTCUSDT. */
  landingPath?: string;
  /** Where turning the mode on from a futures page lands. Default /futures/usdt/BTCUSDT. */
  futuresPath?: string;
  allowedPaths?: readonly string[];
}

/** The simulation-trading flag and its page rules, on one platform. */
export interface SimulationMode {
  isOn(): boolean;
  /** Sets or clears the flag (other tabs see the change). */
  setFlag(on: boolean): void;
  /** Whether a path may be visited while the mode is on (a locale prefix is ignored). */
  isAllowed(pathname: string): boolean;
  /**
   * Where turning the mode on from `pathname` lands: the futures page from a futures page, the landing
   * page elsewhere; with the locale prefix of `pathname` (or the given locale).
   */
  landingFor(pathname: string, locale?: string): string;
  /** Where a disallowed `pathname` redirects: the landing (spot) page with its locale prefix. */
  redirectFor(pathname: string): string;
  /** The current page's path. */
  currentPath(): string;
  /** Changes the location. */
  navigate(path: string): void;
  reload(): void;
  /** The flag's value each time another tab changes it. */
  readonly remoteChanges$: Observable<boolean>;
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/**
 * Creates the simulation-mode service: the flag in the common store and the allowed-page rules.
 *
 * @example
 * ```ts
 * const simulation = createSimulationMode(browserPlatform());
 * simulation.isAllowed('/en/futures/usdt/BTCUSDT'); // true: the locale prefix is ignored
 * simulation.redirectFor('/en/p2p'); // '/en/spot/BTCUSDT'
 * ```
 */
export function createSimulationMode(platform: Platform, options: SimulationModeOptions = {}): SimulationMode {
  options = readRecord('options', options, 'createSimulationMode');
  expectObjectWith('platform', platform, 'createSimulationMode', ['crossTab', 'location', 'localStorage']);
  const store = createStore(platform, 'common');
  const landing = options.landingPath ?? SIMULATION_LANDING_PATH;
  const futures = options.futuresPath ?? SIMULATION_FUTURES_PATH;
  const allowed = options.allowedPaths ?? SIMULATION_ALLOWED_PATHS;
  const flagKey = store.storageKey(SIMULATION_FLAG_KEY);
  const isOn = () => store.get(SIMULATION_FLAG_KEY, false, isBoolean);
  return {
    isOn,
    setFlag(on) {
      if (typeof on !== 'boolean') throw invalidArgument('on', 'a boolean', on, 'simulation.setFlag');
      if (on) store.set(SIMULATION_FLAG_KEY, true);
      else store.remove(SIMULATION_FLAG_KEY);
    },
    isAllowed: (pathname) => isSimulationAllowedPath(pathname, allowed),
    landingFor: (pathname, locale) =>
      withLocalePrefix(locale ?? splitPagePath(pathname).locale, isFuturesPath(pathname) ? futures : landing),
    redirectFor: (pathname) => withLocalePrefix(splitPagePath(pathname).locale, landing),
    currentPath: () => new URL(platform.location.href).pathname,
    navigate: (path) => platform.location.assign(expectString('path', path, 'simulation.navigate')),
    reload: () => platform.location.reload(),
    remoteChanges$: guardedStream(
      'simulation.remoteChanges$',
      platform.crossTab.pipe(
        // A null key is a storage clear, which also clears the flag.
        filter((change) => change.key === flagKey || change.key === null),
        map(() => isOn()),
        distinctUntilChanged(),
      ),
      platform.errors,
    ),
  };
}
