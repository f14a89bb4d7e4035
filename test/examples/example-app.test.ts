// @vitest-environment jsdom
// The example exchange shell's own rules: a page that throws is contained by its error boundary,
// incomplete input shows '--', forms refuse what the server would, the account page's login-encryption
// outlook follows spec §S5, and a skipped command says why. The example imports `exkit` by name, which
// resolves to the built dist/ (npm test builds it first).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { PageBoundary } from '../../examples/web/src/components/page-boundary.js';
import { loginEncryptionOutlook } from '../../examples/web/src/services/account.js';
import { asciiDigits, isValid, loginErrors, registerErrors } from '../../examples/web/src/services/forms.js';
import { textsFor } from '../../examples/web/src/i18n/catalogue.js';
import { skippedText } from '../../examples/web/src/services/in-app.js';
import { isCompleteSize, PLAN_FILLED, spotPlanOrder } from '../../examples/web/src/services/positions.js';
import { documentTitle, PAGES } from '../../examples/web/src/services/router.js';
import { InvalidArgumentError } from '../../core/index.js';
import { inputClasses } from '../support/input-classes.js';

afterEach(cleanup);

const MARK = '64250.50';

describe('PageBoundary', () => {
  function Faulty({ fail }: { fail: boolean }) {
    if (fail) throw new InvalidArgumentError('buyDelegateCount: must not be zero', { field: 'buyDelegateCount', value: '0' });
    return createElement('p', null, 'page content');
  }

  it('a page that throws while rendering is replaced by what failed, with a retry and a way to another page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onLeave = vi.fn();
    let fail = true;
    const view = () =>
      createElement(PageBoundary, {
        title: 'Spot',
        leaveLabel: 'Go to Futures',
        texts: textsFor('en').pageBoundary,
        onLeave,
        children: createElement(Faulty, { fail }),
      });
    const { rerender } = render(createElement('div', null, createElement('nav', null, 'nav stays'), view()));
    expect(screen.getByRole('alert').textContent).toContain('The Spot page hit an error');
    expect(screen.getByTestId('page-error-detail').textContent).toBe(
      'InvalidArgumentError · INVALID_ARGUMENT · buyDelegateCount: must not be zero',
    );
    expect(screen.getByText('nav stays')).toBeTruthy();
    fireEvent.click(screen.getByText('Go to Futures'));
    expect(onLeave).toHaveBeenCalledTimes(1);
    fail = false;
    rerender(createElement('div', null, createElement('nav', null, 'nav stays'), view()));
    act(() => fireEvent.click(screen.getByText('Try again')));
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
    error.mockRestore();
  });
});

describe('spotPlanOrder', () => {
  it('an empty, zero or unfinished size shows every figure as -- instead of throwing', () => {
    for (const size of ['', '0', '0.', '.', '000', '0.000000']) {
      const { display, issue } = spotPlanOrder(size, MARK);
      expect({ size, issue }).toEqual({ size, issue: 'incomplete-size' });
      expect(Object.values(display).every((v) => v === '--')).toBe(true);
    }
  });

  it('a size below what has already filled, or no mark price yet, shows -- and says why', () => {
    expect(spotPlanOrder('0.1', MARK).issue).toBe('below-filled');
    expect(spotPlanOrder('0.2', undefined).issue).toBe('no-price');
    expect(spotPlanOrder('0.2', '0').issue).toBe('no-price');
  });

  it('a complete size gets the maths figures', () => {
    expect(spotPlanOrder('0.5', MARK)).toMatchObject({ issue: undefined, display: { filledRatio: '30.00%', cost: '9300.00' } });
  });

  it('never throws for any text the amount input can produce, with or without a price', () => {
    const drawn = inputClasses<{ size: string; issue: unknown }>({
      'figures shown': ({ issue }) => issue === undefined,
      'an unfinished size': ({ size }) => size === '' || size.endsWith('.'),
      'a size below the plan': ({ size }) => isCompleteSize(size) && Number(size) < Number(PLAN_FILLED),
      'a complete size without the price': ({ size, issue }) =>
        issue !== undefined && isCompleteSize(size) && Number(size) >= Number(PLAN_FILLED),
    });
    fc.assert(
      // Any size the input can hold, and small ones around the plan's filled amount.
      fc.property(
        fc.oneof(fc.stringMatching(/^[0-9]{0,8}(\.[0-9]{0,6})?$/), fc.stringMatching(/^0\.[0-9]{1,4}$/)),
        fc.constantFrom(MARK, '0', undefined),
        (size, mark) => {
          const { display, issue } = spotPlanOrder(size, mark);
          drawn.see({ size, issue });
          expect(issue === undefined).toBe(isCompleteSize(size) && Number(size) >= Number(PLAN_FILLED) && mark === MARK);
          if (issue !== undefined) expect(display.yield).toBe('--');
        },
      ),
      { numRuns: 500 },
    );
    drawn.expectEachDrawn(5);
  });
});

/** The English messages of the demo forms' rules. */
const en = textsFor('en').forms;

describe('demo forms', () => {
  it('login needs an e-mail and a password', () => {
    expect(loginErrors({ loginName: 'trader@example.com', pwd: '' }, en)).toEqual({ pwd: 'Enter your password.' });
    expect(loginErrors({ loginName: ' ', pwd: 'x' }, en)).toEqual({ loginName: 'Enter your e-mail.' });
    expect(loginErrors({ loginName: 'trader', pwd: 'x' }, en)).toEqual({ loginName: 'Enter an e-mail address like name@example.com.' });
    expect(isValid(loginErrors({ loginName: 'trader@example.com', pwd: 'x' }, en))).toBe(true);
  });

  it('registration refuses an empty or malformed code, a short password and a repeat that does not match', () => {
    const ok = { email: 'new@example.com', emailCode: '123456', pwd: 'long-enough', rePwd: 'long-enough' };
    expect(registerErrors(ok, en)).toEqual({});
    expect(registerErrors({ ...ok, emailCode: '' }, en)).toEqual({ emailCode: 'Enter the code we e-mailed you.' });
    expect(registerErrors({ ...ok, emailCode: '12ab56' }, en)).toEqual({ emailCode: 'The code is 6 digits.' });
    expect(registerErrors({ ...ok, rePwd: 'long-enougH' }, en)).toEqual({ rePwd: 'The passwords do not match.' });
    expect(registerErrors({ ...ok, pwd: '', rePwd: '' }, en)).toEqual({ pwd: 'Choose a password.', rePwd: 'Repeat the password.' });
    expect(registerErrors({ ...ok, pwd: 'short', rePwd: 'short' }, en)).toEqual({ pwd: 'Use at least 8 characters.' });
  });

  it('the rules answer in the language of the texts they are given', () => {
    const ar = textsFor('ar').forms;
    expect(loginErrors({ loginName: 'trader', pwd: '' }, ar)).toEqual({ loginName: ar.emailShape, pwd: 'أدخل كلمة المرور.' });
    expect(registerErrors({ email: 'new@example.com', emailCode: '12', pwd: 'long-enough', rePwd: 'long-enougH' }, ar)).toEqual({
      emailCode: 'يتكوّن الرمز من 6 أرقام.',
      rePwd: 'كلمتا المرور غير متطابقتين.',
    });
    // The example address stays one left-to-right run inside the Arabic sentence, which ends with its own full stop.
    expect(ar.emailShape).toMatch(/\u2066name@example\.com\u2069\.$/u);
  });
});

describe('e-mail code digits', () => {
  it('a code typed in full-width or Arabic-Indic digits is the same six-digit code', () => {
    const ok = { email: 'a@b.co', emailCode: '１２３４５６', pwd: 'long-enough', rePwd: 'long-enough' };
    expect(registerErrors(ok, en)).toEqual({});
    expect(registerErrors({ ...ok, emailCode: '٠١٢٣٤٥' }, en)).toEqual({});
    expect(registerErrors({ ...ok, emailCode: '۹۸۷۶۵۴' }, en)).toEqual({});
    expect(registerErrors({ ...ok, emailCode: '１２３４５' }, en)).toEqual({ emailCode: 'The code is 6 digits.' });
    expect(asciiDigits('１２３４５６')).toBe('123456');
    expect(asciiDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ ０１２３４５６７８９')).toBe('0123456789 0123456789 0123456789');
    expect(asciiDigits('ab12')).toBe('ab12');
  });
});

describe('loginEncryptionOutlook (spec §S5)', () => {
  const pair = { publicKey: 'pk', privateKeyPem: 'pem', algorithm: 'rsa1024' as const };
  const ready = { config: { clientOpen: true }, serverKey: { der: new Uint8Array(1) }, clientKey: pair };
  const security = (snapshot: object, token: string | undefined, bound: boolean) => ({
    snapshot: () => snapshot as never,
    token: () => token,
    keys: { boundTo: (t: string) => (bound && t === token ? pair : undefined) } as never,
  });

  it('encrypted when signing is ready and no session exists', () => {
    expect(loginEncryptionOutlook(security(ready, undefined, false))).toEqual({ encrypted: true });
    // A token without its bound key pair (another device's session) still encrypts.
    expect(loginEncryptionOutlook(security(ready, 'tok', false))).toEqual({ encrypted: true });
  });

  it('in clear, with the reason, when a session token and its key pair exist, when client-open is off, or before signing init', () => {
    expect(loginEncryptionOutlook(security(ready, 'tok', true))).toEqual({ encrypted: false, reason: 'session-exists' });
    expect(loginEncryptionOutlook(security({ ...ready, config: { clientOpen: false } }, undefined, false))).toMatchObject({
      encrypted: false,
      reason: 'client-open-off',
    });
    expect(
      loginEncryptionOutlook(security({ config: undefined, serverKey: undefined, clientKey: undefined }, undefined, false)),
    ).toMatchObject({ encrypted: false, reason: 'signing-not-ready' });
  });
});

describe('labels', () => {
  it('a skipped command names its reason and what it means', () => {
    expect(skippedText({ reason: 'not-in-app', minimumVersion: '1.2.51', appVersion: null })).toBe(
      'skipped: not-in-app (outside the app nothing is sent)',
    );
    expect(skippedText({ reason: 'below-minimum-version', minimumVersion: '2.9.0', appVersion: '2.8.0' })).toBe(
      'skipped: below-minimum-version (app 2.8.0 is older than 2.9.0)',
    );
    expect(skippedText({ reason: 'not-on-android', minimumVersion: '2.8.0', appVersion: '2.8.0' })).toBe(
      'skipped: not-on-android (the Android app has no such command)',
    );
  });

  it('every page has its own document title', () => {
    for (const locale of ['en', 'ar']) {
      const titles = PAGES.map((page) => documentTitle(page, textsFor(locale).pages));
      expect(new Set(titles).size).toBe(PAGES.length);
    }
    const futures = PAGES.find((p) => p.id === 'futures')!;
    expect(documentTitle(futures, textsFor('en').pages)).toBe('Futures · exkit example exchange');
    expect(documentTitle(futures, textsFor('ar').pages)).toBe('العقود الآجلة · منصة exkit التجريبية');
  });
});
