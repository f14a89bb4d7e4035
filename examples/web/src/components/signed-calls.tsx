import { useState } from 'react';
import { useApp } from '../app-context.js';
import { signedCalls } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { useText } from '../i18n/use-text.js';
import { OutcomeView } from './outcome-view.js';
import { ActionButton } from './action-button.js';

/** Signed core calls after login: the gateway verifies each signature and answers 00000 or a sign error. */
export function SignedCalls() {
  const { http } = useApp();
  const [outcomes, setOutcomes] = useState<AccountOutcome[] | 'pending'>([]);
  const t = useText().signedCalls;
  // What each signed call does, in the order signedCalls sends them.
  const names = [t.readAccount, t.placeOrder];
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <p className="muted">{t.intro}</p>
      <ActionButton
        data-testid="signed-calls"
        action={() => {
          setOutcomes('pending');
          return signedCalls(http).then(setOutcomes);
        }}
      >
        {t.send}
      </ActionButton>
      {outcomes === 'pending' ? (
        <OutcomeView outcome="pending" testId="signed-pending" />
      ) : (
        outcomes.map((o, i) => <OutcomeView key={i} outcome={o} testId={`signed-outcome-${i}`} label={names[i]} />)
      )}
    </section>
  );
}
