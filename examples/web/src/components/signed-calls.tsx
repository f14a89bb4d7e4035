import { useState } from 'react';
import { useApp } from '../app-context.js';
import { signedCalls } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { OutcomeView } from './outcome-view.js';
import { ActionButton } from './action-button.js';

/** What each signed call does, in the order signedCalls sends them. */
const SIGNED_CALL_NAMES = ['Read your account (GET, sign mode 1)', 'Place a spot order (POST, sign mode 2)'];

/** Signed core calls after login: the gateway verifies each signature and answers 00000 or a sign error. */
export function SignedCalls() {
  const { http } = useApp();
  const [outcomes, setOutcomes] = useState<AccountOutcome[] | 'pending'>([]);
  return (
    <section className="card">
      <h2>Signed calls</h2>
      <p className="muted">GET /v1/user/overview/userinfo (mode 1) and POST /v1/spot/order/place (mode 2).</p>
      <ActionButton
        data-testid="signed-calls"
        action={() => {
          setOutcomes('pending');
          return signedCalls(http).then(setOutcomes);
        }}
      >
        Send signed calls
      </ActionButton>
      {outcomes === 'pending' ? (
        <OutcomeView outcome="pending" testId="signed-pending" />
      ) : (
        outcomes.map((o, i) => <OutcomeView key={i} outcome={o} testId={`signed-outcome-${i}`} label={SIGNED_CALL_NAMES[i]} />)
      )}
    </section>
  );
}
