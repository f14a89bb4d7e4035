import { useState } from 'react';
import type { MessageBoxResult } from 'exkit/machines';
import { useMessageBox } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';
import { Phrase } from './figure.js';

type BoxKind = 'alert' | 'confirm' | 'prompt';
/** One answered box, kept as what happened so the list reads in the language shown now. */
interface Answer {
  box: BoxKind;
  result: MessageBoxResult;
}

/** Queues an alert, a confirm and a validated prompt; they appear one after another. */
export function MessageBoxDemo() {
  const box = useMessageBox();
  const t = useText().messageBoxDemo;
  const buttons = { confirmText: t.ok, cancelText: t.cancel };
  const [results, setResults] = useState<Answer[]>([]);
  const record = (box: BoxKind) => (result: MessageBoxResult) => setResults((all) => [...all, { box, result }]);
  // In flight until all three are answered: the button loads meanwhile, so a second click queues nothing.
  const queueThree = () =>
    Promise.all([
      box.alert(t.alertText, { title: t.alertTitle, ...buttons }).then(record('alert')),
      box.confirm(t.confirmText, { title: t.confirmTitle, ...buttons }).then(record('confirm')),
      box
        .prompt(t.promptText, {
          title: t.promptTitle,
          ...buttons,
          inputPattern: /^[A-Za-z0-9]{4,8}$/,
          inputErrorMessage: t.promptError,
          maxLength: 8,
        })
        .then(record('prompt')),
    ]);
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <ActionButton data-testid="queue-boxes" action={queueThree}>
        {t.queue}
      </ActionButton>
      <ol className="log" data-testid="box-results">
        {results.map(({ box: kind, result }, i) => (
          <li key={i} data-box={kind} data-action={result.action}>
            {result.value === undefined ? (
              t.result(t.box[kind], t.action[result.action])
            ) : (
              <Phrase text={t.resultWithValue} values={[t.box[kind], t.action[result.action], <bdi dir="ltr">{result.value}</bdi>]} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
