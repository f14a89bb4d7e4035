import type { ReactNode } from 'react';
import { BRIDGE_COMMANDS } from 'exkit';
import type { BridgeCommand } from 'exkit';
import { useBridge } from 'exkit/react';

/** One bridge command: its minimum app version, whether this app runs it, a send button and the last result. */
export function BridgeCommandRow({ command, onSend, children }: { command: BridgeCommand; onSend: () => void; children?: ReactNode }) {
  const bridge = useBridge();
  const supported = bridge.supports(command);
  return (
    <tr data-command={command} data-supported={supported}>
      <td>
        <code>{command}</code>
      </td>
      <td>
        {bridge.minVersions[command]} <span className="muted">({BRIDGE_COMMANDS[command].source})</span>
      </td>
      <td>{supported ? <span className="ok">runs</span> : <span className="off">{!bridge.inApp ? 'not in app' : BRIDGE_COMMANDS[command].platforms === 'not-android' && bridge.os === 'android' ? 'not on Android' : 'app too old'}</span>}</td>
      <td>
        <button type="button" onClick={onSend}>
          send
        </button>
      </td>
      <td className="result">{children}</td>
    </tr>
  );
}
