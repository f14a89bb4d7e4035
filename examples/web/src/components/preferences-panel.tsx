import { CURRENCIES, changeTheme, revealOriginFromEvent, rootThemePort } from 'exkit';
import { useExkit, usePreferences } from 'exkit/react';
import { ltr } from '../i18n/isolate.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/**
 * The preferences cookie: display currency and theme (the theme change reveals in a circle from the click).
 * The shell makes the page follow every change, a reset included: theme on <html>, locale in the URL.
 */
export function PreferencesPanel() {
  const { preferences, setPreferences, resetPreferences } = usePreferences();
  const { platform } = useExkit();
  const nextTheme = preferences.theme === 'white' ? 'black' : 'white';
  const currency = CURRENCIES.find((c) => c.code === preferences.unit);
  const t = useText().preferencesPanel;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <label className="field">
        <span>{t.currency}</span>
        <select data-testid="unit" value={preferences.unit} onChange={(e) => setPreferences({ unit: e.target.value })}>
          {CURRENCIES.map((c) => (
            <option key={c.code} value={c.code}>
              {ltr(`${c.code} ${c.symbol}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted" data-testid="unit-effect">
        {currency ? t.unitEffect(currency.code, currency.symbol, currency.valueKey) : t.unitOnly(preferences.unit)}
      </p>
      <div className="buttons">
        <ActionButton
          data-testid="theme-toggle"
          action={(event) => {
            // The reveal applies the theme itself; the cookie follows once it has.
            const done = () => setPreferences({ theme: nextTheme });
            if (!platform.dom) return done();
            const origin = event ? revealOriginFromEvent(event) : undefined;
            return changeTheme(platform, rootThemePort(platform.dom), nextTheme, origin ? { origin } : {}).then(done, done);
          }}
        >
          {nextTheme === 'white' ? t.lightTheme : t.darkTheme}
        </ActionButton>
        <ActionButton data-testid="preferences-reset" action={() => resetPreferences()}>
          {t.reset}
        </ActionButton>
      </div>
      <details>
        <summary>{t.stored}</summary>
        <pre className="json" dir="ltr" data-testid="preferences">
          {JSON.stringify(preferences, null, 2)}
        </pre>
      </details>
    </section>
  );
}
