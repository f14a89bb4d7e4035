import type { AccountOutcome } from '../services/account.js';
import { describeError } from '../services/account.js';

/** How an account call ended. */
export function OutcomeView({ outcome, testId }: { outcome: AccountOutcome | 'pending' | undefined; testId: string }) {
  if (outcome === undefined) return null;
  const text =
    outcome === 'pending'
      ? 'pending…'
      : outcome.status === 'done'
        ? `${outcome.envelope.code} ${JSON.stringify(outcome.envelope.data)}`
        : outcome.status === 'captcha-closed'
          ? 'captcha closed without verification'
          : describeError(outcome.error);
  const kind = outcome === 'pending' ? 'pending' : outcome.status;
  return (
    <p className={kind === 'failed' ? 'result error' : 'result'} data-testid={testId} data-status={kind}>
      {text}
    </p>
  );
}
