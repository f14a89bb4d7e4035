// The example as a first-time visitor meets it, in every engine (EXKIT_ENGINES picks) at three window sizes:
// a laptop (1366 × 768), a phone (375 × 740) and the laptop at 200 % zoom (a 1366 × 768 window zoomed to 200 %
// lays pages out in 683 × 384 CSS px, which is what this size gives them). A double-click on an action button
// acts once; long values wrap without widening the page or breaking words; toasts and notifications keep apart;
// the page explains itself (readable outcomes, no spec numbers, a no-matches line, why sections are greyed out);
// the simulated app answers setOnWebVisibleCallback; full-width digits count as digits (the Arabic pages have
// their own journey, rtl.test.ts). Screenshots go to test-results/e2e/.
import { describe, expect, it } from 'vitest';
import { engineForSuite } from '../support/bundle-page.js';
import { ENGINES } from '../support/engines.js';
import type { EnginePage } from '../support/engines.js';
import {
  attributeOf,
  clickByName,
  countOf,
  fill,
  openPage,
  pageErrors,
  screenshot,
  scrollTo,
  SIZES_AND_ZOOM,
  startE2E,
  testId,
  textOf,
  waitFor,
  waitForPath,
  waitForText,
} from './harness.js';
import type { Size } from './harness.js';

const e2e = startE2E();

/** The gap between the two clicks of the double-clicks below: a brisk double-click (OS limits are 400–500 ms). */
const DOUBLE_CLICK_GAP_MS = 80;

/**
 * A double-click at the centre of `selector`: each of its two clicks is the press, release and click a pointer
 * gives, sent to whatever is under that point at the time (the second may land on a backdrop the first
 * opened), 80 ms apart. Sent from the page, because WebDriver clients (WebKit's here) take longer than a
 * double-click's interval between two separate clicks.
 */
async function doubleClick(page: EnginePage, selector: string): Promise<void> {
  await scrollTo(page, selector);
  await page.evaluate(
    ([s, gap]) => {
      const r = document.querySelector(s as string)!.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const press = (detail: number) => {
        const target = document.elementFromPoint(x, y)!;
        const at = { bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, button: 0, detail, view: window };
        target.dispatchEvent(new PointerEvent('pointerdown', { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true, buttons: 1 }));
        target.dispatchEvent(new MouseEvent('mousedown', { ...at, buttons: 1 }));
        target.dispatchEvent(new PointerEvent('pointerup', { ...at, pointerId: 1, pointerType: 'mouse', isPrimary: true }));
        target.dispatchEvent(new MouseEvent('mouseup', at));
        target.dispatchEvent(new MouseEvent('click', at));
      };
      press(1);
      return new Promise<void>((done) =>
        setTimeout(() => {
          press(2);
          done();
        }, gap as number),
      );
    },
    [selector, DOUBLE_CLICK_GAP_MS] as const,
  );
}

/**
 * Words (2 to 24 characters between spaces or hyphens) that the layout split across lines inside `selector`'s
 * elements. Longer runs (a URL, a JSON answer) may wrap anywhere; a break after a hyphen is a normal one.
 */
const splitWords = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const split: string[] = [];
    for (const el of document.querySelectorAll(s)) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/(?<![^\s-])[^\s-]{2,24}(?![^\s-])/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  }, selector);

const noHorizontalScroll = (page: EnginePage) =>
  page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));

const BOX = '[data-exkit-message-box-root]:not([data-state=leaving])';

describe.each(ENGINES)('a first visit to the example in %s', { timeout: 240_000 }, (name) => {
  const engine = engineForSuite(name);

  describe.each(SIZES_AND_ZOOM)('at $name size ($width×$height)', (size: Size) => {
    const shot = (page: EnginePage, what: string) => screenshot(page, engine, `visitor-${size.name}-${what}`);

    it('a double-click on an action button acts once: one order, one dialog that stays open, one box, one toast, one notification', async () => {
      const page = await openPage(e2e, engine, '/ui', size);
      // Every action button of the page is driven by the button machine (it carries aria-busy).
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('main button[data-action-button]')].every((b) => b.hasAttribute('aria-busy')),
        ),
      ).toBe(true);
      expect(await countOf(page, 'main button[data-action-button]')).toBeGreaterThanOrEqual(10);

      await doubleClick(page, testId('demo-button'));
      await waitForText(page, testId('button-clicks'), '1');
      expect(await attributeOf(page, testId('demo-button'), 'aria-busy')).toBe('true');
      await waitForText(page, testId('button-state'), 'idle', 5000);
      expect(await textOf(page, testId('button-clicks'))).toBe('1');

      await doubleClick(page, testId('toast-success'));
      await waitFor(page, '[data-exkit-toast]');
      await new Promise((done) => setTimeout(done, 300));
      expect(await countOf(page, '[data-exkit-toast]')).toBe(1);

      await doubleClick(page, testId('notify'));
      await waitFor(page, '[data-exkit-notification]');
      await new Promise((done) => setTimeout(done, 300));
      expect(await countOf(page, '[data-exkit-notification]')).toBe(1);
      // Toasts and notifications keep apart, and the notification's close button sits beside its title.
      const layout = await page.evaluate(() => {
        const toast = document.querySelector('[data-exkit-toast]')!.getBoundingClientRect();
        const note = document.querySelector('[data-exkit-notification]')!;
        const box = note.getBoundingClientRect();
        const title = note.querySelector('strong')!.getBoundingClientRect();
        const close = note.querySelector('[data-exkit-notification-close]')!.getBoundingClientRect();
        const apart = toast.bottom <= box.top || box.bottom <= toast.top || toast.right <= box.left || box.right <= toast.left;
        return {
          apart,
          closeBesideTitle:
            close.top < title.bottom && close.bottom > title.top && (close.left >= title.right || close.right <= title.left),
          inside: box.left >= 0 && box.right <= document.documentElement.clientWidth + 0.5,
        };
      });
      expect(layout).toEqual({ apart: true, closeBesideTitle: true, inside: true });
      await shot(page, 'toast-and-notification');

      await doubleClick(page, testId('open-dialog'));
      await waitFor(page, testId('dialog'));
      await new Promise((done) => setTimeout(done, 800));
      expect(await countOf(page, testId('dialog'))).toBe(1);
      await page.click(testId('dialog-close'));

      await doubleClick(page, testId('queue-boxes'));
      await waitForText(page, `${BOX} [data-exkit-message-box]`, 'Withdrawals pause');
      await clickByName(page, 'button', 'OK', BOX);
      await clickByName(page, 'button', 'Cancel', BOX);
      await fill(page, `${BOX} input`, 'AB12cd');
      await clickByName(page, 'button', 'OK', BOX);
      await waitForText(page, testId('box-results'), 'prompt: confirm AB12cd');
      await new Promise((done) => setTimeout(done, 300));
      // Three boxes were queued once: the double-click did not queue three more.
      expect(await countOf(page, BOX)).toBe(0);
      expect(await countOf(page, `${testId('box-results')} li`)).toBe(3);
      expect(await pageErrors(page)).toEqual({ errors: [], boundary: null });
      await page.close();
    });

    it('account: a double-click logs in once, registers once and sends the signed calls once; the login form steps aside once logged in; outcomes read as words; full-width code digits count', async () => {
      const page = await openPage(e2e, engine, '/account', size);
      await waitForText(page, testId('signing-state'), 'ready', 20_000);
      const { gateway } = e2e.servers;
      const calls = (path: string) => gateway.logins.filter((l) => l.path === path).length;
      const challenges = (scene: string) => gateway.captchaChallenges.filter((c) => c.params.scene === scene).length;
      const before = { logins: calls('/v1/user/login'), loginChallenges: challenges('login') };
      await fill(page, 'input[name="pwd"]', `${name}-${size.name}-visitor`);
      await doubleClick(page, testId('login-submit'));
      await waitForText(page, testId('captcha-login-state'), 'challenging');
      await page.click(testId('captcha-solve'));
      await page.waitForFunction(
        () => document.querySelector('[data-testid="login-outcome"]')?.getAttribute('data-code') === '00000',
        undefined,
        {
          timeout: 15_000,
        },
      );
      // In words, not a raw code and JSON.
      expect(await textOf(page, `${testId('login-outcome')} p`)).toBe('Succeeded.');
      await waitFor(page, testId('logged-in'));
      expect(await countOf(page, testId('login-form'))).toBe(0);
      // One captcha and one login for the two clicks.
      expect(calls('/v1/user/login') - before.logins).toBe(1);
      expect(challenges('login') - before.loginChallenges).toBe(1);

      const placed = () => e2e.servers.gateway.signs.filter((s) => s.path === '/v1/spot/order/place').length;
      const placedBefore = placed();
      await doubleClick(page, testId('signed-calls'));
      await page.waitForFunction(
        () => document.querySelector('[data-testid="signed-outcome-1"]')?.getAttribute('data-code') === '00000',
        undefined,
        {
          timeout: 15_000,
        },
      );
      await new Promise((done) => setTimeout(done, 700));
      expect(placed() - placedBefore).toBe(1);
      expect(await textOf(page, `${testId('signed-outcome-1')} p`)).toMatch(/^Place a spot order .*: Succeeded\.$/);

      await scrollTo(page, 'input[name="emailCode"]');
      await fill(page, 'input[name="emailCode"]', '１２３４５６');
      await page.click(testId('register-submit'));
      await waitFor(page, '[data-field-error="rePwd"]');
      expect(await countOf(page, '[data-field-error="emailCode"]')).toBe(0);
      // Corrected right after the refusal, then double-clicked: one captcha and one registration.
      const registersBefore = { calls: calls('/v1/user/register/email'), challenges: challenges('register') };
      await fill(page, '[data-testid="register-form"] input[name="pwd"]', 'long-enough-1');
      await fill(page, 'input[name="rePwd"]', 'long-enough-1');
      await doubleClick(page, testId('register-submit'));
      await scrollTo(page, testId('captcha-solve'));
      await page.click(testId('captcha-solve'));
      await page.waitForFunction(
        () => document.querySelector('[data-testid="register-outcome"]')?.getAttribute('data-status') === 'done',
        undefined,
        { timeout: 15_000 },
      );
      await new Promise((done) => setTimeout(done, 700));
      expect(calls('/v1/user/register/email') - registersBefore.calls).toBe(1);
      expect(challenges('register') - registersBefore.challenges).toBe(1);
      const sent = gateway.logins.at(-1)!;
      expect({ path: sent.path, ...sent.clear, ...sent.sensitive }).toMatchObject({
        path: '/v1/user/register/email',
        email: 'new-trader@example.com',
        emailCode: '123456',
      });
      expect(await page.evaluate(() => document.body.innerText.includes('§'))).toBe(false);
      await shot(page, 'account');
      await page.close();
    });

    it('in-app: a long deep-link value wraps inside the page; words stay whole; an empty filter says so; the simulated app answers setOnWebVisibleCallback', async () => {
      const page = await openPage(e2e, engine, '/in-app', size);
      await clickByName(page, 'button', 'coin/withdraw');
      await fill(page, '[data-param="coinId"]', 'x'.repeat(3000));
      await waitForText(page, testId('deep-link-url'), 'xxxxxxxxxx');
      const width = await noHorizontalScroll(page);
      expect(width.scroll).toBeLessThanOrEqual(width.client);
      await fill(page, '[data-param="coinId"]', '2');
      await fill(page, 'input[aria-label="Filter targets"]', 'no-such-target');
      await waitForText(page, testId('deep-link-no-match'), 'No link target matches “no-such-target”');
      await fill(page, 'input[aria-label="Filter targets"]', '');

      await scrollTo(page, testId('in-app-switch'));
      await page.click(testId('in-app-switch'));
      await waitForText(page, testId('bridge-host'), 'in app');
      for (const command of ['setOnWebVisibleCallback', 'sendTokenToWeb', 'metaTitle', 'requestAction']) {
        await scrollTo(page, `[data-command="${command}"] button`);
        await page.click(`[data-command="${command}"] button`);
      }
      await waitForText(page, '[data-command="setOnWebVisibleCallback"] .result', 'answered {"visible":true}', 8000);
      // Enough messages for a two-digit marker, and every short word on one line.
      for (let i = 0; i < 8; i++)
        await page.click('[data-command="metaTitle"] button').then(() => new Promise((done) => setTimeout(done, 550)));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="received"] li').length >= 10, undefined, {
        timeout: 10_000,
      });
      const marker = await page.evaluate(() => {
        const list = document.querySelector('[data-testid="received"]')!;
        const probe = document.createElement('span');
        probe.textContent = '10. ';
        probe.style.position = 'absolute';
        list.querySelector('li')!.append(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        return { needed, room: parseFloat(getComputedStyle(list).paddingInlineStart) };
      });
      expect(marker.room).toBeGreaterThanOrEqual(marker.needed);
      expect(await splitWords(page, '.result, .facts dd, [data-testid="received"], main p')).toEqual([]);
      const after = await noHorizontalScroll(page);
      expect(after.scroll).toBeLessThanOrEqual(after.client);
      await shot(page, 'in-app');
      expect(await pageErrors(page)).toEqual({ errors: [], boundary: null });
      await page.close();
    });

    it('simulation: greyed-out sections say why, and the way back to live trading is there', async () => {
      const page = await openPage(e2e, engine, '/settings', size);
      await scrollTo(page, testId('simulation-on'));
      await page.click(testId('simulation-on'));
      await waitForPath(page, '/spot/BTCUSDT');
      await waitForText(page, testId('nav-blocked-why'), 'not part of simulation trading');
      expect(await attributeOf(page, '[data-nav-blocked="trading"]', 'aria-describedby')).toBe('nav-blocked-why');
      await shot(page, 'simulation');
      await page.click(testId('simulation-exit'));
      await waitForText(page, testId('simulation-badge'), 'Live trading');
      await page.close();
    });
  });
});
