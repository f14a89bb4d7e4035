// Real Chromium for browser tests, end-to-end tests and benchmarks: Debian's package, driven by playwright-core (no browser downloads
// here).
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, LaunchOptions } from 'playwright-core';
import { ensureEngines } from './engines.js';

/** Where the browser tests look for Chromium when CHROMIUM_PATH is not set. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The command that installs Debian's Chromium. */
export const CHROMIUM_INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/**
 * Flags for a headless Chromium on a closed network: without the background-networking ones it keeps
 * trying to reach Google's hosts.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The Chromium executable: CHROMIUM_PATH, else /usr/bin/chromium. When it is missing and we are root,
 * Debian's package is installed; otherwise this fails with the exact command to run.
 */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH === undefined) {
    // As root this installs Debian's package (with one apt call); otherwise it fails naming the command.
    ensureEngines(['chromium']);
    if (existsSync(path)) return path;
  }
  throw new Error(`Chromium not found at ${path}. Install it with \`${CHROMIUM_INSTALL_COMMAND}\`, or set CHROMIUM_PATH.`);
}

/** Launches headless Chromium for a test. */
export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({ ...options, executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
}
