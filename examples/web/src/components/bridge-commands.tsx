import { useState } from 'react';
import { BRIDGE_COMMAND_NAMES } from 'exkit';
import type { BridgeCommand, CommandResult } from 'exkit';
import { useApp } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { describeError } from '../services/account.js';
import { skippedText } from '../services/in-app.js';
import { AppRequestRow } from './app-request-row.js';
import { BridgeCommandRow } from './bridge-command-row.js';
import { Phrase } from './figure.js';

/** A command's last result, kept as what happened so it reads in the language shown now. */
type Outcome = { kind: 'pending' } | { kind: 'result'; result: CommandResult<unknown> } | { kind: 'error'; error: unknown };

/** Every bridge command with its minimum app version, whether this app runs it, and its last result. */
export function BridgeCommands() {
  const { inApp } = useApp();
  const text = useText();
  const t = text.bridgeCommands;
  const [outcomes, setOutcomes] = useState<Partial<Record<BridgeCommand, Outcome>>>({});
  const send = (command: BridgeCommand) => {
    setOutcomes((r) => ({ ...r, [command]: { kind: 'pending' } }));
    return inApp.send(command, text.commandSamples).then(
      (result) => setOutcomes((r) => ({ ...r, [command]: { kind: 'result', result } })),
      (error: unknown) => setOutcomes((r) => ({ ...r, [command]: { kind: 'error', error } })),
    );
  };
  const show = (outcome: Outcome | undefined) => {
    if (outcome === undefined) return '';
    if (outcome.kind === 'pending') return t.pending;
    // An error's name, code and message are the library's (data): an isolated island.
    if (outcome.kind === 'error') return <bdi dir="ltr">{describeError(outcome.error)}</bdi>;
    const { result } = outcome;
    if (result.status === 'answered')
      return <Phrase text={t.answered} values={[<bdi dir="ltr">{JSON.stringify(result.data ?? null)}</bdi>]} />;
    if (result.status === 'skipped') return skippedText(result, text.inApp);
    return t.status[result.status];
  };
  const marks = text.bridgeCommandRow.source;
  return (
    <section className="card wide">
      <h2>{t.heading}</h2>
      <p className="muted">
        <Phrase
          text={t.legend}
          values={[<code>requestAction</code>, <code>useBridgeRequest</code>, <em>{marks.seed}</em>, <em>{marks.chosen}</em>]}
        />
      </p>
      <table className="table stack" data-testid="bridge-commands">
        <thead>
          <tr>
            <th>{t.columns.command}</th>
            <th>{t.columns.minVersion}</th>
            <th>{t.columns.here}</th>
            <th>{t.columns.tryIt}</th>
            <th>{t.columns.result}</th>
          </tr>
        </thead>
        <tbody>
          {BRIDGE_COMMAND_NAMES.map((command) =>
            command === 'requestAction' ? (
              <AppRequestRow key={command} />
            ) : (
              <BridgeCommandRow key={command} command={command} onSend={() => send(command)}>
                {show(outcomes[command])}
              </BridgeCommandRow>
            ),
          )}
        </tbody>
      </table>
    </section>
  );
}
