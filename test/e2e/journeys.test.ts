// End-to-end journeys through the example exchange shell in every engine (Chromium, Firefox, WebKit;
// EXKIT_ENGINES picks), one engine after another, against the servers `npm start` runs: the built app on a
// Vite preview server with the reference gateway behind /v1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, launchEngine } from '../support/engines.js';
import type { Engine } from '../support/engines.js';
import { attributeOf, clickByName, countOf, fill, openPage, screenshot, selectOption, startE2E, testId, textOf, waitFor, waitForPath, waitForText, waitGone } from './harness.js';
import type { E2E } from './harness.js';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 240_000);

afterAll(async () => {
  await e2e?.close();
});

/** The message box that is showing (not the one leaving). */
const BOX = '[data-exkit-message-box-root]:not([data-state=leaving])';

describe.each(ENGINES)('the example exchange shell in %s', { timeout: 90_000 }, (name) => {
  let engine: Engine;

  beforeAll(async () => {
    engine = await launchEngine(name);
  }, 90_000);

  afterAll(async () => {
    await engine?.close();
  });

  it('in-app: a deep link opens through nativeRouter in the simulated app, and commands are gated by version', async () => {
    const page = await openPage(e2e, engine, '/in-app');
    await waitFor(page, testId('bridge-host'));
    expect(await textOf(page, testId('bridge-host'))).toBe('not in app');
    expect(await attributeOf(page, '[data-command="setTitleVisible"]', 'data-supported')).toBe('false');
    await page.click(testId('in-app-switch'));
    await selectOption(page, testId('in-app-version'), '2.8.0');
    await waitForText(page, testId('bridge-host'), 'in app (ios');
    expect(await attributeOf(page, '[data-command="setTitleVisible"]', 'data-supported')).toBe('true');
    expect(await attributeOf(page, '[data-command="setBottomActions"]', 'data-supported')).toBe('false');
    await page.click('[data-command="setBottomActions"] button');
    await waitForText(page, '[data-command="setBottomActions"] .result', 'skipped: below-minimum-version');
    await page.click('[data-command="sendTokenToWeb"] button');
    await waitForText(page, '[data-command="sendTokenToWeb"] .result', 'simulated-token');

    await clickByName(page, 'button', 'coin/withdraw');
    await fill(page, '[data-param="coinId"]', '2');
    await fill(page, '[data-param="tabType"]', 'onchain');
    await waitForText(page, testId('deep-link-url'), 'exkitexchange://app/coin/withdraw?coinId=2&tabType=onchain');
    expect(await textOf(page, testId('deep-link-url'))).toBe('exkitexchange://app/coin/withdraw?coinId=2&tabType=onchain');
    await page.click(testId('deep-link-open'));
    await waitForText(page, testId('deep-link-outcome'), '"status":"native"');
    await waitForText(page, testId('received'), 'nativeRouter');
    expect(await textOf(page, testId('received'))).toContain('exkitexchange://app/coin/withdraw?coinId=2&tabType=onchain');
    await screenshot(page, engine, 'in-app');
    await page.close();
  });

  it('account: signing init reaches ready, a login goes out encrypted and a signed call follows', async () => {
    const page = await openPage(e2e, engine, '/account');
    await waitForText(page, testId('signing-state'), 'ready', 20_000);
    await waitForText(page, testId('risk-token-status'), 'success', 20_000);
    await waitForText(page, testId('terminal-code'), /^[0-9a-f]{64}$/, 20_000);
    await fill(page, 'input[name="pwd"]', `${name}-secret`);
    await page.click(testId('login-submit'));
    // The gateway asks for a challenge (status 0), so the test widget shows; the user solves it.
    await waitForText(page, testId('captcha-login-state'), 'challenging');
    await page.click(testId('captcha-solve'));
    await waitForText(page, testId('login-outcome'), /^00000/, 15_000);
    const login = e2e.servers.gateway.logins.at(-1);
    expect(login).toMatchObject({ path: '/v1/user/login', encrypted: true, sensitive: { loginName: 'trader@example.com', pwd: `${name}-secret` } });
    const sent = (await textOf(page, '[data-testid="wire-log"] li[data-path="/v1/user/login"]')) ?? '';
    expect(sent).toContain('bodyCiphertext');
    expect(sent).not.toContain(`${name}-secret`);
    expect(sent).toContain('"risktoken"');
    expect(e2e.servers.gateway.captchaChecks.at(-1)).toMatchObject({ code: '00000', scene: 'login', validate: { lot_number: 'lot-example' } });

    await page.click(testId('signed-calls'));
    await waitFor(page, testId('signed-outcome-1'));
    await page.waitForFunction(() => document.querySelector('[data-testid="signed-outcome-0"]')?.getAttribute('data-status') === 'done');
    expect(await textOf(page, testId('signed-outcome-0'))).toMatch(/^00000/);
    await waitForText(page, testId('signed-outcome-1'), /^00000/);
    expect(e2e.servers.gateway.signs.slice(-2).map((s) => [s.path, s.mode, s.result])).toEqual([
      ['/v1/user/overview/userinfo', 1, 'ok'],
      ['/v1/spot/order/place', 2, 'ok'],
    ]);
    await screenshot(page, engine, 'account');
    await page.close();
  });

  it('simulation: turning it on lands on the simulation spot page, and a disallowed page redirects there', async () => {
    const page = await openPage(e2e, engine, '/settings');
    await page.click(testId('simulation-on'));
    await waitForPath(page, '/spot/BTCUSDT');
    await waitForText(page, testId('simulation-badge'), 'Simulation trading');
    await screenshot(page, engine, 'spot');
    await page.goto(`${e2e.servers.url}/content`);
    await waitForPath(page, '/spot/BTCUSDT');
    await clickByName(page, 'link', 'Futures');
    await waitForPath(page, '/futures/usdt/BTCUSDT');
    await clickByName(page, 'link', 'UI');
    await waitForPath(page, '/spot/BTCUSDT');
    await clickByName(page, 'link', 'Modes & preferences');
    await waitForPath(page, '/spot/BTCUSDT');
    await page.close();
  });

  it('preferences: Arabic switches the page to right-to-left under the /ar prefix', async () => {
    const page = await openPage(e2e, engine, '/settings');
    await selectOption(page, testId('locale'), 'ar');
    await waitForPath(page, '/ar/settings');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await waitForText(page, testId('direction'), 'rtl');
    expect(await textOf(page, testId('direction'))).toBe('rtl');
    await page.click(testId('theme-toggle'));
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'white');
    await screenshot(page, engine, 'settings');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => [document.documentElement.dir, location.pathname])).toEqual(['rtl', '/ar/settings']);
    await page.close();
  });

  it('ui: toasts stack, message boxes queue one after another and the prompt validates', async () => {
    const page = await openPage(e2e, engine, '/ui');
    await page.click(testId('toast-success'));
    await page.click(testId('toast-error'));
    await page.waitForFunction(() => document.querySelectorAll('[data-exkit-toast]').length === 2);
    expect(await countOf(page, '[data-exkit-toast]')).toBe(2);
    await page.click(testId('notify'));
    await waitFor(page, '[data-exkit-notification]');
    await page.click(testId('queue-boxes'));
    await waitForText(page, `${BOX} [data-exkit-message-box]`, 'Withdrawals pause');
    await screenshot(page, engine, 'ui');
    await clickByName(page, 'button', 'OK', BOX);
    await waitForText(page, `${BOX} [data-exkit-message-box]`, 'Close all BTCUSDT');
    await clickByName(page, 'button', 'Cancel', BOX);
    await waitForText(page, `${BOX} [data-exkit-message-box]`, 'Anti-phishing');
    await fill(page, `${BOX} input`, 'no!');
    await clickByName(page, 'button', 'OK', BOX);
    await waitForText(page, `${BOX} [role=alert]`, 'Use 4 to 8 letters or digits');
    await fill(page, `${BOX} input`, 'AB12cd');
    await clickByName(page, 'button', 'OK', BOX);
    await waitForText(page, testId('box-results'), 'prompt: confirm AB12cd');
    expect(await page.evaluate(() => [...document.querySelectorAll('[data-testid="box-results"] li')].map((li) => li.textContent))).toEqual([
      'alert: confirm',
      'confirm: cancel',
      'prompt: confirm AB12cd',
    ]);
    await page.click(testId('loading-start'));
    await waitFor(page, testId('loading-overlay'));
    await waitForText(page, testId('loading-state'), 'removed', 5000);
    await page.close();
  });

  it('futures: the positions table follows the mark price several times a second', async () => {
    const page = await openPage(e2e, engine, '/futures/usdt/BTCUSDT');
    const row = '[data-position="btc-long-isolated"]';
    await waitFor(page, row);
    const read = () =>
      page.evaluate((s) => {
        const el = document.querySelector(s)!;
        const col = (c: string) => el.querySelector(`[data-col="${c}"]`)?.textContent ?? '';
        return { tick: Number(el.getAttribute('data-tick')), pnl: col('pnl'), roe: col('roe'), liq: col('liq') };
      }, row);
    const first = await read();
    await new Promise((done) => setTimeout(done, 1000));
    const later = await read();
    expect(later.tick - first.tick).toBeGreaterThanOrEqual(3);
    expect(later.pnl).not.toBe(first.pnl);
    expect(later.roe).toMatch(/^[+-]?\d+\.\d{2}%$/);
    expect(later.liq).toMatch(/^\d+\.\d{2}$/);
    await screenshot(page, engine, 'futures');
    await page.close();
  });

  it('content and diagrams: unsafe markup is stripped; diagrams light up the live toast, button, popup and bridge-request states', async () => {
    const page = await openPage(e2e, engine, '/content');
    await waitFor(page, testId('rich-output'));
    const output = await page.evaluate(() => (document.querySelector('[data-testid="rich-output"]') as HTMLTextAreaElement).value);
    expect(output).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/);
    expect(output).toContain('<b>EXK/USDT</b>');
    await fill(page, testId('amount'), '00１２．３４５６７abc');
    await waitForText(page, testId('amount-value'), '12.3456');
    expect(await textOf(page, testId('amount-value'))).toBe('12.3456');
    await screenshot(page, engine, 'content');

    await clickByName(page, 'link', 'UI');
    await page.click(testId('toast-question'));
    // The shared button counts an idle click, then turns to loading.
    await page.click(testId('demo-button'));
    await waitForText(page, testId('button-clicks'), '1');
    await page.click(testId('button-loading'));
    await waitForText(page, testId('button-state'), 'loading');
    // The dialog opens and closes by its button.
    await page.click(testId('open-dialog'));
    await waitFor(page, testId('dialog'));
    await clickByName(page, 'button', 'Close', testId('dialog'));
    await waitGone(page, testId('dialog'));
    // Inside the simulated app, requestAction runs through the bridge-request machine and is answered.
    await clickByName(page, 'link', 'In-app');
    await page.click(testId('in-app-switch'));
    await waitForText(page, testId('bridge-host'), 'in app (ios');
    await page.click('[data-command="requestAction"] button');
    await waitForText(page, '[data-command="requestAction"] .result', 'answered {"userId":"app-user"');
    await waitForText(page, testId('received'), 'requestAction');
    await clickByName(page, 'link', 'Diagrams');
    await waitFor(page, '[data-machine="toast"] svg', 30_000);
    // The toast is shown or, once its 3 s are up, closed: either way the diagram marks where it is.
    expect(await attributeOf(page, '[data-machine="toast"]', 'data-active')).toMatch(/visible|closed/);
    await waitFor(page, '[data-machine="toast"] .live');
    await waitFor(page, '[data-machine="signing-init"] .live', 30_000);
    // The hooks' actors: where each ended up when the user left its page.
    // The button's two regions are both marked: loading, and (still) enabled.
    const hookActors = [
      ['button', 'activity activity_loading availability availability_enabled'],
      ['popup', 'closed'],
      ['bridge-request', 'resolved'],
    ] as const;
    for (const [machine, state] of hookActors) {
      const diagram = `[data-machine="${machine}"]`;
      await waitFor(page, `${diagram} svg`, 30_000);
      expect(await attributeOf(page, diagram, 'data-live')).toBe('yes');
      expect(await attributeOf(page, diagram, 'data-active')).toBe(state);
      await waitFor(page, `${diagram} .live`);
    }
    await screenshot(page, engine, 'diagrams');
    await page.close();
  });
});
