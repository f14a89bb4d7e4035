import { SIMULATION_ALLOWED_PATHS } from 'exkit';
import { usePreferences, useSimulationMode } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** Turns paper trading on (lands on the simulation spot page) or off (reloads); lists the allowed pages. */
export function SimulationPanel() {
  const { on, turnOn, turnOff } = useSimulationMode();
  const { preferences } = usePreferences();
  const t = useText().simulationPanel;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <p data-testid="simulation-state">{on ? t.on : t.off}</p>
      {on ? (
        <ActionButton data-testid="simulation-off" action={() => turnOff()}>
          {t.backToLive}
        </ActionButton>
      ) : (
        <ActionButton data-testid="simulation-on" action={() => turnOn(preferences.language)}>
          {t.tryIt}
        </ActionButton>
      )}
      <details>
        <summary>{t.allowedPaths(SIMULATION_ALLOWED_PATHS.length)}</summary>
        <ul className="list compact">
          {SIMULATION_ALLOWED_PATHS.map((p) => (
            <li key={p}>
              <code dir="ltr">{p}</code>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
