// Security decisions are made on the URL that is sent: the client refuses a path the URL parser (or a
// gateway's router) would read differently, and the hooks judge the pathname the request carries. Checked
// against the reference gateway on loopback, which records every request as it arrived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor, waitFor } from 'xstate';
import { LOGIN_PATHS, startGateway } from '../../../examples/gateway/gateway.js';
import type { Gateway, RequestRecord } from '../../../examples/gateway/gateway.js';
import { createHttpClient } from '../../../core/http/index.js';
import type { HttpClient, HttpMethod } from '../../../core/http/index.js';
import { memoryPlatform } from '../../../core/platform/index.js';
import { createSecurity, SENSITIVE_FIELDS } from '../../../core/security/index.js';
import { riskTokenHeaderHook, RISK_TOKEN_URLS } from '../../../core/security/risk-token/index.js';
import type { Security } from '../../../core/security/index.js';
import { signingInitMachine } from '../../../machines/signing-init.machine.js';
import { SIGNING_CERT } from './helpers.js';
import { anyText } from '../../support/arbitraries.js';
import { inputClasses } from '../../support/input-classes.js';

const RISK_TOKEN = 'rt-0123456789';
const CREDENTIALS = { loginName: 'alice', pwd: 'secret-pw' };
const RISK_PATHS: ReadonlySet<string> = new Set(RISK_TOKEN_URLS);

let gateway: Gateway;
let http: HttpClient;
let security: Security;
/** The API path the hooks judged, by call id (what requestApiPath, which every security hook reads, gave). */
const judged = new Map<number, string | undefined>();

beforeAll(async () => {
  gateway = await startGateway();
  const platform = memoryPlatform({ now: Date.now() });
  const source = { current: () => RISK_TOKEN, refreshIfDue: () => undefined, settle: () => Promise.resolve(RISK_TOKEN) };
  http = createHttpClient(platform, {
    baseUrl: gateway.url,
    hooks: {
      beforeRequest: [
        riskTokenHeaderHook(source),
        async (request, options) => {
          const id = (options.context as { exkit?: { id: number } } | undefined)?.exkit?.id;
          if (id !== undefined)
            judged.set(
              id,
              (await import('../../../core/security/request-hooks.js')).apiPathOf(request, options, { apiOrigin: 'x', apiBasePath: '' }),
            );
        },
      ],
    },
  });
  security = createSecurity(platform, { certificatePem: SIGNING_CERT, http, log: () => undefined });
  const actor = createActor(signingInitMachine, { input: { security }, clock: platform.timers }).start();
  actor.send({ type: 'INIT' });
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  actor.stop();
});

afterAll(async () => {
  security.dispose();
  http.dispose();
  await gateway.close();
});

const call = (method: HttpMethod, path: string) =>
  http.request(method, path, CREDENTIALS, { silent: true, onLoginExpired: 'reject' }).then(
    () => undefined,
    (error: unknown) => error,
  );

/** What a login path must look like on arrival: the sensitive fields only inside the ciphertext. */
function expectEncrypted(record: RequestRecord) {
  expect(typeof record.params?.bodyCiphertext, `${record.method} ${record.path} arrived encrypted`).toBe('string');
  for (const field of SENSITIVE_FIELDS) expect(record.params ?? {}).not.toHaveProperty(field);
}

describe('a path the URL parser or a router would rewrite is refused before anything is sent', () => {
  const refused: Array<[string, string]> = [
    ['one trailing space', '/user/login '],
    ['a leading space', ' /user/login'],
    ['a trailing tab', '/user/login\t'],
    ['a trailing NUL', '/user/login\0'],
    ['a leading C0 control', '\x01/user/login'],
    ['a tab inside', '/user/log\tin'],
    ['a newline inside', '/user/lo\ngin'],
    ['a carriage return inside', '/user/\rlogin'],
    ['a dot segment', '/user/x/../login'],
    ['a percent-encoded dot segment', '/user/x/%2e%2E/login'],
    ['an escaped letter a gateway decodes', '/user/%6cogin'],
    ['an escaped slash', '/user%2flogin'],
    ['a backslash', '/user\\login'],
    ['a full-width slash', '/user／login'],
    ['a full-width dot segment', '/user/x/．．/login'],
    ['a no-break space', '/user/login\u00a0'],
    ['an ideographic space', '/user/login\u3000'],
    ['a zero-width space', '/user/login\u200b'],
    ['a query', '/user/login?x=1'],
    ['a fragment', '/user/login#x'],
    ['a path parameter a Servlet router strips', '/user/login;jsessionid=1'],
    ['a trailing slash a router ignores', '/user/login/'],
    ['an empty segment a router merges', '/user//login'],
  ];
  it.each(refused)('%s (%j): InvalidArgumentError naming the path, nothing reaches the gateway', async (_name, path) => {
    const before = gateway.requests.length;
    const error = await call('POST', path);
    expect(error).toMatchObject({ name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT', extra: { field: 'path', value: path } });
    expect(gateway.requests.length).toBe(before);
    expect(http.pendingCount).toBe(0);
  });

  it("post('/user/login ') is refused; post('/user/login') arrives encrypted with its risk token", async () => {
    const logins = gateway.logins.length;
    expect(await http.post('/user/login ', CREDENTIALS).catch((error: unknown) => error)).toMatchObject({
      name: 'InvalidArgumentError',
      extra: { field: 'path' },
    });
    expect(gateway.logins.length).toBe(logins);
    await http.post('/user/login', CREDENTIALS);
    const arrived = gateway.requests.at(-1)!;
    expect(arrived).toMatchObject({ method: 'POST', path: '/v1/user/login', riskToken: RISK_TOKEN });
    expectEncrypted(arrived);
    expect(gateway.logins.at(-1)).toMatchObject({ encrypted: true, sensitive: CREDENTIALS });
  });
});

describe('the hooks judge the URL the request carries', () => {
  it('a hook that points a call at the login URL gets the login encrypted and the risk token added', async () => {
    const platform = memoryPlatform({ now: Date.now() });
    const source = { current: () => RISK_TOKEN, refreshIfDue: () => undefined, settle: () => Promise.resolve(RISK_TOKEN) };
    const client = createHttpClient(platform, {
      baseUrl: gateway.url,
      hooks: {
        beforeRequest: [
          // An app hook that reroutes a call: every later decision must follow the URL, not the written path.
          (request) => new Request(request.url.replace('/v1/reroute/me', '/v1/user/login'), request),
          riskTokenHeaderHook(source),
        ],
      },
    });
    const local = createSecurity(platform, { certificatePem: SIGNING_CERT, http: client, log: () => undefined });
    const actor = createActor(signingInitMachine, { input: { security: local }, clock: platform.timers }).start();
    actor.send({ type: 'INIT' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    await client.post('/reroute/me', CREDENTIALS);
    const arrived = gateway.requests.at(-1)!;
    expect(arrived).toMatchObject({ path: '/v1/user/login', riskToken: RISK_TOKEN });
    expectEncrypted(arrived);
    actor.stop();
    local.dispose();
    client.dispose();
  });
});

describe('property: every written path is refused before sending, or arrives as the path the hooks judged', () => {
  // The login paths (with and without the prefix) and, as often, others.
  const loginBases = [...LOGIN_PATHS].flatMap((path) => [path, path.slice('/v1'.length)]);
  const otherBases = ['/spot/order/list', '/echo', 'user/login', '/asset/balance', '/market/depth'];
  // Biased to what the URL parser strips or rewrites and what routers normalise, plus any code point.
  const noise = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(' ', '\t', '\n', '\r', '\0', '\x1f', '\x7f', '\u00a0', '\u3000', '\u200b', '\ufeff') },
    { weight: 4, arbitrary: fc.constantFrom('.', '..', '/', '//', '\\', '/./', '/../', '%2e', '%2E%2e', '%2f', '%5c', '%20', '%6c', '%') },
    { weight: 3, arbitrary: fc.constantFrom('．', '／', '＼', '。', '\u2024', '\u2215', '\u2044', '％', '?', '#', ';', '@', ':') },
    { weight: 2, arbitrary: anyText({ minLength: 1, maxLength: 2 }) },
  );
  const edit = fc.record({ at: fc.nat(), text: noise });
  const writtenPath = fc
    .tuple(fc.oneof(fc.constantFrom(...loginBases), fc.constantFrom(...otherBases)), fc.array(edit, { maxLength: 3 }))
    .map(([base, edits]) =>
      edits.reduce((path, { at, text }) => path.slice(0, at % (path.length + 1)) + text + path.slice(at % (path.length + 1)), base),
    );
  const method = fc.constantFrom<HttpMethod>('GET', 'POST', 'PUT', 'DELETE');

  it('refused with InvalidArgumentError and nothing sent, or the arrived pathname is the judged one (login encrypted, risk token exactly on its URLs)', async () => {
    const drawn = inputClasses<string | undefined>({
      refused: (arrived) => arrived === undefined,
      'a login path sent (encrypted)': (arrived) => arrived !== undefined && LOGIN_PATHS.has(arrived),
      'a risk-token path sent': (arrived) => arrived !== undefined && RISK_PATHS.has(arrived),
      'another path sent': (arrived) => arrived !== undefined && !LOGIN_PATHS.has(arrived) && !RISK_PATHS.has(arrived),
    });
    await fc.assert(
      fc.asyncProperty(writtenPath, method, async (path, verb) => {
        const before = gateway.requests.length;
        judged.clear();
        const outcome = await call(verb, path);
        drawn.see(gateway.requests[before]?.path);
        expect(http.pendingCount).toBe(0);
        if (gateway.requests.length === before) {
          expect(outcome).toMatchObject({ name: 'InvalidArgumentError', extra: { field: 'path', value: path } });
          return;
        }
        expect(gateway.requests.length).toBe(before + 1);
        const arrived = gateway.requests[before]!;
        expect([...judged.values()]).toEqual([arrived.path]);
        if (LOGIN_PATHS.has(arrived.path)) expectEncrypted(arrived);
        expect(arrived.riskToken).toBe(RISK_PATHS.has(arrived.path) ? RISK_TOKEN : undefined);
      }),
      { numRuns: 250 },
    );
    drawn.expectEachDrawn(2);
  });
});
