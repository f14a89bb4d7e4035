import { useState } from 'react';
import { useApp } from '../app-context.js';
import { signedCalls } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { OutcomeView } from './outcome-view.js';

/** Signed core calls after login: the gateway verifies each signature and answers 00000 or a sign error. */
export function SignedCalls() {
  const { http } = useApp();
  const [outcomes, setOutcomes] = useState<AccountOutcome[] | 'pending'>([]);
  return (
    <section className="card">
      <h2>Signed calls</h2>
      <p className="muted">GET /v1/user/overview/userinfo (mode 1) and POST /v1/spot/order/place (mode 2).</p>
      <button
        type="button"
        data-testid="signed-calls"
        onClick={() => {
          setOutcomes('pending');
          void signedCalls(http).then(setOutcomes);
        }}
      >
        Send signed calls
      </button>
      {outcomes === 'pending' ? (
        <OutcomeView outcome="pending" testId="signed-pending" />
      ) : (
        outcomes.map((o, i) => <OutcomeView key={i} outcome={o} testId={`signed-outcome-${i}`} />)
      )}
    </section>
  );
}
