import { LANGUAGES, defaultCurrency, findLanguage, localizePath, messagesFor, textDirection } from 'exkit';
import { usePreferences } from 'exkit/react';
import { uiLanguage } from '../i18n/catalogue.js';
import { UI_LANGUAGES } from '../i18n/text-types.js';
import { useText } from '../i18n/use-text.js';

/**
 * The site locale: the select offers the example's interface languages only, so the page never claims a
 * language it does not speak; choosing one moves the path prefix, the request language, the currency default
 * and the direction. A locale reached another way (a shared /ja/… link) is named as such, with the interface
 * in English. Below, every locale the library knows, with what it sets.
 */
export function LocalePanel() {
  const { preferences, setPreferences } = usePreferences();
  const t = useText().localePanel;
  const messages = messagesFor(preferences.language);
  const current = preferences.language;
  const spoken = (UI_LANGUAGES as readonly string[]).includes(current);
  return (
    <section className="card wide">
      <h2>{t.heading}</h2>
      <label className="field">
        <span>{t.select}</span>
        <select
          data-testid="locale"
          value={current}
          onChange={(e) => {
            const language = e.target.value;
            // The shell moves the URL under the new locale prefix (it follows every preferences change).
            setPreferences({ language, unit: defaultCurrency(language) });
          }}
        >
          {spoken ? null : (
            <option value={current} disabled>
              {t.otherLocale(findLanguage(current)?.languageName ?? current, current)}
            </option>
          )}
          {UI_LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language} dir={textDirection(language)}>
              {findLanguage(language)?.languageName ?? language}
            </option>
          ))}
        </select>
      </label>
      <dl className="facts">
        <dt>{t.siteLocale}</dt>
        <dd data-testid="site-locale" data-ui-language={uiLanguage(current)}>
          <code>{current}</code>
        </dd>
        <dt>{t.direction}</dt>
        <dd>
          <code data-testid="direction">{preferences.direction}</code>
        </dd>
        <dt>{t.loginExpired}</dt>
        <dd>{messages.expired}</dd>
        <dt>{t.timeout}</dt>
        <dd>{messages.timeout}</dd>
      </dl>
      <details>
        <summary>{t.catalogue(LANGUAGES.length)}</summary>
        <div className="locale-catalogue-scroll">
          <table className="table locale-catalogue" data-testid="locale-catalogue">
            <thead>
              <tr>
                <th scope="col">{t.columns.locale}</th>
                <th scope="col">{t.columns.name}</th>
                <th scope="col">{t.columns.prefix}</th>
                <th scope="col">{t.columns.languageKey}</th>
                <th scope="col">{t.columns.currency}</th>
                <th scope="col">{t.columns.direction}</th>
              </tr>
            </thead>
            <tbody>
              {LANGUAGES.map((l) => {
                const prefix = localizePath('/', l.locale);
                return (
                  <tr key={l.locale} data-locale={l.locale}>
                    <td>
                      <code>{l.locale}</code>
                    </td>
                    <td>
                      <bdi>{l.languageName}</bdi>
                    </td>
                    <td>{prefix === '/' ? t.noPrefix : <code dir="ltr">{prefix}</code>}</td>
                    <td>
                      <code>{l.languageKey}</code>
                    </td>
                    <td>
                      <code>{defaultCurrency(l.locale)}</code>
                    </td>
                    <td>
                      <code>{textDirection(l.locale)}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
