import type { ReactNode } from 'react';
import { BRIDGE_COMMANDS } from 'exkit';
import type { BridgeCommand } from 'exkit';
import { useBridge } from 'exkit/react';
import { ActionButton } from './action-button.js';

/** Where a minimum version comes from, as the legend above the table explains it. */
export const VERSION_SOURCE = { seed: 'seed', chosen: 'our choice' } as const;

/** One bridge command: its minimum app version, whether this app runs it, a send button and the last result. */
export function BridgeCommandRow({ command, onSend, children }: { command: BridgeCommand; onSend: () => unknown; children?: ReactNode }) {
  const bridge = useBridge();
  const supported = bridge.supports(command);
  const source = BRIDGE_COMMANDS[command].source;
  return (
    <tr data-command={command} data-supported={supported}>
      <td data-label="command">
        <code>{command}</code>
      </td>
      <td data-label="min version">
        <bdi dir="ltr">{bridge.minVersions[command]}</bdi>{' '}
        <span
          className="muted"
          title={
            source === 'seed'
              ? 'The minimum version the specification gives'
              : 'The specification names no version: the lowest release we chose'
          }
        >
          ({VERSION_SOURCE[source]})
        </span>
      </td>
      <td data-label="here">
        {supported ? (
          <span className="ok">runs</span>
        ) : (
          <span className="off">
            {!bridge.inApp
              ? 'not in app'
              : BRIDGE_COMMANDS[command].platforms === 'not-android' && bridge.os === 'android'
                ? 'not on Android'
                : 'app too old'}
          </span>
        )}
      </td>
      <td data-label="try it">
        <ActionButton aria-label={`Send ${command}`} action={onSend}>
          Send
        </ActionButton>
      </td>
      <td data-label="result" className="result">
        {children}
      </td>
    </tr>
  );
}
