import { LANGUAGES, defaultCurrency, messagesFor } from 'exkit';
import { usePreferences } from 'exkit/react';

/** Switches the site locale: the path prefix, the request language, the currency default and the direction. */
export function LocalePanel() {
  const { preferences, setPreferences } = usePreferences();
  const messages = messagesFor(preferences.language);
  return (
    <section className="card">
      <h2>Language</h2>
      <label className="field">
        <span>Locale</span>
        <select
          data-testid="locale"
          value={preferences.language}
          onChange={(e) => {
            const language = e.target.value;
            // The shell moves the URL under the new locale prefix (it follows every preferences change).
            setPreferences({ language, unit: defaultCurrency(language) });
          }}
        >
          {LANGUAGES.map((l) => (
            <option key={l.locale} value={l.locale}>
              {l.languageName} ({l.locale})
            </option>
          ))}
        </select>
      </label>
      <dl className="facts">
        <dt>direction</dt>
        <dd data-testid="direction">{preferences.direction}</dd>
        <dt>login expired</dt>
        <dd>{messages.expired}</dd>
        <dt>timeout</dt>
        <dd>{messages.timeout}</dd>
      </dl>
    </section>
  );
}
