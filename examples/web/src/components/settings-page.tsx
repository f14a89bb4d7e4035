import { LocalePanel } from './locale-panel.js';
import { PreferencesPanel } from './preferences-panel.js';
import { SimulationPanel } from './simulation-panel.js';

/** Simulation-trading mode and the preferences cookie (language, unit, theme). */
export function SettingsPage() {
  return (
    <div className="grid">
      <SimulationPanel />
      <PreferencesPanel />
      <LocalePanel />
    </div>
  );
}
