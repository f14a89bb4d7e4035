import type { ReactNode } from 'react';
import { BRIDGE_COMMANDS } from 'exkit';
import type { BridgeCommand } from 'exkit';
import { useBridge } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** One bridge command: its minimum app version, whether this app runs it, a send button and the last result. */
export function BridgeCommandRow({ command, onSend, children }: { command: BridgeCommand; onSend: () => unknown; children?: ReactNode }) {
  const bridge = useBridge();
  const supported = bridge.supports(command);
  const source = BRIDGE_COMMANDS[command].source;
  const text = useText();
  const t = text.bridgeCommandRow;
  const columns = text.bridgeCommands.columns;
  return (
    <tr data-command={command} data-supported={supported}>
      <td data-label={columns.command}>
        <code>{command}</code>
      </td>
      <td data-label={columns.minVersion}>
        <bdi dir="ltr">{bridge.minVersions[command]}</bdi>{' '}
        <span className="muted" title={t.sourceTitle[source]}>
          {t.source[source]}
        </span>
      </td>
      <td data-label={columns.here}>
        {supported ? (
          <span className="ok">{t.runs}</span>
        ) : (
          <span className="off">
            {!bridge.inApp
              ? t.notInApp
              : BRIDGE_COMMANDS[command].platforms === 'not-android' && bridge.os === 'android'
                ? t.notOnAndroid
                : t.tooOld}
          </span>
        )}
      </td>
      <td data-label={columns.tryIt}>
        <ActionButton aria-label={t.sendLabel(command)} action={onSend}>
          {t.send}
        </ActionButton>
      </td>
      <td data-label={columns.result} className="result">
        {children}
      </td>
    </tr>
  );
}
