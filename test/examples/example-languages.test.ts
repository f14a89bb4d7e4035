// @vitest-environment jsdom
// The example's interface languages: the language select offers only the languages the interface is written
// in (English and Arabic) and names a site locale reached another way without claiming to speak it; the panel
// still lists every locale the library knows; a server call's outcome reads in the visitor's language, with
// codes and the server's own words isolated so right-to-left text keeps them whole. The example imports
// `exkit` by name, which resolves to the built dist/ (npm test builds it first).
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES, createPreferences, defaultCurrency, memoryPlatform } from 'exkit';
import type { Preferences } from 'exkit';
import { ExkitProvider } from 'exkit/react';
import { LocalePanel } from '../../examples/web/src/components/locale-panel.js';
import { OutcomeView } from '../../examples/web/src/components/outcome-view.js';
import type { AccountOutcome } from '../../examples/web/src/services/account.js';

afterEach(cleanup);

function withPreferences(language: string, children: ReactNode): Preferences {
  const platform = memoryPlatform({ dom: { window, document } });
  const preferences = createPreferences(platform);
  preferences.set({ language });
  render(createElement(ExkitProvider, { value: { platform, preferences } }, children));
  return preferences;
}

const optionsOf = (select: HTMLElement) =>
  [...select.querySelectorAll('option')].map((o) => ({ value: o.value, text: o.textContent, disabled: o.disabled }));

describe('LocalePanel', () => {
  it('the language select offers the interface languages, English and Arabic, and choosing one sets its currency', () => {
    const preferences = withPreferences('en', createElement(LocalePanel));
    const select = screen.getByTestId('locale') as HTMLSelectElement;
    expect(optionsOf(select)).toEqual([
      { value: 'en', text: 'English', disabled: false },
      { value: 'ar', text: 'العربية', disabled: false },
    ]);
    act(() => {
      fireEvent.change(select, { target: { value: 'ar' } });
    });
    expect(preferences.get()).toMatchObject({ language: 'ar', unit: defaultCurrency('ar'), direction: 'rtl' });
    expect(screen.getByRole('heading').textContent).toBe('اللغة');
    expect(screen.getByTestId('direction').textContent).toBe('rtl');
  });

  it('a site locale the interface does not speak is named as such, not offered as a language of the page', () => {
    const preferences = withPreferences('ja', createElement(LocalePanel));
    const select = screen.getByTestId('locale') as HTMLSelectElement;
    expect(select.value).toBe('ja');
    expect(optionsOf(select)).toEqual([
      { value: 'ja', text: '日本語 (ja): interface in English', disabled: true },
      { value: 'en', text: 'English', disabled: false },
      { value: 'ar', text: 'العربية', disabled: false },
    ]);
    act(() => {
      fireEvent.change(select, { target: { value: 'en' } });
    });
    expect(preferences.get().language).toBe('en');
  });

  it('the catalogue table lists every locale the library knows: prefix, request language key, currency, direction', () => {
    withPreferences('ar', createElement(LocalePanel));
    const rows = [...screen.getByTestId('locale-catalogue').querySelectorAll('tbody tr')];
    expect(rows.map((row) => row.getAttribute('data-locale'))).toEqual(LANGUAGES.map((l) => l.locale));
    const cells = (locale: string) =>
      [...rows.find((row) => row.getAttribute('data-locale') === locale)!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells('ar')).toEqual(['ar', 'العربية', '/ar', 'ar_SA', defaultCurrency('ar'), 'rtl']);
    expect(cells('zh-CN')).toEqual(['zh-CN', '简体中文', '/zh-CN', 'zh_CN', defaultCurrency('zh-CN'), 'ltr']);
    // English has no prefix; the page says so in its own language.
    expect(cells('en')).toEqual(['en', 'English', 'بلا بادئة', 'en_US', defaultCurrency('en'), 'ltr']);
    expect(
      within(screen.getByTestId('locale-catalogue'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['رمز اللغة', 'الاسم', 'بادئة المسار', 'مفتاح لغة الطلب', 'العملة الافتراضية', 'الاتجاه']);
  });
});

describe('OutcomeView', () => {
  const LRI = '\u2066';
  const FSI = '\u2068';
  const PDI = '\u2069';
  const refused: AccountOutcome = { status: 'done', envelope: { code: '40001', msg: 'Invalid password', data: null } as never };
  const failed: AccountOutcome = {
    status: 'failed',
    error: Object.assign(new Error('خطأ في الشبكة. حاول مرة أخرى لاحقًا.'), { name: 'HttpNetworkError', code: 'HTTP_NETWORK' }),
  };
  const textOf = (language: string, outcome: AccountOutcome, label?: string) => {
    withPreferences(language, createElement(OutcomeView, { outcome, testId: 'outcome', ...(label ? { label } : {}) }));
    const text = screen.getByTestId('outcome').querySelector('p')!.textContent;
    cleanup();
    return text;
  };

  it('a refusal names the server’s words and code, in English and in Arabic with both isolated', () => {
    expect(textOf('en', refused)).toBe('Refused by the server: Invalid password (code 40001).');
    expect(textOf('ar', refused)).toBe(`رفضه الخادم: ${FSI}Invalid password${PDI} (الرمز ${LRI}40001${PDI}).`);
  });

  it('a success, a closed captcha and a failure read in the visitor’s language; the error’s class and code stay as data', () => {
    expect(textOf('en', { status: 'done', envelope: { code: '00000', msg: 'success', data: null } as never }, 'Read')).toBe(
      'Read: Succeeded.',
    );
    expect(textOf('ar', { status: 'done', envelope: { code: '00000', msg: 'success', data: null } as never })).toBe('تمّ بنجاح.');
    expect(textOf('ar', { status: 'captcha-closed' })).toBe('لم يُرسَل: أُغلق اختبار التحقق قبل إتمامه.');
    expect(textOf('en', failed)).toBe('Failed: خطأ في الشبكة. حاول مرة أخرى لاحقًا. HttpNetworkError · HTTP_NETWORK');
    withPreferences('ar', createElement(OutcomeView, { outcome: failed, testId: 'outcome' }));
    const code = screen.getByTestId('outcome').querySelector('bdi[dir="ltr"] code')!;
    expect(code.textContent).toBe('HttpNetworkError · HTTP_NETWORK');
    expect(screen.getByTestId('outcome').querySelector('p')!.textContent!.startsWith('فشل: ')).toBe(true);
  });
});
