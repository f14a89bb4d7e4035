import { CURRENCIES, changeTheme, revealOriginFromEvent, rootThemePort } from 'exkit';
import { useExkit, usePreferences } from 'exkit/react';

/** The preferences cookie: unit and theme (the theme change reveals in a circle from the click). */
export function PreferencesPanel() {
  const { preferences, setPreferences, resetPreferences } = usePreferences();
  const { platform } = useExkit();
  const nextTheme = preferences.theme === 'white' ? 'black' : 'white';
  return (
    <section className="card">
      <h2>Preferences</h2>
      <label className="field">
        <span>Unit</span>
        <select data-testid="unit" value={preferences.unit} onChange={(e) => setPreferences({ unit: e.target.value })}>
          {CURRENCIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.symbol}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        data-testid="theme-toggle"
        onClick={(event) => {
          setPreferences({ theme: nextTheme });
          if (platform.dom) void changeTheme(platform, rootThemePort(platform.dom), nextTheme, { origin: revealOriginFromEvent(event) });
        }}
      >
        Switch to the {nextTheme === 'white' ? 'light' : 'dark'} theme
      </button>
      <button type="button" onClick={() => resetPreferences()}>
        Reset preferences
      </button>
      <pre className="json" data-testid="preferences">{JSON.stringify(preferences, null, 2)}</pre>
    </section>
  );
}
