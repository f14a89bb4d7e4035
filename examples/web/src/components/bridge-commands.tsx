import { useState } from 'react';
import { BRIDGE_COMMAND_NAMES } from 'exkit';
import type { BridgeCommand } from 'exkit';
import { useApp } from '../app-context.js';
import { describeError } from '../services/account.js';
import { skippedText } from '../services/in-app.js';
import { AppRequestRow } from './app-request-row.js';
import { BridgeCommandRow } from './bridge-command-row.js';

/** Every bridge command with its minimum app version, whether this app runs it, and its last result. */
export function BridgeCommands() {
  const { inApp } = useApp();
  const [results, setResults] = useState<Partial<Record<BridgeCommand, string>>>({});
  const send = (command: BridgeCommand) => {
    setResults((r) => ({ ...r, [command]: 'pending…' }));
    return inApp.send(command).then(
      (result) =>
        setResults((r) => ({
          ...r,
          [command]:
            result.status === 'answered'
              ? `answered ${JSON.stringify(result.data ?? null)}`
              : result.status === 'skipped'
                ? skippedText(result)
                : result.status,
        })),
      (error: unknown) => setResults((r) => ({ ...r, [command]: describeError(error) })),
    );
  };
  return (
    <section className="card wide">
      <h2>Bridge commands</h2>
      <p className="muted">
        requestAction runs through the bridge-request machine (useBridgeRequest); the others go through the bridge directly. Each command is
        sent with a sample payload. Minimum versions marked <em>(seed)</em> come from the specification;
        <em> (our choice)</em> marks commands it gives no version for, where we chose the lowest release.
      </p>
      <table className="table stack" data-testid="bridge-commands">
        <thead>
          <tr>
            <th>command</th>
            <th>min version</th>
            <th>here</th>
            <th>try it</th>
            <th>result</th>
          </tr>
        </thead>
        <tbody>
          {BRIDGE_COMMAND_NAMES.map((command) =>
            command === 'requestAction' ? (
              <AppRequestRow key={command} />
            ) : (
              <BridgeCommandRow key={command} command={command} onSend={() => send(command)}>
                {results[command] ?? ''}
              </BridgeCommandRow>
            ),
          )}
        </tbody>
      </table>
    </section>
  );
}
