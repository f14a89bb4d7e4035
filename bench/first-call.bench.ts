// Time to the first signed call in Chromium: from a fresh page with empty storage, platform up →
// fingerprint and terminal code → risk token → signing init (config, server key check, client key pair)
// → encrypted login (the gateway learns the client key from it) → first signed request answered by the
// reference gateway on loopback. The baseline is the sum of the bare operations the same path needs, done
// by hand in a fresh page of the same run: the fingerprint's browser calls (user agent, time zone,
// languages, screen, two drawings of what the canvas source draws, the font probes, the offline audio
// render) and the SHA-256 of the image and of the whole, then each round trip as a bare fetch and each
// crypto step as a bare WebCrypto call (MD5 by @noble/hashes), with what the spec keeps kept in plain
// storage and cookies (terminal code, risk token, sign config, key pair and its binding to the session) and
// the headers every call carries. The gateway must accept both paths: the bare login is decrypted and its
// signed call verified, as exkit's are. Samples alternate.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { FIXTURES_DIR, startGateway } from '../examples/gateway/gateway.js';
import { launchChromium } from '../scripts/chromium.js';
import type { Bench, Figure } from './harness.js';
import { median } from './harness.js';

const root = resolve(import.meta.dirname, '..');
const SAMPLES = 13;
const WARMUP = 2;
const GOAL = 1.3;
const PARTS = ['fingerprint and terminal code', 'risk token', 'signing init', 'encrypted login', 'first signed request'] as const;

// The exkit path, as page source (the bench runs under tsx, whose helpers would not exist in the page).
const EXKIT_RUN = `async (certificatePem) => {
  const x = window.exkit;
  const marks = [performance.now()];
  const platform = x.browserPlatform();
  const terminal = x.createTerminalCode(platform);
  await terminal.get();
  marks.push(performance.now());
  const providers = { terminalCode: terminal.current };
  const device = x.createHttpClient(platform, { baseUrl: location.origin, providers });
  const riskToken = x.createRiskTokenService(platform, { device });
  await riskToken.whenReady();
  marks.push(performance.now());
  const http = x.createHttpClient(platform, { baseUrl: location.origin, providers });
  riskToken.install(http);
  const security = x.createSecurity(platform, { certificatePem, http, log: () => undefined });
  const config = await security.fetchConfig({ force: true });
  security.setConfig(config);
  security.setServerKey(await security.verifyServerKey(config));
  security.setClientKey(await security.loadClientKeyPair(config));
  marks.push(performance.now());
  await http.post('/user/login', { loginName: 'bench@example.com', pwd: 'bench-secret', lang: 'en' });
  marks.push(performance.now());
  const answer = await http.post('/spot/account', { amount: '1' });
  marks.push(performance.now());
  riskToken.dispose();
  security.dispose();
  return { code: answer.code, marks };
}`;

// The same path's bare operations, by hand.
const BARE_RUN = `async ({ certificateSpki, fonts, fallbacks, viaKy }) => {
  const subtle = crypto.subtle;
  // Each round trip by fetch, or (viaKy) through plain ky with the client's settings: the mandated transport.
  const api = viaKy ? window.exkit.ky.create({ retry: 0, timeout: false, throwHttpErrors: false }) : undefined;
  const send = viaKy ? (path, init) => api(location.origin + path, init) : (path, init) => fetch(path, init);
  const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const b64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));
  const unb64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const marks = [performance.now()];
  // What the spec keeps, kept here too, in plain storage and cookies: a terminal code already computed is
  // looked up first (and a new one kept), the risk token goes to a 7-day cookie with its expiry recorded and
  // any demoted token removed, the sign config is cached in session storage, a stored backup key pair is
  // looked up and a new one stored, and after the login the pair is saved bound to the session's cookies.
  if (localStorage.getItem('bare:terminalCode') !== null) throw new Error('bare: storage was not emptied');
  // Fingerprint: the same browser calls as the sources make (the canvas draws what source-canvas.ts draws: its
  // emoji and CJK glyphs make the browser look up fallback fonts), then the SHA-256 of the image and of the whole.
  const draw = () => {
    const canvas = document.createElement('canvas');
    canvas.width = 240; canvas.height = 60;
    const c = canvas.getContext('2d');
    c.rect(0, 0, 10, 10); c.rect(2, 2, 6, 6);
    const winding = !c.isPointInPath(5, 5, 'evenodd');
    c.fillStyle = '#f60'; c.fillRect(100, 1, 62, 20);
    c.fillStyle = '#069'; c.font = '11pt "Times New Roman"'; c.fillText('exkit fingerprint, \\u{1F603} \\u00e9\\u00df\\u4e2d', 2, 15);
    c.fillStyle = 'rgba(102, 204, 0, 0.2)'; c.font = '18pt Arial'; c.fillText('Cwm fjordbank glyphs vext quiz', 4, 45);
    c.globalCompositeOperation = 'multiply';
    for (const [color, x, y] of [['#f2f', 40, 40], ['#2ff', 80, 40], ['#ff2', 60, 20]]) { c.fillStyle = color; c.beginPath(); c.arc(x, y, 40, 0, Math.PI * 2, true); c.closePath(); c.fill(); }
    c.fillStyle = '#f9c'; c.beginPath(); c.arc(200, 30, 25, 0, Math.PI * 2, true); c.arc(200, 30, 10, 0, Math.PI * 2, true); c.fill('evenodd');
    return [canvas.toDataURL(), winding];
  };
  const drawings = [draw(), draw()];
  if (drawings[1][0] !== drawings[0][0]) throw new Error('bare: the canvas is randomised');
  const images = [hex(await subtle.digest('SHA-256', new TextEncoder().encode(drawings[0][0]))), drawings[0][1]];
  const box = document.createElement('div');
  box.style.cssText = 'position:absolute;left:-4000px;visibility:hidden';
  const spans = [];
  for (const font of [undefined, ...fonts]) for (const fallback of fallbacks) {
    const span = document.createElement('span');
    span.style.cssText = 'position:absolute;font-size:72px;white-space:nowrap';
    span.style.fontFamily = font === undefined ? fallback : '"' + font + '", ' + fallback;
    span.textContent = 'mmMwWLliI0O&1fiflffi';
    box.appendChild(span); spans.push(span);
  }
  document.body.appendChild(box);
  const sizes = spans.map((s) => s.offsetWidth + 'x' + s.offsetHeight);
  box.remove();
  const audio = new OfflineAudioContext(1, 5000, 44100);
  const oscillator = audio.createOscillator();
  oscillator.type = 'triangle'; oscillator.frequency.value = 10000;
  const compressor = audio.createDynamicsCompressor();
  oscillator.connect(compressor); compressor.connect(audio.destination); oscillator.start(0);
  const samples = (await audio.startRendering()).getChannelData(0);
  let sum = 0;
  for (let i = 4500; i < samples.length; i++) sum += Math.abs(samples[i]);
  const components = [navigator.userAgent, Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.languages.join(','), screen.width, screen.height, navigator.hardwareConcurrency, ...images, sizes.join(','), sum];
  const terminalCode = hex(await subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(components))));
  localStorage.setItem('bare:terminalCode', terminalCode);
  marks.push(performance.now());
  // Risk token: one GET to the device service (with the headers every call carries, the preferences read once
  // from their cookie), the token kept.
  const preferences = document.cookie;
  const headers = { terminalCode, terminaltype: '1', locale: 'en_US', language: 'en_US', appTheme: preferences.includes('theme=') ? 'standard' : 'dark', devicelanguage: navigator.language, 'content-type': 'application/json' };
  const riskToken = (await (await send('/v1/constantid/udid/c1', { headers })).json()).data;
  document.cookie = 'bare_riskToken=' + riskToken + '; Max-Age=604800; Path=/';
  localStorage.setItem('bare:riskTokenExpiry', String(Date.now() + 2400000));
  localStorage.removeItem('bare:riskTokenDemoted');
  marks.push(performance.now());
  // Signing init: the config GET, the certificate's signature over the key's hash, a key pair exported.
  const config = (await (await send('/v1/mix/config/gatewaySignConfig', { headers })).json()).data.gatewaySignConfig;
  sessionStorage.setItem('bare:signConfig', JSON.stringify(config));
  const serverDer = unb64(config.serverPublicKey);
  const pinned = await subtle.importKey('spki', unb64(certificateSpki), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['verify']);
  const hash = hex(await subtle.digest('SHA-256', serverDer));
  if (!(await subtle.verify('RSASSA-PKCS1-v1_5', pinned, unb64(config.serverPublicKeySign), new TextEncoder().encode(hash)))) throw new Error('bare verify failed');
  const pair = await subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify']);
  const publicKey = b64(await subtle.exportKey('spki', pair.publicKey));
  if (localStorage.getItem('bare:keyBackup') !== null) throw new Error('bare: storage was not emptied');
  const pkcs8 = await subtle.exportKey('pkcs8', pair.privateKey);
  const stored = { publicKey, privateKey: b64(pkcs8), algorithm: 'rsa1024', storedAt: Date.now() };
  localStorage.setItem('bare:keyBackup', JSON.stringify(stored));
  marks.push(performance.now());
  // Login: the private key imported and initSign signed, an AES key and IV, AES-CBC of the fields, the key
  // wrapped with RSA-OAEP, one POST of a body of the same shape, which the gateway decrypts and accepts.
  const signKey = await subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const initSign = b64(await subtle.sign('RSASSA-PKCS1-v1_5', signKey, new TextEncoder().encode('KEY_PAIR_CHECK')));
  const aesRaw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const aes = await subtle.importKey('raw', aesRaw, 'AES-CBC', false, ['encrypt']);
  const ciphertext = await subtle.encrypt({ name: 'AES-CBC', iv }, aes, new TextEncoder().encode(JSON.stringify({ loginName: 'bench@example.com', pwd: 'bench-secret' })));
  const wrapKey = await subtle.importKey('spki', serverDer, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, wrapKey, aesRaw);
  const body = JSON.stringify({ lang: 'en', publicKey, initSign, algorithm: 'RSA-OAEP-256', bodyCiphertext: b64(wrapped) + '.' + b64(iv) + '.' + b64(ciphertext) });
  const login = await (await send('/v1/user/login', { method: 'POST', headers: { ...headers, riskToken }, body })).json();
  const cookies = Object.fromEntries(document.cookie.split('; ').map((c) => c.split('=')));
  localStorage.setItem('bare:keyBound', JSON.stringify({ ...stored, token: cookies.refreshToken, userId: login.data.userInfo.userId }));
  localStorage.removeItem('bare:keyBackup');
  marks.push(performance.now());
  // The signed request (its session cookie set by the login): the path's mode from the config, the MD5 of the
  // body (@noble/hashes: WebCrypto has no MD5), the signed text's signature, one POST the gateway verifies.
  const path = '/v1/spot/account';
  const entry = config.exactUrls.includes(path) ? path : config.prefixUrls.filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
  if (entry === undefined) throw new Error('bare: ' + path + ' is not a signed path in the config');
  const mode = config.signModes[entry] ?? 1;
  const callBody = JSON.stringify({ amount: '1' });
  const dataMd5 = window.exkit.bytesToHex(window.exkit.md5(new TextEncoder().encode(mode === 0 ? '' : mode === 1 ? callBody : '\\n' + callBody)));
  const tm = String(Date.now());
  const traceId = crypto.randomUUID();
  const text = [path, tm.slice(0, 8), traceId, mode, dataMd5].join('\\n');
  const signature = b64(await subtle.sign('RSASSA-PKCS1-v1_5', signKey, new TextEncoder().encode(text)));
  const keyId = window.exkit.bytesToHex(window.exkit.md5(new TextEncoder().encode(publicKey)));
  const signHeaders = { 'device-sign': signature, 'device-sign-mode': String(mode), 'device-sign-key': keyId, 'device-sign-data-md5': dataMd5, tm, uhti: traceId };
  const answer = await (await send(path, { method: 'POST', headers: { ...headers, ...signHeaders }, body: callBody })).json();
  marks.push(performance.now());
  return { marks, codes: [login.code, answer.code] };
}`;

// The mandated libraries' first use, by hand and with no exkit code: an XState actor through two transitions, an
// rxjs pipe, a ky GET to the device service, an MD5 from @noble/hashes. Run cold in a fresh page and again in the
// same page, the difference is what the libraries alone cost a first call before any exkit code runs.
const LIBRARIES_RUN = `async () => {
  const d = window.exkit;
  const start = performance.now();
  const machine = d.setup({}).createMachine({ id: 'm', initial: 'a', states: { a: { on: { GO: 'b' } }, b: { on: { GO: 'a' } } } });
  const actor = d.createActor(machine).start();
  actor.send({ type: 'GO' });
  actor.send({ type: 'GO' });
  actor.stop();
  const subject = new d.BehaviorSubject(1);
  await d.firstValueFrom(subject.pipe(d.map((n) => n + 1), d.distinctUntilChanged()));
  const api = d.ky.create({ retry: 0, timeout: false, throwHttpErrors: false });
  await (await api(location.origin + '/v1/constantid/udid/c1', { headers: { terminalCode: 'x' } })).text();
  d.bytesToHex(d.md5(new TextEncoder().encode('exkit')));
  return performance.now() - start;
}`;

/** Empties a page's storage and cookies, so that a second run fingerprints and logs in afresh. */
const EMPTY_PAGE_STATE =
  "localStorage.clear(); sessionStorage.clear(); for (const c of document.cookie.split('; ')) document.cookie = c.split('=')[0] + '=; Max-Age=0; Path=/'";

/** What a run of the bare path returns: its marks, and the gateway's codes for the login and the signed call. */
interface BareRun {
  marks: number[];
  codes: string[];
}

/** The parts' durations from the marks a run returned. */
const parts = (marks: number[]) => marks.slice(1).map((mark, i) => mark - marks[i]!);

async function freshPage(browser: Browser, origin: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.addScriptTag({ url: '/exkit.js' });
  return { page, close: () => context.close() };
}

const bench: Bench = {
  area: 'first-call',
  async run() {
    const bundle = await build({
      stdin: {
        contents:
          "export { browserPlatform, createTerminalCode, createHttpClient, createSecurity } from './core/index.ts'; export { createRiskTokenService } from './machines/index.ts'; export { DEFAULT_FONT_CANDIDATES, FONT_FALLBACK_FAMILIES } from './core/security/fingerprint/constants.ts';" +
          " export { setup, createActor } from 'xstate'; export { BehaviorSubject, distinctUntilChanged, firstValueFrom, map } from 'rxjs';" +
          " export { default as ky } from 'ky'; export { md5 } from '@noble/hashes/legacy.js'; export { bytesToHex } from '@noble/hashes/utils.js';",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      minify: true,
      format: 'iife',
      globalName: 'exkit',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const certificatePem = readFileSync(join(FIXTURES_DIR, 'signing.pem'), 'utf8');
    const certificateSpki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const gateway = await startGateway({
      pages: {
        '/': { contentType: 'text/html', body: '<!doctype html><html><head><title>exkit first call</title></head><body></body></html>' },
        '/exkit.js': { contentType: 'text/javascript', body: bundle.outputFiles[0]!.text },
      },
    });
    const browser = await launchChromium();
    try {
      const ours: number[][] = [];
      const warm: number[][] = [];
      const bare: number[][] = [];
      const bareWarm: number[][] = [];
      const libraries: number[] = [];
      const librariesWarm: number[] = [];
      const bareViaKy: number[][] = [];
      for (let i = 0; i < WARMUP + SAMPLES; i++) {
        const a = await freshPage(browser, gateway.url);
        const run = (await a.page.evaluate(`(${EXKIT_RUN})(${JSON.stringify(certificatePem)})`)) as { code: string; marks: number[] };
        // The same path once more in the same page, its code now compiled, after storage and cookies are emptied
        // (so it fingerprints and logs in afresh): what the cold run pays for loading code is the difference.
        await a.page.evaluate(EMPTY_PAGE_STATE);
        const again = (await a.page.evaluate(`(${EXKIT_RUN})(${JSON.stringify(certificatePem)})`)) as { code: string; marks: number[] };
        const { fonts, fallbacks } = (await a.page.evaluate(
          '({ fonts: window.exkit.DEFAULT_FONT_CANDIDATES, fallbacks: window.exkit.FONT_FALLBACK_FAMILIES })',
        )) as { fonts: string[]; fallbacks: string[] };
        await a.close();
        if (run.code !== '00000' || again.code !== '00000') throw new Error(`the first signed call was not accepted (code ${run.code})`);
        const b = await freshPage(browser, gateway.url);
        const bareArgument = JSON.stringify({ certificateSpki, fonts, fallbacks });
        const by = (await b.page.evaluate(`(${BARE_RUN})(${bareArgument})`)) as BareRun;
        await b.page.evaluate(EMPTY_PAGE_STATE);
        const byAgain = (await b.page.evaluate(`(${BARE_RUN})(${bareArgument})`)) as BareRun;
        await b.close();
        const c = await freshPage(browser, gateway.url);
        const libs = (await c.page.evaluate(`(${LIBRARIES_RUN})()`)) as number;
        const libsAgain = (await c.page.evaluate(`(${LIBRARIES_RUN})()`)) as number;
        await c.close();
        const k = await freshPage(browser, gateway.url);
        const byKy = (await k.page.evaluate(
          `(${BARE_RUN})(${JSON.stringify({ certificateSpki, fonts, fallbacks, viaKy: true })})`,
        )) as BareRun;
        await k.close();
        // The baseline does the whole job too: the gateway decrypted its login and verified its signed call.
        for (const bareRun of [by, byAgain, byKy]) {
          if (bareRun.codes.some((code) => code !== '00000'))
            throw new Error(`the bare path was not accepted (codes ${bareRun.codes.join(', ')})`);
        }
        if (i >= WARMUP) {
          libraries.push(libs);
          bareViaKy.push(parts(byKy.marks));
          librariesWarm.push(libsAgain);
          bareWarm.push(parts(byAgain.marks));
          ours.push(parts(run.marks));
          warm.push(parts(again.marks));
          bare.push(parts(by.marks));
        }
      }
      const total = (runs: number[][]) => median(runs.map((p) => p.reduce((s, x) => s + x, 0)));
      const oursTotal = total(ours);
      const bareTotal = total(bare);
      const figures: Figure[] = [
        {
          name: 'time to first signed call (Chromium, fresh page): platform up → answered',
          median: oursTotal,
          unit: 'ms',
          baseline: { name: 'sum of the bare operations (browser calls, fetch, WebCrypto)', median: bareTotal },
          goal: `≤ ${GOAL}× baseline`,
          met: oursTotal <= GOAL * bareTotal,
        },
        {
          name: 'the same path again in the same page (code compiled, browser warmed; storage and cookies emptied first)',
          median: total(warm),
          unit: 'ms',
          baseline: { name: 'the bare operations again in their page, likewise', median: total(bareWarm) },
          goal: 'reference',
        },
        {
          name: 'the mandated libraries alone, first use in a fresh page (XState actor, rxjs pipe, ky GET, MD5)',
          median: median(libraries),
          unit: 'ms',
          baseline: { name: 'the same again in that page', median: median(librariesWarm) },
          goal: 'reference',
        },
        {
          name: 'time to first signed call, against the same bare operations with each round trip through plain ky (the mandated transport)',
          median: oursTotal,
          unit: 'ms',
          baseline: { name: 'sum of the bare operations, round trips through ky', median: total(bareViaKy) },
          goal: 'reference',
        },
        ...PARTS.map((name, k) => ({
          name: `part: ${name}`,
          median: median(ours.map((p) => p[k]!)),
          unit: 'ms' as const,
          baseline: { name: 'bare', median: median(bare.map((p) => p[k]!)) },
          goal: 'reference',
        })),
      ];
      return figures;
    } finally {
      await browser.close();
      await gateway.close();
    }
  },
};

export default bench;
