// End-to-end journeys through the example exchange shell in every engine (Chromium, Firefox, WebKit;
// EXKIT_ENGINES picks), one engine after another, against the servers `npm start` runs: the app's Vite dev
// server with the reference gateway behind /v1. The journeys of issue 21's fixes run at both sizes of SIZES
// (desktop 1366×768, phone 375×740) and assert what a visitor sees: the element inside the viewport, its
// text, its order on screen, no page error; each saves a screenshot under test-results/e2e/.
import { describe, expect, it } from 'vitest';
import { engineForSuite } from '../support/bundle-page.js';
import { ENGINES } from '../support/engines.js';
import {
  attributeOf,
  clickByName,
  countOf,
  fill,
  openPage,
  pageErrors,
  placementOf,
  placementsOf,
  screenshot,
  scrollTo,
  selectOption,
  SIZES,
  startE2E,
  testId,
  textOf,
  visit,
  waitFor,
  waitForPath,
  waitForText,
  waitGone,
} from './harness.js';

const e2e = startE2E();

/** The message box that is showing (not the one leaving). */
const BOX = '[data-exkit-message-box-root]:not([data-state=leaving])';

// 150 s a journey: full reloads on the dev server (simulation's way out reloads the page) take tens of
// seconds on a loaded 2-core machine.
describe.each(ENGINES)('the example exchange shell in %s', { timeout: 150_000 }, (name) => {
  const engine = engineForSuite(name);

  it('in-app: a deep link opens through nativeRouter in the simulated app, and commands are gated by version', async () => {
    const page = await openPage(e2e, engine, '/in-app');
    await waitFor(page, testId('bridge-host'));
    expect(await textOf(page, testId('bridge-host'))).toBe('not in app');
    expect(await attributeOf(page, '[data-command="setTitleVisible"]', 'data-supported')).toBe('false');
    await page.click(testId('in-app-switch'));
    await selectOption(page, testId('in-app-version'), '2.8.0');
    await waitForText(page, testId('bridge-host'), 'in app (iOS host, app 2.8.0)');
    expect(await attributeOf(page, '[data-command="setTitleVisible"]', 'data-supported')).toBe('true');
    expect(await attributeOf(page, '[data-command="setBottomActions"]', 'data-supported')).toBe('false');
    await page.click('[data-command="setBottomActions"] button');
    await waitForText(page, '[data-command="setBottomActions"] .result', 'skipped: below-minimum-version (app 2.8.0 is older than 2.9.0)');
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
    await page.waitForFunction(
      () => document.querySelector('[data-testid="login-outcome"]')?.getAttribute('data-code') === '00000',
      undefined,
      {
        timeout: 15_000,
      },
    );
    const login = e2e.servers.gateway.logins.at(-1);
    expect(login).toMatchObject({
      path: '/v1/user/login',
      encrypted: true,
      sensitive: { loginName: 'trader@example.com', pwd: `${name}-secret` },
    });
    const sent = (await textOf(page, '[data-testid="wire-log"] li[data-path="/v1/user/login"]')) ?? '';
    expect(sent).toContain('bodyCiphertext');
    expect(sent).not.toContain(`${name}-secret`);
    expect(sent).toContain('"risktoken"');
    expect(e2e.servers.gateway.captchaChecks.at(-1)).toMatchObject({
      code: '00000',
      scene: 'login',
      validate: { lot_number: 'lot-example' },
    });

    await page.click(testId('signed-calls'));
    await waitFor(page, testId('signed-outcome-1'));
    await page.waitForFunction(() => document.querySelector('[data-testid="signed-outcome-0"]')?.getAttribute('data-status') === 'done');
    expect(await attributeOf(page, testId('signed-outcome-0'), 'data-code')).toBe('00000');
    await page.waitForFunction(() => document.querySelector('[data-testid="signed-outcome-1"]')?.getAttribute('data-code') === '00000');
    expect(e2e.servers.gateway.signs.slice(-2).map((s) => [s.path, s.mode, s.result])).toEqual([
      ['/v1/user/overview/userinfo', 1, 'ok'],
      ['/v1/spot/order/place', 2, 'ok'],
    ]);
    await screenshot(page, engine, 'account');
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

  it('account in Arabic: the forms speak Arabic; a field message ends with its full stop at the left end and keeps the example address in its own order', async () => {
    const page = await openPage(e2e, engine, '/settings');
    await selectOption(page, testId('locale'), 'ar');
    await waitForPath(page, '/ar/settings');
    await visit(e2e, page, '/ar/account');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await waitForText(page, '[data-testid="login-form"] [data-testid="login-submit"]', 'تسجيل الدخول');
    expect(await textOf(page, '[data-testid="register-submit"]')).toBe('إنشاء الحساب');
    await fill(page, 'input[name="loginName"]', 'trader');
    await scrollTo(page, testId('login-submit'));
    await page.click(testId('login-submit'));
    await waitFor(page, '[data-field-error="loginName"]');
    const message = await page.evaluate(() => {
      const small = document.querySelector('[data-field-error="loginName"]')!;
      const text = small.firstChild!;
      const content = text.textContent!;
      const left = (i: number) => {
        const r = document.createRange();
        r.setStart(text, i);
        r.setEnd(text, i + 1);
        return r.getBoundingClientRect().left;
      };
      const lefts = [...content].map((_, i) => left(i));
      const address = content.indexOf('name@example.com');
      return {
        dir: getComputedStyle(small).direction,
        endsWithStop: content.endsWith('.'),
        // The sentence's full stop is its leftmost character, as Arabic punctuation reads.
        stopAtLeftEnd: lefts.at(-1)! <= Math.min(...lefts),
        // name@example.com reads left to right inside the Arabic sentence.
        addressInOrder: left(address) < left(address + 'name@example.com'.length - 1),
      };
    });
    expect(message).toEqual({ dir: 'rtl', endsWithStop: true, stopAtLeftEnd: true, addressInOrder: true });
    expect(await textOf(page, '[data-field-error="pwd"]')).toBe('أدخل كلمة المرور.');
    await screenshot(page, engine, 'arabic-account-errors');
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
    expect(await page.evaluate(() => [...document.querySelectorAll('[data-testid="box-results"] li')].map((li) => li.textContent))).toEqual(
      ['alert: confirm', 'confirm: cancel', 'prompt: confirm AB12cd'],
    );
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
    // The sample's image keeps its source and loses its handler, and it renders (no broken-image box in the demo).
    expect(output).toContain('<img src="/favicon.svg" alt="EXK" width="24" height="24">');
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="rich-rendered"] img');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    await fill(page, testId('amount'), '00１２．３４５６７abc');
    await waitForText(page, testId('amount-value'), '12.3456');
    expect(await textOf(page, testId('amount-value'))).toBe('12.3456');
    await screenshot(page, engine, 'content');

    await clickByName(page, 'link', 'UI');
    await page.click(testId('toast-question'));
    // The shared button counts an idle click, then turns to loading.
    await page.click(testId('demo-button'));
    await waitForText(page, testId('button-clicks'), '1');
    // The click places an order: loading until it is placed, then idle again.
    await waitForText(page, testId('button-state'), 'idle', 5000);
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
    await waitForText(page, testId('bridge-host'), 'in app (iOS host');
    await page.click('[data-command="requestAction"] button');
    await waitForText(page, '[data-command="requestAction"] .result', 'answered {"userId":"app-user"');
    await waitForText(page, testId('received'), 'requestAction');
    await clickByName(page, 'link', 'Diagrams');
    // The inspector shows one actor at a time: its diagram with the current state highlighted, and the
    // state as data-state. The hooks' actors show where each ended up when the user left its page; the
    // button's two regions are both named (loading, and still enabled). The toast is shown or, once its
    // 3 s are up, closed.
    const liveActors = [
      ['signing-init', /\S/],
      ['toast', /visible|closed/],
      ['button', /^activity\.loading availability\.enabled$/],
      ['popup', /^closed$/],
      ['bridge-request', /^resolved$/],
    ] as const;
    for (const [machine, state] of liveActors) {
      await waitFor(page, `[data-actor-button="${machine}"]`, 30_000);
      await page.click(`[data-actor-button="${machine}"]`);
      const main = `[data-actor="${machine}"][data-state]`;
      await waitFor(page, main, 30_000);
      expect(await attributeOf(page, main, 'data-state')).toMatch(state);
      await waitFor(page, '.exkit-inspector-frame .exkit-live', 30_000);
    }
    await screenshot(page, engine, 'diagrams');
    await page.close();
  });

  describe.each(SIZES)('issue 21 at $name size ($width×$height)', (size) => {
    const shot = (page: Parameters<typeof screenshot>[0], name: string) => screenshot(page, engine, `${size.name}-${name}`);
    const noPageError = async (page: Parameters<typeof pageErrors>[0]) =>
      expect(await pageErrors(page)).toEqual({ errors: [], boundary: null });

    it('spot: a cleared or unfinished size shows -- with a hint, never a blank app', async () => {
      const page = await openPage(e2e, engine, '/spot/BTCUSDT', size);
      await waitForText(page, testId('plan-yield'), /%$/);
      await fill(page, testId('plan-size'), '');
      await waitForText(page, testId('plan-yield'), '--');
      expect(await textOf(page, testId('plan-filled'))).toBe('--');
      expect(await textOf(page, testId('plan-issue'))).toBe('Enter a size above zero to see the figures.');
      await noPageError(page);
      await fill(page, testId('plan-size'), '0.');
      await waitForText(page, testId('plan-yield'), '--');
      await fill(page, testId('plan-size'), '0.1');
      await waitForText(page, testId('plan-issue'), 'already filled');
      expect(await textOf(page, testId('plan-yield'))).toBe('--');
      await fill(page, testId('plan-size'), '0.5');
      await waitForText(page, testId('plan-yield'), /^[+-]\d+\.\d{2}%$/);
      expect(await textOf(page, testId('plan-filled'))).toBe('30.00%');
      await scrollTo(page, testId('plan-figures'));
      expect((await placementOf(page, testId('plan-figures')))?.inViewport).toBe(true);
      await noPageError(page);
      await shot(page, 'spot');
      // A pasted size in exponent form is refused with its reason; the size stays 0.5, not 51.
      await fill(page, testId('plan-size'), '5e1');
      await waitForText(page, testId('plan-issue'), 'Not taken: write the size in full, without an exponent.');
      expect(await page.evaluate((s) => document.querySelector<HTMLInputElement>(s)!.value, testId('plan-size'))).toBe('0.5');
      expect(await textOf(page, testId('plan-filled'))).toBe('30.00%');
      await noPageError(page);
      await page.close();
    });

    it('a page that fails shows what failed and a way back; the nav keeps working', async () => {
      const page = await openPage(e2e, engine, '/ui', size);
      await scrollTo(page, testId('break-page'));
      await page.click(testId('break-page'));
      await waitFor(page, testId('page-error'));
      expect(await textOf(page, testId('page-error'))).toContain('The UI page hit an error');
      expect(await textOf(page, testId('page-error-detail'))).toContain('InvalidArgumentError');
      expect((await placementOf(page, testId('page-error-leave')))?.inViewport).toBe(true);
      await shot(page, 'page-error');
      await page.click(testId('page-error-leave'));
      await waitForPath(page, '/spot/BTCUSDT');
      await waitForText(page, 'main h1', 'Spot');
      expect(await countOf(page, testId('page-error'))).toBe(0);
      // Back on the failed page through the nav, it starts fresh.
      await clickByName(page, 'link', 'UI');
      await waitFor(page, testId('break-page'));
      expect(await countOf(page, testId('page-error'))).toBe(0);
      await page.close();
    });

    it('simulation: the way back to live trading is on every page simulation allows', async () => {
      const page = await openPage(e2e, engine, '/settings', size);
      await page.click(testId('simulation-on'));
      await waitForPath(page, '/spot/BTCUSDT');
      await waitForText(page, testId('simulation-badge'), 'Simulation trading');
      expect((await placementOf(page, testId('simulation-exit')))?.inViewport).toBe(true);
      // Pages simulation does not allow are not offered as links.
      expect(await attributeOf(page, '[data-nav-blocked="trading"]', 'aria-disabled')).toBe('true');
      await visit(e2e, page, '/content');
      await waitForPath(page, '/spot/BTCUSDT');
      await clickByName(page, 'link', 'Futures');
      await waitForPath(page, '/futures/usdt/BTCUSDT');
      expect((await placementOf(page, testId('simulation-exit')))?.inViewport).toBe(true);
      await shot(page, 'simulation');
      await page.click(testId('simulation-exit'));
      await waitForText(page, testId('simulation-badge'), 'Live trading');
      expect(await countOf(page, testId('simulation-exit'))).toBe(0);
      await visit(e2e, page, '/content');
      await waitForText(page, 'main h1', 'Content');
      expect(await page.evaluate(() => location.pathname)).toBe('/content');
      await page.close();
    });

    it('dialog: on screen with its close button visible while the page cannot scroll', async () => {
      // The desktop run also checks a short window (1366×600), where the close button used to fall below the fold.
      const windows = size.name === 'desktop' ? [size, { width: 1366, height: 600 }] : [size];
      for (const view of windows) {
        const page = await openPage(e2e, engine, '/ui', view);
        await scrollTo(page, testId('open-dialog'));
        await page.click(testId('open-dialog'));
        await waitFor(page, testId('dialog'));
        await page.evaluate(() => window.scrollBy(0, 400));
        const dialog = await placementOf(page, testId('dialog'));
        const close = await placementOf(page, testId('dialog-close'));
        // The whole dialog, its close button included, inside the window as the engine sized it (WebKitGTK's
        // MiniBrowser keeps its window at least 447 px wide, so its phone run is 447×740).
        expect(close?.inViewport).toBe(true);
        expect(dialog?.inViewport).toBe(true);
        await screenshot(page, engine, `${size.name}-dialog-${view.width}x${view.height}`);
        await page.click(testId('dialog-close'));
        await waitGone(page, testId('dialog'));
        await page.close();
      }
    });

    it('toasts sit top-centre, 100 px down and 16 px apart; the message box close button is in its corner', async () => {
      const page = await openPage(e2e, engine, '/ui', size);
      await page.click(testId('toast-success'));
      await page.click(testId('toast-error'));
      await page.waitForFunction(() => document.querySelectorAll('[data-exkit-toast]').length === 2);
      await page.waitForFunction(() => {
        const [a, b] = [...document.querySelectorAll('[data-exkit-toast]')].map((t) => t.getBoundingClientRect());
        return a !== undefined && b !== undefined && Math.abs(b.top - a.bottom - 16) < 1;
      });
      const [first, second] = await placementsOf(page, '[data-exkit-toast]');
      expect(first!.top).toBeCloseTo(100, 0);
      expect(second!.top - first!.bottom).toBeCloseTo(16, 0);
      for (const toast of [first!, second!]) {
        expect(toast.inViewport).toBe(true);
        expect(Math.abs((toast.left + toast.right) / 2 - toast.viewportWidth / 2)).toBeLessThanOrEqual(1);
      }
      await page.click(testId('queue-boxes'));
      await waitForText(page, `${BOX} [data-exkit-message-box]`, 'Withdrawals pause');
      const panel = (await placementOf(page, `${BOX} [data-exkit-message-box]`))!;
      const close = (await placementOf(page, `${BOX} [data-action="close"]`))!;
      const ok = (await placementOf(page, `${BOX} [data-action="confirm"]`))!;
      expect(panel.inViewport).toBe(true);
      expect(close.inViewport).toBe(true);
      // Top-right corner (left-to-right page): within 24 px of the panel's top and right edges, above OK.
      expect(close.top - panel.top).toBeLessThanOrEqual(24);
      expect(panel.right - close.right).toBeLessThanOrEqual(24);
      expect(close.bottom).toBeLessThan(ok.top);
      await shot(page, 'toasts-and-box');
      await page.click(`${BOX} [data-action="close"]`);
      await waitForText(page, `${BOX} [data-exkit-message-box]`, 'Close all BTCUSDT');
      await page.close();
    });

    it('futures: PnL, ROE and liquidation price of every position are inside the window', async () => {
      const page = await openPage(e2e, engine, '/futures/usdt/BTCUSDT', size);
      await waitFor(page, '[data-position] [data-col="liq"]');
      // Nothing sticks out sideways: the page needs no horizontal scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      for (const id of ['btc-long-isolated', 'eth-short-cross', 'btc-inverse-long']) {
        for (const col of ['pnl', 'roe', 'liq']) {
          const cell = `[data-position="${id}"] [data-col="${col}"] [data-figure]`;
          await scrollTo(page, cell);
          const placed = await placementOf(page, cell);
          expect({ id, col, inViewport: placed?.inViewport }).toEqual({ id, col, inViewport: true });
          expect(await textOf(page, cell)).toMatch(/\d/);
        }
      }
      await scrollTo(page, '[data-position="btc-long-isolated"]');
      await shot(page, 'futures');
      await page.close();
    });

    it('Arabic keeps figures in reading order; a reset brings back the theme and the URL it names', async () => {
      const page = await openPage(e2e, engine, '/settings', size);
      await selectOption(page, testId('locale'), 'ar');
      await waitForPath(page, '/ar/settings');
      await page.waitForFunction(() => document.documentElement.dir === 'rtl');
      // The nav reads Arabic now: its links are found by the page they lead to.
      await page.click('[data-nav-link="futures"]');
      await waitForPath(page, '/ar/futures/usdt/BTCUSDT');
      await waitFor(page, '[data-position="btc-long-isolated"] [data-col="pnl"] [data-figure]');
      // On screen, the sign comes before the digits and the % after them; the number before its unit.
      const order = await page.evaluate(() => {
        const leftOf = (node: Node, index: number) => {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return range.getBoundingClientRect().left;
        };
        const roe = document.querySelector('[data-position="btc-long-isolated"] [data-col="roe"] [data-figure]')!.firstChild!;
        const pnl = document.querySelector('[data-position="btc-long-isolated"] [data-col="pnl"] [data-figure]')!;
        const [number, unit] = [pnl.childNodes[0]!, pnl.childNodes[1]!];
        return {
          roe: roe.textContent,
          signBeforePercent: leftOf(roe, 0) < leftOf(roe, roe.textContent!.length - 1),
          numberBeforeUnit: leftOf(number, 0) < leftOf(unit, unit.textContent!.length - 1),
        };
      });
      expect(order.roe).toMatch(/^[+-]?\d+\.\d{2}%$/);
      expect(order).toMatchObject({ signBeforePercent: true, numberBeforeUnit: true });
      await shot(page, 'arabic-futures');
      await page.click('[data-nav-link="trading"]');
      await waitForPath(page, '/ar/settings');
      await page.click(testId('theme-toggle'));
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'white');
      await page.click(testId('preferences-reset'));
      await waitForPath(page, '/settings');
      const after = await page.evaluate(() => ({
        path: location.pathname,
        dir: document.documentElement.dir,
        theme: document.documentElement.dataset.theme,
        stored: JSON.parse(document.querySelector('[data-testid="preferences"]')!.textContent!) as { theme: string; language: string },
      }));
      expect(after).toMatchObject({ path: '/settings', dir: 'ltr', stored: { language: 'en' } });
      expect(after.theme).toBe(after.stored.theme);
      await page.close();
    });

    it('account: forms refuse incomplete input; log-out; the page says when a login goes out unencrypted and why', async () => {
      const page = await openPage(e2e, engine, '/account', size);
      await waitForText(page, testId('signing-state'), 'ready', 20_000);
      const loginsBefore = e2e.servers.gateway.logins.length;
      await scrollTo(page, testId('login-submit'));
      await page.click(testId('login-submit'));
      await waitForText(page, '[data-field-error="pwd"]', 'Enter your password.');
      expect(await attributeOf(page, 'input[name="pwd"]', 'aria-invalid')).toBe('true');
      await scrollTo(page, testId('register-submit'));
      await fill(page, '[data-testid="register-form"] input[name="pwd"]', 'long-enough-1');
      await fill(page, 'input[name="rePwd"]', 'long-enough-2');
      await page.click(testId('register-submit'));
      await waitForText(page, '[data-field-error="rePwd"]', 'The passwords do not match.');
      expect(await textOf(page, '[data-field-error="emailCode"]')).toBe('Enter the code we e-mailed you.');
      await fill(page, 'input[name="emailCode"]', '12ab');
      await waitForText(page, '[data-field-error="emailCode"]', 'The code is 6 digits.');
      expect((await placementOf(page, '[data-field-error="rePwd"]'))?.inViewport).toBe(true);
      await shot(page, 'register-errors');
      expect(e2e.servers.gateway.logins.length).toBe(loginsBefore);
      expect(await textOf(page, testId('captcha-login-state'))).not.toBe('challenging');

      const secret = `${engine.name}-${size.name}-secret`;
      /** Logs in, by a click on the submit button or by Enter in the password field (both run the button machine). */
      const logIn = async (by: 'click' | 'enter' = 'click') => {
        // Once logged in, the form steps aside: "Log in again" brings it back.
        if ((await countOf(page, testId('login-again'))) > 0) {
          await scrollTo(page, testId('login-again'));
          await page.click(testId('login-again'));
        }
        await fill(page, 'input[name="pwd"]', secret);
        await scrollTo(page, testId('login-submit'));
        if (by === 'enter') await page.press('Enter');
        else await page.click(testId('login-submit'));
        await waitForText(page, testId('captcha-login-state'), 'challenging');
        await page.click(testId('captcha-solve'));
        await page.waitForFunction(
          () => document.querySelector('[data-testid="login-outcome"]')?.getAttribute('data-status') === 'done',
          undefined,
          {
            timeout: 15_000,
          },
        );
        expect(await attributeOf(page, testId('login-outcome'), 'data-code')).toBe('00000');
      };
      expect(await attributeOf(page, testId('login-encryption'), 'data-encrypted')).toBe('true');
      // Moments after the refused submit: the refusal started nothing, so this one is taken.
      await logIn('enter');
      expect(e2e.servers.gateway.logins.at(-1)).toMatchObject({ encrypted: true, sensitive: { pwd: secret } });
      expect(e2e.servers.gateway.logins.length).toBe(loginsBefore + 1);
      await waitForText(page, testId('login-encryption'), 'sent unencrypted');
      expect(await textOf(page, testId('login-encryption-why'))).toContain('Log out to send the next login encrypted');
      await scrollTo(page, testId('login-encryption-why'));
      expect((await placementOf(page, testId('login-encryption-why')))?.inViewport).toBe(true);
      await shot(page, 'logged-in');
      // The page was right: a second login goes out in clear.
      await logIn();
      expect(e2e.servers.gateway.logins.at(-1)).toMatchObject({ encrypted: false });
      await scrollTo(page, testId('logout'));
      await page.click(testId('logout'));
      await waitForText(page, testId('session-user'), 'no');
      expect(await attributeOf(page, testId('login-encryption'), 'data-encrypted')).toBe('true');
      await logIn();
      expect(e2e.servers.gateway.logins.at(-1)).toMatchObject({ encrypted: true, sensitive: { pwd: secret } });
      await noPageError(page);
      await page.close();
    });

    it('in-app: every send button is named, requestAction outside the app gives its reason, and a new bridge sends nothing', async () => {
      const page = await openPage(e2e, engine, '/in-app', size);
      await waitFor(page, testId('bridge-commands'));
      const names = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="bridge-commands"] tbody button')].map((b) => b.getAttribute('aria-label')),
      );
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain('Send requestAction');
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="bridge-commands"] th')].every((th) => (th.textContent ?? '').trim() !== ''),
        ),
      ).toBe(true);
      await scrollTo(page, '[data-command="requestAction"] button');
      await page.click('[data-command="requestAction"] button');
      await page.click('[data-command="metaTitle"] button');
      await waitForText(page, '[data-command="requestAction"] .result', 'skipped: not-in-app (outside the app nothing is sent)');
      await waitForText(page, '[data-command="metaTitle"] .result', 'skipped: not-in-app (outside the app nothing is sent)');
      await scrollTo(page, '[data-command="requestAction"] .result');
      expect((await placementOf(page, '[data-command="requestAction"] .result'))?.inViewport).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await shot(page, 'in-app');
      await scrollTo(page, testId('in-app-switch'));
      await page.click(testId('in-app-switch'));
      await waitForText(page, testId('bridge-host'), 'in app (iOS host, app 2.56.0)');
      await scrollTo(page, '[data-command="requestAction"] button');
      // The send button ignores clicks while its last send is in flight (the button machine's loading).
      await page.waitForFunction(
        () => document.querySelector('[data-command="requestAction"] button')?.getAttribute('aria-busy') === 'false',
      );
      await page.click('[data-command="requestAction"] button');
      await waitForText(page, '[data-command="requestAction"] .result', 'answered {"userId":"app-user"');
      // Another app version builds a new bridge (and simulated app): nobody clicked, so nothing reaches it.
      await selectOption(page, testId('in-app-version'), '2.55.9');
      await waitForText(page, testId('bridge-host'), 'app 2.55.9');
      await new Promise((done) => setTimeout(done, 500));
      expect(await textOf(page, testId('received'))).not.toContain('requestAction');
      expect(await textOf(page, '[data-command="requestAction"] .result')).toContain('answered');
      await page.close();
    });

    it('shell: a favicon, a title per page and no page error along the nav', async () => {
      const page = await openPage(e2e, engine, '/in-app', size);
      const icon = await page.evaluate(async () => {
        const href = document.querySelector('link[rel="icon"]')?.getAttribute('href');
        if (!href) return null;
        const response = await fetch(href);
        return { status: response.status, type: response.headers.get('content-type') };
      });
      expect(icon).toMatchObject({ status: 200, type: expect.stringContaining('svg') });
      for (const [link, title] of [
        ['Account', 'Account'],
        ['Modes & preferences', 'Modes & preferences'],
        ['Spot', 'Spot'],
        ['Futures', 'Futures'],
        ['UI', 'UI'],
        ['Content', 'Content'],
        ['In-app', 'In-app'],
      ] as const) {
        await clickByName(page, 'link', link);
        await page.waitForFunction((t) => document.title === `${t} · exkit example exchange`, title);
      }
      await noPageError(page);
      await page.close();
    });
  });
});
