// The three browser engines the tests run in, all from Debian's packages (no browser downloads are possible
// here): Chromium, Firefox ESR (driven over WebDriver BiDi) and WebKitGTK (WebKitWebDriver + MiniBrowser
// under a virtual display). Finds them, and installs what is missing with one apt call when run as root.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The engines the browser tests run in, in the order they run. */
export const ENGINE_NAMES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Debian's packages that provide every engine (and the virtual display WebKit needs). */
export const ENGINE_PACKAGES = ['chromium', 'firefox-esr', 'webkit2gtk-driver', 'xvfb'] as const;

/** The command that installs every engine. */
export const ENGINES_INSTALL_COMMAND = `sudo apt-get install -y ${ENGINE_PACKAGES.join(' ')}`;

/**
 * The engines this run tests: EXKIT_ENGINES as a comma-separated list ('firefox', 'chromium,webkit'), or all
 * three. An unknown name fails rather than silently testing less.
 */
export function selectedEngines(value = process.env.EXKIT_ENGINES): EngineName[] {
  if (value === undefined || value.trim() === '') return [...ENGINE_NAMES];
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(ENGINE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(
      `EXKIT_ENGINES="${value}": unknown engine ${unknown.join(', ') || '(none named)'}; use one or more of ${ENGINE_NAMES.join(', ')}.`,
    );
  }
  return ENGINE_NAMES.filter((name) => names.includes(name));
}

/** WebKitGTK's MiniBrowser: a library folder, so its path depends on the architecture and API version. */
export function miniBrowserPath(): string | undefined {
  if (process.env.MINIBROWSER_PATH !== undefined) return process.env.MINIBROWSER_PATH;
  for (const base of ['/usr/lib', '/usr/libexec']) {
    let entries: string[];
    try {
      entries = readdirSync(base);
    } catch {
      continue;
    }
    for (const dir of [...entries.map((entry) => join(base, entry)), base]) {
      for (const api of ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0']) {
        const candidate = join(dir, api, 'MiniBrowser');
        if (existsSync(candidate)) return candidate;
      }
    }
  }
  return undefined;
}

/**
 * The executables each engine needs, as paths; undefined where one is not there. CHROMIUM_PATH, FIREFOX_PATH
 * and MINIBROWSER_PATH override where Chromium, Firefox and MiniBrowser are looked for.
 */
export function enginePaths() {
  const found = (path: string | undefined) => (path !== undefined && existsSync(path) ? path : undefined);
  return {
    chromium: found(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    firefox: found(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'),
    webkitDriver: existsSync('/usr/bin/WebKitWebDriver') ? '/usr/bin/WebKitWebDriver' : undefined,
    miniBrowser: found(miniBrowserPath()),
    xvfb: existsSync('/usr/bin/Xvfb') ? '/usr/bin/Xvfb' : undefined,
  };
}

/** The Debian packages missing for these engines. */
export function missingEnginePackages(engines: readonly EngineName[] = ENGINE_NAMES): string[] {
  const paths = enginePaths();
  const missing = new Set<string>();
  if (engines.includes('chromium') && paths.chromium === undefined) missing.add('chromium');
  if (engines.includes('firefox') && paths.firefox === undefined) missing.add('firefox-esr');
  if (engines.includes('webkit')) {
    if (paths.webkitDriver === undefined || paths.miniBrowser === undefined) missing.add('webkit2gtk-driver');
    if (paths.xvfb === undefined) missing.add('xvfb');
  }
  return ENGINE_PACKAGES.filter((name) => missing.has(name));
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Makes sure the engines are installed: as root, whatever is missing is installed with one apt call;
 * otherwise this fails with the exact command to run.
 */
export function ensureEngines(engines: readonly EngineName[] = selectedEngines()): void {
  const missing = missingEnginePackages(engines);
  if (missing.length === 0) return;
  if (!isRoot()) {
    throw new Error(`Browser engines missing (${missing.join(', ')}). Install them with \`${ENGINES_INSTALL_COMMAND}\`.`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'ignore', env });
  const still = missingEnginePackages(engines);
  if (still.length > 0)
    throw new Error(
      `apt-get installed ${missing.join(' ')} but ${still.join(', ')} is still missing; run \`${ENGINES_INSTALL_COMMAND}\` by hand.`,
    );
}
