// The engine launcher itself (test/support/engines.ts): the same page API in every engine, errors that name
// what failed, and no process left behind, whether the engine is closed or the test process just exits.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ENGINES_INSTALL_COMMAND, missingEnginePackages, selectedEngines } from '../../../scripts/engines.js';
import { ENGINES, launchEngine } from '../../support/engines.js';
import { WebDriverCommandError, WebDriverSession, webDriverCommand } from '../../support/webdriver.js';

const run = promisify(execFile);

/** Whether a process still runs (a zombie waiting to be reaped has already ended). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Live processes in these processes' groups (WebKit's MiniBrowser and its web processes are in the driver's). */
function groupMembers(pgids: readonly number[]): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] !== 'Z' && pgids.includes(Number(fields[2]))) members.push(Number(entry));
    } catch {
      // Ended while we looked.
    }
  }
  return members;
}

/** The processes (and members of their groups) still running after up to `ms`. */
async function gone(pids: readonly number[], ms = 10_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  const left = () => [...new Set([...pids.filter(alive), ...groupMembers(pids)])];
  while (left().length > 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  return left();
}

describe.each(ENGINES)('launchEngine(%s)', { timeout: 90_000 }, (name) => {
  it('gives the shared page API: load, evaluate (values, undefined, errors), wait, input, cookies, screenshot; close leaves no process', async () => {
    const engine = await launchEngine(name);
    expect(engine.name).toBe(name);
    expect(engine.version).toMatch(/^\d+\.\d+/);
    expect(engine.pids.length).toBeGreaterThan(0);
    expect(engine.pids.every(alive)).toBe(true);
    // WebKit's processes run in the groups the launcher made: MiniBrowser is there, not just the driver.
    if (name === 'webkit') expect(groupMembers(engine.pids).length).toBeGreaterThan(engine.pids.length);
    try {
      const page = await engine.newPage({ viewport: { width: 800, height: 600 } });
      await page.setContent(
        '<!doctype html><title>t</title><input id="field"><button id="go" onclick="window.clicks = (window.clicks || 0) + 1">go</button><script>window.ready = 42</script>',
      );
      expect(await page.evaluate(() => [(window as unknown as { ready: number }).ready, innerWidth, innerHeight])).toEqual([42, 800, 600]);
      expect(await page.evaluate((arg) => arg.n * 2, { n: 21 })).toBe(42);
      expect(await page.evaluate(() => undefined)).toBeUndefined();
      await expect(page.evaluate(() => Promise.reject(new Error('from the page')))).rejects.toThrow(/from the page/);
      await expect(page.waitForFunction(() => false, undefined, { timeout: 300 })).rejects.toThrow(/timed out after 300 ms/);
      await page.click('#go');
      await page.click('#go');
      expect(await page.evaluate(() => (window as unknown as { clicks: number }).clicks)).toBe(2);
      await page.click('#field');
      await page.type('ab1');
      await page.press('Enter');
      expect(await page.evaluate(() => [(document.getElementById('field') as HTMLInputElement).value, document.activeElement?.id])).toEqual(
        ['ab1', 'field'],
      );
      await expect(page.click('#missing')).rejects.toThrow(/no clickable element for #missing/);
      await page.addCookie({ name: 'probe', value: 'v1' });
      expect(await page.evaluate(() => document.cookie)).toBe('probe=v1');
      expect((await page.cookies()).map((c) => [c.name, c.value, c.path, c.expires])).toEqual([['probe', 'v1', '/', undefined]]);
      const png = await page.screenshot();
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(png.readUInt32BE(16)).toBeGreaterThan(0);
      await page.close();
      // The next page starts without the last one's cookies.
      const next = await engine.newPage();
      await next.setContent('<!doctype html><p>next</p>');
      expect(await next.evaluate(() => document.cookie)).toBe('');
      await next.close();
    } finally {
      await engine.close();
    }
    expect(await gone(engine.pids)).toEqual([]);
  });

  it('a test process that exits without closing the engine leaves no process behind', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'exit-child.ts'), name], {
      timeout: 80_000,
    });
    const pids = JSON.parse(stdout.trim().split('\n').at(-1)!) as number[];
    expect(pids.length).toBeGreaterThan(0);
    expect(await gone(pids)).toEqual([]);
  });
});

describe('the WebDriver client', () => {
  it('a new-session request that is never answered (WebKit without a display) fails after its time limit instead of hanging', async () => {
    const requests: string[] = [];
    const server = createServer((req) => requests.push(`${req.method} ${req.url}`));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = Date.now();
    try {
      const error = await WebDriverSession.start(base, {}, 300).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebDriverCommandError);
      expect(error).toMatchObject({ command: 'POST /session', error: 'timeout' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(requests).toEqual(['POST /session']);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });

  it('a WebDriver error answer becomes a WebDriverCommandError naming the command and the error code', async () => {
    const server = createServer((req, res) => {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ value: { error: 'invalid session id', message: 'gone', stacktrace: '' } }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(webDriverCommand(base, 'GET', '/session/x/url')).rejects.toMatchObject({
        command: 'GET /session/x/url',
        error: 'invalid session id',
      });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

describe('engine selection and installation (scripts/engines.ts)', () => {
  it('EXKIT_ENGINES names the engines to run, in the fixed order; empty means all three', () => {
    expect(selectedEngines('')).toEqual(['chromium', 'firefox', 'webkit']);
    expect(selectedEngines('  ')).toEqual(['chromium', 'firefox', 'webkit']);
    expect(selectedEngines('firefox')).toEqual(['firefox']);
    expect(selectedEngines(' WebKit , chromium ')).toEqual(['chromium', 'webkit']);
  });

  it('an unknown or empty engine list fails naming what was wrong, rather than testing less', () => {
    expect(() => selectedEngines('safari')).toThrow(/unknown engine safari; use one or more of chromium, firefox, webkit/);
    expect(() => selectedEngines('firefox,gecko')).toThrow(/unknown engine gecko/);
    expect(() => selectedEngines(',')).toThrow(/\(none named\)/);
  });

  it('a browser that is not where it is looked for counts as missing, by its Debian package', () => {
    const saved = process.env.FIREFOX_PATH;
    process.env.FIREFOX_PATH = '/nonexistent/firefox-esr';
    try {
      expect(missingEnginePackages(['firefox'])).toEqual(['firefox-esr']);
      expect(missingEnginePackages(['chromium'])).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.FIREFOX_PATH;
      else process.env.FIREFOX_PATH = saved;
    }
    expect(ENGINES_INSTALL_COMMAND).toBe('sudo apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb');
  });
});
