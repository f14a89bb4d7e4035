import { useState } from 'react';
import type { MessageBoxResult } from 'exkit/machines';
import { useMessageBox, usePreferences } from 'exkit/react';
import { boxButtons } from '../services/ui-text.js';
import { ActionButton } from './action-button.js';

/** Queues an alert, a confirm and a validated prompt; they appear one after another. */
export function MessageBoxDemo() {
  const box = useMessageBox();
  const { preferences } = usePreferences();
  const buttons = boxButtons(preferences.language);
  const [results, setResults] = useState<string[]>([]);
  const record = (name: string) => (r: MessageBoxResult) =>
    setResults((all) => [...all, `${name}: ${r.action}${r.value === undefined ? '' : ` ${r.value}`}`]);
  // In flight until all three are answered: the button loads meanwhile, so a second click queues nothing.
  const queueThree = () =>
    Promise.all([
      box.alert('Withdrawals pause for maintenance at 02:00 UTC.', { title: 'Notice', ...buttons }).then(record('alert')),
      box.confirm('Close all BTCUSDT positions at market?', { title: 'Confirm', ...buttons }).then(record('confirm')),
      box
        .prompt('Anti-phishing code (4 to 8 letters or digits):', {
          title: 'Prompt',
          ...buttons,
          inputPattern: /^[A-Za-z0-9]{4,8}$/,
          inputErrorMessage: 'Use 4 to 8 letters or digits',
          maxLength: 8,
        })
        .then(record('prompt')),
    ]);
  return (
    <section className="card">
      <h2>Message boxes</h2>
      <ActionButton data-testid="queue-boxes" action={queueThree}>
        Queue alert, confirm and prompt
      </ActionButton>
      <ol className="log" data-testid="box-results">
        {results.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ol>
    </section>
  );
}
