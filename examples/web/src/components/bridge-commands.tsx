import { useState } from 'react';
import { BRIDGE_COMMAND_NAMES, BRIDGE_COMMANDS } from 'exkit';
import type { BridgeCommand } from 'exkit';
import { useBridge } from 'exkit/react';
import { useApp } from '../app-context.js';
import { describeError } from '../services/account.js';

/** Every bridge command with its minimum app version, whether this app runs it, and its last result. */
export function BridgeCommands() {
  const bridge = useBridge();
  const { inApp } = useApp();
  const [results, setResults] = useState<Partial<Record<BridgeCommand, string>>>({});
  const send = (command: BridgeCommand) => {
    setResults((r) => ({ ...r, [command]: 'pending…' }));
    inApp.send(command).then(
      (result) => setResults((r) => ({ ...r, [command]: result.status === 'answered' ? `answered ${JSON.stringify(result.data ?? null)}` : result.status === 'skipped' ? `skipped: ${result.reason}` : result.status })),
      (error: unknown) => setResults((r) => ({ ...r, [command]: describeError(error) })),
    );
  };
  return (
    <section className="card wide">
      <h2>Bridge commands</h2>
      <table className="table" data-testid="bridge-commands">
        <thead>
          <tr>
            <th>command</th>
            <th>min version</th>
            <th>here</th>
            <th />
            <th>result</th>
          </tr>
        </thead>
        <tbody>
          {BRIDGE_COMMAND_NAMES.map((command) => {
            const supported = bridge.supports(command);
            return (
              <tr key={command} data-command={command} data-supported={supported}>
                <td>
                  <code>{command}</code>
                </td>
                <td>
                  {bridge.minVersions[command]} <span className="muted">({BRIDGE_COMMANDS[command].source})</span>
                </td>
                <td>{supported ? <span className="ok">runs</span> : <span className="off">{bridge.inApp ? 'app too old' : 'not in app'}</span>}</td>
                <td>
                  <button type="button" onClick={() => send(command)}>
                    send
                  </button>
                </td>
                <td className="result">{results[command] ?? ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
