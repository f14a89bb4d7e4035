// End-to-end journeys through the example exchange shell in Chromium, against the servers `npm start`
// runs: the built app on a Vite preview server with the reference gateway behind /v1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot, startE2E } from './harness.js';
import type { E2E } from './harness.js';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 240_000);

afterAll(async () => {
  await e2e?.close();
});

describe('the example exchange shell', () => {
  it('in-app: a deep link opens through nativeRouter in the simulated app, and commands are gated by version', async () => {
    const page = await openPage(e2e, '/in-app');
    await expect(page.getByTestId('bridge-host').textContent()).resolves.toBe('not in app');
    expect(await page.locator('[data-command="setTitleVisible"]').getAttribute('data-supported')).toBe('false');
    await page.getByTestId('in-app-switch').check();
    await page.getByTestId('in-app-version').selectOption('2.8.0');
    await page.getByTestId('bridge-host').filter({ hasText: 'in app (ios' }).waitFor();
    expect(await page.locator('[data-command="setTitleVisible"]').getAttribute('data-supported')).toBe('true');
    expect(await page.locator('[data-command="setBottomActions"]').getAttribute('data-supported')).toBe('false');
    await page.locator('[data-command="setBottomActions"] button').click();
    await page.locator('[data-command="setBottomActions"] .result').filter({ hasText: 'skipped: below-minimum-version' }).waitFor();
    await page.locator('[data-command="sendTokenToWeb"] button').click();
    await page.locator('[data-command="sendTokenToWeb"] .result').filter({ hasText: 'simulated-token' }).waitFor();

    await page.getByRole('button', { name: 'coin/withdraw' }).click();
    await page.locator('[data-param="coinId"]').fill('2');
    await page.locator('[data-param="tabType"]').fill('onchain');
    await expect(page.getByTestId('deep-link-url').textContent()).resolves.toBe('exkitexchange://app/coin/withdraw?coinId=2&tabType=onchain');
    await page.getByTestId('deep-link-open').click();
    await page.getByTestId('deep-link-outcome').filter({ hasText: '"status":"native"' }).waitFor();
    await page.getByTestId('received').filter({ hasText: 'nativeRouter' }).waitFor();
    expect(await page.getByTestId('received').textContent()).toContain('exkitexchange://app/coin/withdraw?coinId=2\\u0026tabType=onchain'.replace('\\u0026', '&'));
    await screenshot(page, 'in-app');
    await page.context().close();
  }, 60_000);

  it('account: signing init reaches ready, a login goes out encrypted and a signed call follows', async () => {
    const page = await openPage(e2e, '/account');
    await page.getByTestId('signing-state').filter({ hasText: 'ready' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('risk-token-status').filter({ hasText: 'success' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('terminal-code').filter({ hasText: /^[0-9a-f]{64}$/ }).waitFor({ timeout: 20_000 });
    await page.locator('input[name="pwd"]').first().fill('e2e-secret');
    await page.getByTestId('login-submit').click();
    // The gateway asks for a challenge (status 0), so the test widget shows; the user solves it.
    await page.getByTestId('captcha-login-state').filter({ hasText: 'challenging' }).waitFor();
    await page.getByTestId('captcha-solve').click();
    await page.getByTestId('login-outcome').filter({ hasText: /^00000/ }).waitFor({ timeout: 15_000 });
    const login = e2e.servers.gateway.logins.at(-1);
    expect(login).toMatchObject({ path: '/v1/user/login', encrypted: true, sensitive: { loginName: 'trader@example.com', pwd: 'e2e-secret' } });
    const sent = page.locator('[data-testid="wire-log"] li[data-path="/v1/user/login"]').first();
    expect(await sent.textContent()).toContain('bodyCiphertext');
    expect(await sent.textContent()).not.toContain('e2e-secret');
    expect(await sent.textContent()).toContain('"risktoken"');
    expect(e2e.servers.gateway.captchaChecks.at(-1)).toMatchObject({ code: '00000', scene: 'login', validate: { lot_number: 'lot-example' } });

    await page.getByTestId('signed-calls').click();
    await page.getByTestId('signed-outcome-1').waitFor();
    expect(await page.getByTestId('signed-outcome-0').getAttribute('data-status')).toBe('done');
    expect(await page.getByTestId('signed-outcome-0').textContent()).toMatch(/^00000/);
    expect(await page.getByTestId('signed-outcome-1').textContent()).toMatch(/^00000/);
    expect(e2e.servers.gateway.signs.slice(-2).map((s) => [s.path, s.mode, s.result])).toEqual([
      ['/v1/user/overview/userinfo', 1, 'ok'],
      ['/v1/spot/order/place', 2, 'ok'],
    ]);
    await screenshot(page, 'account');
    await page.context().close();
  }, 60_000);

  it('simulation: turning it on lands on the simulation spot page, and a disallowed page redirects there', async () => {
    const page = await openPage(e2e, '/settings');
    await page.getByTestId('simulation-on').click();
    await page.waitForURL('**/spot/BTCUSDT');
    await page.getByTestId('simulation-badge').filter({ hasText: 'Simulation trading' }).waitFor();
    await screenshot(page, 'spot');
    await page.goto(`${e2e.servers.url}/content`);
    await page.waitForURL('**/spot/BTCUSDT');
    await page.getByRole('link', { name: 'Futures' }).click();
    await page.waitForURL('**/futures/usdt/BTCUSDT');
    await page.getByRole('link', { name: 'UI' }).click();
    await page.waitForURL('**/spot/BTCUSDT');
    await page.getByRole('link', { name: 'Modes & preferences' }).click();
    await page.waitForURL('**/spot/BTCUSDT');
    await page.context().close();
  }, 60_000);

  it('preferences: Arabic switches the page to right-to-left under the /ar prefix', async () => {
    const page = await openPage(e2e, '/settings');
    await page.getByTestId('locale').selectOption('ar');
    await page.waitForURL('**/ar/settings');
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await expect(page.getByTestId('direction').textContent()).resolves.toBe('rtl');
    await page.getByTestId('theme-toggle').click();
    await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('white');
    await screenshot(page, 'settings');
    await page.reload();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await page.context().close();
  }, 60_000);

  it('ui: toasts stack, message boxes queue one after another and the prompt validates', async () => {
    const page = await openPage(e2e, '/ui');
    await page.getByTestId('toast-success').click();
    await page.getByTestId('toast-error').click();
    await expect(page.locator('[data-exkit-toast]').count()).resolves.toBe(2);
    await page.getByTestId('notify').click();
    await page.locator('[data-exkit-notification]').waitFor();
    await page.getByTestId('queue-boxes').click();
    const box = page.locator('[data-exkit-message-box]');
    await box.filter({ hasText: 'Withdrawals pause' }).waitFor();
    await screenshot(page, 'ui');
    await box.getByRole('button', { name: 'OK' }).click();
    await box.filter({ hasText: 'Close all BTCUSDT' }).waitFor();
    await box.getByRole('button', { name: 'Cancel' }).click();
    await box.filter({ hasText: 'Anti-phishing' }).waitFor();
    const input = box.locator('input');
    await input.fill('no!');
    await box.getByRole('button', { name: 'OK' }).click();
    await box.getByRole('alert').filter({ hasText: 'Use 4 to 8 letters or digits' }).waitFor();
    await input.fill('AB12cd');
    await box.getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('box-results').filter({ hasText: 'prompt: confirm AB12cd' }).waitFor();
    expect(await page.getByTestId('box-results').locator('li').allTextContents()).toEqual(['alert: confirm', 'confirm: cancel', 'prompt: confirm AB12cd']);
    await page.getByTestId('loading-start').click();
    await page.getByTestId('loading-overlay').waitFor();
    await page.getByTestId('loading-state').filter({ hasText: 'removed' }).waitFor({ timeout: 5000 });
    await page.context().close();
  }, 60_000);

  it('futures: the positions table follows the mark price several times a second', async () => {
    const page = await openPage(e2e, '/futures/usdt/BTCUSDT');
    const row = page.locator('[data-position="btc-long-isolated"]');
    await row.waitFor();
    const first = { tick: Number(await row.getAttribute('data-tick')), pnl: await row.locator('[data-col="pnl"]').textContent() };
    await page.waitForTimeout(1000);
    const later = { tick: Number(await row.getAttribute('data-tick')), pnl: await row.locator('[data-col="pnl"]').textContent() };
    expect(later.tick - first.tick).toBeGreaterThanOrEqual(3);
    expect(later.pnl).not.toBe(first.pnl);
    expect(await row.locator('[data-col="roe"]').textContent()).toMatch(/^[+-]?\d+\.\d{2}%$/);
    expect(await row.locator('[data-col="liq"]').textContent()).toMatch(/^\d+\.\d{2}$/);
    await screenshot(page, 'futures');
    await page.context().close();
  }, 60_000);

  it('content and diagrams: unsafe markup is stripped; diagrams light up the live toast, button, popup and bridge-request states', async () => {
    const page = await openPage(e2e, '/content');
    const output = await page.getByTestId('rich-output').inputValue();
    expect(output).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/);
    expect(output).toContain('<b>EXK/USDT</b>');
    await page.getByTestId('amount').fill('00１２．３４５６７abc');
    await expect(page.getByTestId('amount-value').textContent()).resolves.toBe('12.3456');
    await screenshot(page, 'content');

    await page.getByRole('link', { name: 'UI' }).click();
    await page.getByTestId('toast-question').click();
    // The shared button counts an idle click, then turns to loading.
    await page.getByTestId('demo-button').click();
    await page.getByTestId('button-clicks').filter({ hasText: '1' }).waitFor();
    await page.getByTestId('button-loading').check();
    await page.getByTestId('button-state').filter({ hasText: 'loading' }).waitFor();
    // The dialog opens and closes by its button.
    await page.getByTestId('open-dialog').click();
    const dialog = page.getByTestId('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Inside the simulated app, requestAction runs through the bridge-request machine and is answered.
    await page.getByRole('link', { name: 'In-app' }).click();
    await page.getByTestId('in-app-switch').check();
    await page.getByTestId('bridge-host').filter({ hasText: 'in app (ios' }).waitFor();
    await page.locator('[data-command="requestAction"] button').click();
    await page.locator('[data-command="requestAction"] .result').filter({ hasText: 'answered {"userId":"app-user"' }).waitFor();
    await page.getByTestId('received').filter({ hasText: 'requestAction' }).waitFor();
    await page.getByRole('link', { name: 'Diagrams' }).click();
    const toast = page.locator('[data-machine="toast"]');
    await toast.locator('svg').waitFor({ timeout: 30_000 });
    // The toast is shown or, once its 3 s are up, closed: either way the diagram marks where it is.
    expect(await toast.getAttribute('data-active')).toMatch(/visible|closed/);
    await toast.locator('.live').first().waitFor();
    await page.locator('[data-machine="signing-init"] .live').first().waitFor({ timeout: 30_000 });
    // The hooks' actors: where each ended up when the user left its page.
    // The button's two regions are both marked: loading, and (still) enabled.
    const hookActors = [
      ['button', 'activity activity_loading availability availability_enabled'],
      ['popup', 'closed'],
      ['bridge-request', 'resolved'],
    ] as const;
    for (const [machine, state] of hookActors) {
      const diagram = page.locator(`[data-machine="${machine}"]`);
      await diagram.locator('svg').waitFor({ timeout: 30_000 });
      expect(await diagram.getAttribute('data-live')).toBe('yes');
      expect(await diagram.getAttribute('data-active')).toBe(state);
      await diagram.locator('.live').first().waitFor();
    }
    await screenshot(page, 'diagrams');
    await page.context().close();
  }, 90_000);
});
