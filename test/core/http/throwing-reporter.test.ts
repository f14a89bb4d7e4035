// Reporting is never what breaks a call: with a platform whose errors.report throws, every failure the
// client reports still settles with its typed error, and no rejection goes unhandled. Every internal report
// or log in the package goes through the one guarded helper (checked over the sources, so a new call site
// that reports directly fails here); and nothing reported carries a URL's user:password.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../core/http/index.js';
import { withoutUserinfo } from '../../../core/http/errors.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import type { ErrorReport } from '../../../core/platform/index.js';
import { createSecurity } from '../../../core/security/index.js';
import { reply, startTestServer } from '../../support/http-server.js';
import type { Reply, TestServer } from '../../support/http-server.js';
import { START_TIME } from './harness.js';
import { SIGNING_CERT } from '../security/helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** A memory platform whose reporter records, then throws. */
function throwingPlatform() {
  const platform = memoryPlatform({ now: START_TIME });
  const attempts: ErrorReport[] = [];
  platform.errors.report = (report) => {
    attempts.push(report);
    throw new Error('reporter down');
  };
  return { platform, attempts };
}

const redirectTo =
  (location: string): Reply =>
  (_request, response) => {
    response.writeHead(302, { location });
    response.end();
  };

describe('a platform whose errors.report throws', () => {
  it.each<[string, Reply, Record<string, unknown>]>([
    ['an error status', reply.status(500), { name: 'HttpStatusError', status: 500 }],
    ['a malformed body', reply.raw('{not json'), { name: 'HttpInvalidResponseError', reason: 'malformed' }],
    ['a refused redirect', redirectTo('http://user:secret@127.0.0.1:1/x'), { name: 'HttpRedirectError', reason: 'location' }],
  ])('%s: the call still rejects with its typed error, nothing unhandled', async (_name, answer, expected) => {
    server.route('GET', '/v1/x', answer);
    const { platform, attempts } = throwingPlatform();
    const client = createHttpClient(platform, { baseUrl: server.origin });
    await expect(client.get('/x')).rejects.toMatchObject(expected);
    expect(attempts).toHaveLength(1);
    expect(client.pendingCount).toBe(0);
    await new Promise((done) => setImmediate(done));
    expect(unhandled).toEqual([]);
  });

  it('a throwing provider: HttpSetupError naming it, though its report throws too', async () => {
    const { platform, attempts } = throwingPlatform();
    const client = createHttpClient(platform, {
      baseUrl: server.origin,
      providers: {
        appTheme: () => {
          throw new Error('no theme');
        },
      },
    });
    await expect(client.get('/x')).rejects.toMatchObject({ name: 'HttpSetupError', extra: { field: 'providers.appTheme' } });
    expect(attempts).toMatchObject([{ event: 'httpProviderError' }]);
    expect(unhandled).toEqual([]);
  });

  it('security: a failed init is reported without throwing into the caller, and a throwing log is ignored', () => {
    const { platform, attempts } = throwingPlatform();
    const security = createSecurity(platform, {
      certificatePem: SIGNING_CERT,
      log: () => {
        throw new Error('log down');
      },
    });
    expect(() => security.reportInitFailure(new Error('x'))).not.toThrow();
    expect(attempts).toMatchObject([{ event: 'loginEncryptFailed' }]);
    security.dispose();
  });
});

describe('every internal report and log goes through the guarded helper', () => {
  const root = resolve(import.meta.dirname, '../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });
  it('no source file calls a reporter or a caller-supplied logger directly', () => {
    const direct: string[] = [];
    for (const file of ['core', 'machines', 'react'].flatMap((dir) => sources(join(root, dir)))) {
      const name = relative(root, file);
      if (name === join('core', 'errors', 'guard-callback.ts')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/^\s*(\/\/|\*)/.test(line)) return;
          // guardCallback is the other guarded path: it reports a throw as a UserCallbackError through safeReport.
          if (/\bguardCallback\(/.test(line)) return;
          // `x.report(…)`, `errors?.report(…)`, `ctx.log(…)`, `options.log(…)`: each must be safeReport / safeLog.
          if (/\b(errors|reporter)\??\.report\(|\b(ctx|options)\.log\(/.test(line)) direct.push(`${name}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(direct).toEqual([]);
  });
});

describe('no user:password in what is reported', () => {
  it.each([
    ['http://user:secret@127.0.0.1:1/x', 'http://127.0.0.1:1/x'],
    ['https://a@b@host.example/p?q#f', 'https://host.example/p?q#f'],
    ['//user:secret@host.example/x', '//host.example/x'],
    [' \thttp://user:secret@[::1/x', 'http://[::1/x'],
    ['http://user:secret@:99999/', 'http://:99999/'],
    ['/relative@path', '/relative@path'],
    ['https://host.example/x@y', 'https://host.example/x@y'],
  ])('%j → %j', (location, expected) => {
    expect(withoutUserinfo(location)).toBe(expected);
  });

  it('a refused redirect to a URL with credentials: neither the error nor its report holds them', async () => {
    server.route('GET', '/v1/x', redirectTo('http://user:secret@127.0.0.1:1/x'));
    const platform = memoryPlatform({ now: START_TIME });
    const client = createHttpClient(platform, { baseUrl: server.origin });
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpRedirectError', location: 'http://127.0.0.1:1/x' });
    expect(JSON.stringify(platform.reports)).not.toContain('secret');
    expect(JSON.stringify(error)).not.toContain('secret');
  });
});
