// The exkit core in plain Node, no DOM: futures figures, deep links, then against the reference gateway
// started in this process: a terminal code, a risk token, an encrypted login and signed core calls. Run it with `npm run example:node`.
//
// It imports exkit only by its public names ('exkit', 'exkit/machines'). Run through
// examples/node/tsconfig.json (no `paths`), those resolve through the package's `exports` to the built
// dist/, exactly as in an application that installed the package: build first (`npm run build`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createActor, waitFor } from 'xstate';
import {
  headlessPlatform,
  buildDeepLink,
  collectFingerprint,
  cookieJarHooks,
  createHttpClient,
  createSecurity,
  createTerminalCode,
  formatAmount,
  formatLiquidationPrice,
  formatRoe,
  liquidationPrice,
  parseDeepLink,
  requestContext,
  roe,
  unrealizedPnl,
} from 'exkit';
import type { DeepLinkConfig, FuturesPositionInput, HttpEvent, SecurityEvent } from 'exkit';
import { createRiskTokenService, signingInitMachine } from 'exkit/machines';
import { FIXTURES_DIR, startGateway } from '../gateway/gateway.js';

/** Fails the run with a readable message when an expectation does not hold. */
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

const log = (line = '') => console.log(line);
const section = (title: string) => log(`\n== ${title}`);

// ── Where exkit comes from ──────────────────────────────────────────────────────────────────────────
log('exkit Node example');
log(`exkit          → ${import.meta.resolve('exkit')}`);
log(`exkit/machines → ${import.meta.resolve('exkit/machines')}`);

// ── Futures figures (docs/futures-maths.md) ─────────────────────────────────────────────────────────
section('futures: BTCUSDT perpetual (USDT-M, isolated), mark 63,250.5');
const mark = '63250.5';
const positions: Array<[string, FuturesPositionInput]> = [
  // 0.5 BTC long at 10× leverage: margin 3,000 USDT, maintenance rate 0.5 %, taker fee 0.06 %.
  [
    'long 0.5 @ 60,000 ×10',
    {
      position: 1,
      marginMode: 1,
      count: '0.5',
      openAvgPrice: '60000',
      openLevel: '10',
      openMarginCount: '3000',
      mm: '0.005',
      feeRate: '0.0006',
    },
  ],
  // 1.2 BTC short at 20× leverage: margin 3,840 USDT.
  [
    'short 1.2 @ 64,000 ×20',
    {
      position: 2,
      marginMode: 1,
      count: '1.2',
      openAvgPrice: '64000',
      openLevel: '20',
      openMarginCount: '3840',
      mm: '0.005',
      feeRate: '0.0006',
    },
  ],
];
for (const [label, input] of positions) {
  const pnl = unrealizedPnl(input, mark);
  const liq = liquidationPrice(input);
  log(
    `${label.padEnd(24)} uPnL ${formatAmount(pnl, 2).padStart(9)} USDT   ROE ${formatRoe(roe(input, mark)).padStart(8)}   liq. price ${formatLiquidationPrice(liq, 1)}`,
  );
  check(liq !== null, `${label} has a liquidation price`);
}

// ── Deep links (docs/bridge.md) ─────────────────────────────────────────────────────────────────────
section('deep links');
const links: DeepLinkConfig = { appScheme: 'myexchange', publicScheme: 'myexchange-web', host: 'app' };
const recharge = buildDeepLink('coin/recharge', {}, links);
const coin = buildDeepLink('home/coin', { symbol: 'BTCUSDT_SPBL', type: '', from: 'node-example' }, links);
const h5 = buildDeepLink(
  'main/H5Router',
  { url: 'https://www.example.com/promo?ref=a&x=1', campaign: 'spring' },
  { ...links, scheme: 'public' },
);
const iosOnly = buildDeepLink('strategy/apply/trader', {}, { ...links, os: 'ios' });
check(recharge && coin && h5, 'the deep links build');
log(`coin/recharge (defaults filled)   ${recharge}`);
log(`home/coin (empty type left out)   ${coin}`);
log(`main/H5Router (public scheme)     ${h5}`);
log(`strategy/apply/trader on iOS      ${iosOnly === null ? 'null (Android only)' : iosOnly}`);
for (const url of [recharge, coin, h5]) {
  const parsed = parseDeepLink(url, links);
  log(`parsed ${parsed.scheme.padEnd(6)} ${parsed.target.padEnd(14)} ${JSON.stringify(parsed.params)}`);
}
check(parseDeepLink(h5, links).params.url === 'https://www.example.com/promo?ref=a&x=1', 'H5Router url survives the round trip');

// ── Against the reference gateway ───────────────────────────────────────────────────────────────────
const gateway = await startGateway({ port: 0 });
const platform = headlessPlatform({
  href: `${gateway.url}/`,
  userAgent: `Node.js/${process.versions.node} (exkit node example)`,
  reportError: (r) => console.error(`error report: ${r.event}${r.message ? ` (${r.message})` : ''}`),
});
section(`reference gateway on ${gateway.url} (test keys from examples/gateway/fixtures: never in production)`);

// The terminal code (docs/fingerprint.md): without a DOM only the user agent, time zone and languages count.
const fingerprint = await collectFingerprint(platform);
const terminal = createTerminalCode(platform);
const terminalCode = await terminal.get();
check(/^[0-9a-f]{64}$/.test(terminalCode), 'the terminal code is a SHA-256 hex digest');
const skipped = Object.entries(fingerprint.sources)
  .filter(([, r]) => r.status === 'skipped')
  .map(([name]) => name);
log(
  `terminal code ${terminalCode.slice(0, 16)}… from ${fingerprint.contributed.join(', ')} (skipped without a DOM: ${skipped.join(', ')})`,
);
const providers = { terminalCode: terminal.current };

// The risk token (docs/risk-token.md) comes from the device service; here the gateway plays that part too.
const device = createHttpClient(platform, { baseUrl: gateway.url, providers });
const riskToken = createRiskTokenService(platform, { device });
const firstToken = await riskToken.whenReady();
const risk = riskToken.state();
check(firstToken && risk.status === 'success' && risk.kind === 'success', `the risk token was fetched (status ${risk.status})`);
log(
  `risk token: ${risk.status}, ${firstToken.length} characters (${firstToken.slice(0, 8)}…), expires ${new Date(risk.expiresAt ?? 0).toISOString()}`,
);

// Node has no cookie jar of its own: cookieJarHooks sends the platform's cookies to the gateway and keeps
// its Set-Cookie lines, as a browser does for a page (the session cookie comes with the login below).
const http = createHttpClient(platform, { baseUrl: gateway.url, providers, hooks: cookieJarHooks(platform, gateway.url) });
riskToken.install(http); // the risk-token header on the seed's list of sensitive calls (the login is one)

// ── Login with encryption and signing (docs/security.md) ───────────────────────────────────────────
section('security: signing init, encrypted login, signed calls');
// The certificate a build embeds to pin the gateway's key (the gateway's test fixture: never in production).
const certificatePem = readFileSync(join(FIXTURES_DIR, 'signing.pem'), 'utf8');
const security = createSecurity(platform, {
  certificatePem,
  http,
  log: (message, data) => log(`security log: ${message} ${JSON.stringify(data)}`),
});
const securityEvents: SecurityEvent[] = [];
const httpEvents: HttpEvent[] = [];
security.events$.subscribe((event) => securityEvents.push(event));
http.events$.subscribe((event) => httpEvents.push(event));

// Added after createSecurity, so it runs after the security hooks and sees each request exactly as sent.
const sent: Array<{ path: string; headers: Headers; body: string }> = [];
http.use({
  beforeRequest: [
    async (request, options) => {
      sent.push({
        path: requestContext(options)?.apiPath ?? new URL(request.url).pathname,
        headers: request.headers,
        body: await request.clone().text(),
      });
    },
  ],
});

const init = createActor(signingInitMachine, { input: { security }, clock: platform.timers }).start();
try {
  init.send({ type: 'INIT' });
  const ready = await waitFor(init, (s) => s.matches('ready') || s.matches('disabled') || s.context.error !== undefined, {
    timeout: 15_000,
  });
  check(ready.matches('ready'), `signing init is ready (state ${JSON.stringify(ready.value)}, error ${String(ready.context.error)})`);
  log(
    `signing init: ready (config fetched, server key verified against the pinned certificate, ${ready.context.clientKey?.algorithm} client key)`,
  );

  const login = await http.post<{ userInfo: { userId: string } }>('/user/login', {
    loginName: 'alice@example.com',
    pwd: 'correct horse battery staple',
    lang: 'en',
  });
  const loginSent = sent.find((r) => r.path === '/v1/user/login');
  check(loginSent, 'the login request was sent');
  const wire = JSON.parse(loginSent.body) as Record<string, unknown>;
  const ciphertext = String(wire.bodyCiphertext ?? '');
  log(
    `login as sent: clear ${JSON.stringify(Object.fromEntries(Object.entries(wire).filter(([k]) => !['bodyCiphertext', 'publicKey', 'initSign'].includes(k))))}`,
  );
  log(`               bodyCiphertext ${ciphertext.slice(0, 24)}… (${ciphertext.length} chars), publicKey and initSign alongside`);
  check(!('pwd' in wire) && !('loginName' in wire) && ciphertext.length > 0, 'loginName and pwd travel only inside bodyCiphertext');
  check(loginSent.headers.get('terminalCode') === terminalCode, 'the login carries the terminal code');
  const riskHeader = gateway.riskTokenHeaders.find((h) => h.path === '/v1/user/login');
  check(riskHeader !== undefined && riskHeader.token === riskToken.state().token, 'the gateway received the risk token with the login');
  log(
    `               headers: terminalCode ${terminalCode.slice(0, 8)}…, risk token ${riskHeader.token.slice(0, 8)}… (received by the gateway)`,
  );
  const seen = gateway.logins.at(-1);
  check(
    login.code === '00000' && seen?.encrypted === true && seen.sensitive.pwd === 'correct horse battery staple',
    'the gateway decrypted the login',
  );
  log(
    `login: succeeded, user ${login.data.userInfo.userId}; the gateway decrypted ${Object.keys(seen.sensitive).join(', ')} with its private key`,
  );
  check(security.keys.bound()?.userId === login.data.userInfo.userId, 'the client key pair is bound to the session');
  log(`client key pair bound to the session of ${security.keys.bound()?.userId}`);

  // Signed core calls: mode 1 (path, time, trace id, body) and mode 2 (query too), per the gateway's config.
  for (const [method, path, params] of [
    ['GET', '/user/overview/userinfo', undefined],
    ['POST', '/spot/order/place', { symbol: 'BTCUSDT_SPBL', side: 'buy', price: '63000.5', size: '0.01' }],
  ] as const) {
    const answer = await http.request(method, path, params);
    const request = sent.at(-1);
    const verdict = gateway.signs.at(-1);
    check(request && verdict, `${path} was signed and checked`);
    log(
      `${method} /v1${path}: device-sign-mode ${request.headers.get('device-sign-mode')}, device-sign ${request.headers.get('device-sign')?.slice(0, 16)}…`,
    );
    check(
      answer.code === '00000' && verdict.path === `/v1${path}` && verdict.result === 'ok',
      `the gateway verified the signature of ${path} (got ${verdict.result})`,
    );
    log(`  signed call: verified by the gateway (mode ${verdict.mode}, code ${answer.code})`);
  }
  check(httpEvents.length === 0, `no toasts or logouts (${JSON.stringify(httpEvents)})`);
  log(`security events: ${securityEvents.map((e) => e.type).join(', ') || 'none'}`);
} finally {
  init.stop();
  riskToken.dispose();
  security.dispose();
  http.dispose();
  device.dispose();
  await gateway.close();
}

log('\nall done');
