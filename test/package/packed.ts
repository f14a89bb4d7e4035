// The package as a user gets it: `npm pack` of the built dist/, installed into scratch apps under a cache
// folder in the temp dir. Each app keeps its node_modules between runs (one `npm install` per app and run,
// mostly answered from the shared npm cache), so only the first run on a machine downloads anything.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const root = resolve(import.meta.dirname, '../..');

/** Where the scratch apps and their npm cache live between runs. */
export const CACHE = join(tmpdir(), 'exkit-package-tests');

/** The time one install from the registry may take on a cold cache (2-core machine, busy). */
export const INSTALL_TIMEOUT_MS = 240_000;

/**
 * The environment without the npm_* variables an outer `npm test` sets (npm_config_local_prefix among
 * them), so that a nested npm works on the scratch app and not on this repository.
 */
export const cleanEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

const npmEnv = {
  ...cleanEnv,
  npm_config_cache: join(CACHE, 'npm-cache'),
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

/** Runs a command and returns its stdout; a failure carries the command's stderr in its message. */
export async function sh(
  file: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = npmEnv,
  timeout = INSTALL_TIMEOUT_MS,
): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, env, timeout, maxBuffer: 32 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed in ${cwd}:\n${stderr ?? ''}\n${stdout ?? ''}`, { cause: error });
  }
}

/** Packs the built package (dist/ must exist: `npm run build`) into a fresh folder; `remove()` deletes it. */
export async function packTarball(): Promise<{ path: string; remove(): void }> {
  if (!existsSync(join(root, 'dist', 'core', 'index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  mkdirSync(CACHE, { recursive: true });
  const destination = mkdtempSync(join(CACHE, 'pack-'));
  // --ignore-scripts: the prepack build already ran (npm test builds before vitest); pack what is there.
  const out = await sh('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], root);
  const [info] = JSON.parse(out) as Array<{ filename: string }>;
  return { path: join(destination, info!.filename), remove: () => rmSync(destination, { recursive: true, force: true }) };
}

/** The paths inside a tarball made by `npm pack --json` (relative to the package root). */
export async function packedFiles(): Promise<string[]> {
  const out = await sh('npm', ['pack', '--ignore-scripts', '--dry-run', '--json'], root);
  const [info] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
  return info!.files.map((f) => f.path).sort();
}

/**
 * A scratch app folder with this package.json (`dependencies` without exkit), with the tarball installed
 * into it by `npm install <tarball>`, as a user would. The folder is kept and reused across runs.
 */
export async function installApp(
  name: string,
  manifest: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> },
  tarball: string,
): Promise<string> {
  const dir = join(CACHE, 'apps', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `exkit-consumer-${name}`, private: true, type: 'module', ...manifest }, null, 2)}\n`,
  );
  // --no-save: the app's package.json and lockfile stay as written, so the next run's install is the same one.
  await sh('npm', ['install', '--prefer-offline', '--no-save', tarball], dir);
  return dir;
}

/** The version field of an installed package in an app, or undefined when it is not installed. */
export function installedVersion(appDir: string, name: string): string | undefined {
  const file = join(appDir, 'node_modules', name, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : undefined;
}
