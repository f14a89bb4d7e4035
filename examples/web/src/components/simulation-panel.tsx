import { SIMULATION_ALLOWED_PATHS } from 'exkit';
import { useSimulationMode } from 'exkit/react';
import { usePreferences } from 'exkit/react';
import { ActionButton } from './action-button.js';

/** Turns paper trading on (lands on the simulation spot page) or off (reloads); lists the allowed pages. */
export function SimulationPanel() {
  const { on, turnOn, turnOff } = useSimulationMode();
  const { preferences } = usePreferences();
  return (
    <section className="card">
      <h2>Simulation trading</h2>
      <p data-testid="simulation-state">{on ? 'On: pages off the allowed list redirect to the simulation spot page.' : 'Off.'}</p>
      {on ? (
        <ActionButton data-testid="simulation-off" action={() => turnOff()}>
          Back to live trading
        </ActionButton>
      ) : (
        <ActionButton data-testid="simulation-on" action={() => turnOn(preferences.language)}>
          Try simulation trading
        </ActionButton>
      )}
      <details>
        <summary>{SIMULATION_ALLOWED_PATHS.length} allowed paths</summary>
        <ul className="list compact">
          {SIMULATION_ALLOWED_PATHS.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
