import type { AccountOutcome } from '../services/account.js';
import { describeError } from '../services/account.js';

/** The gateway's success code. */
const SUCCESS = '00000';

/**
 * How an account call ended, in words: succeeded, refused with the gateway's message, or failed with what went
 * wrong; the answer's data folds out below a success. The gateway's code is kept in data-code.
 */
export function OutcomeView({
  outcome,
  testId,
  label,
}: {
  outcome: AccountOutcome | 'pending' | undefined;
  testId: string;
  label?: string;
}) {
  if (outcome === undefined) return null;
  const code = outcome !== 'pending' && outcome.status === 'done' ? String(outcome.envelope.code) : undefined;
  const text =
    outcome === 'pending'
      ? 'Sending…'
      : outcome.status === 'done'
        ? code === SUCCESS
          ? 'Succeeded.'
          : `Refused by the server: ${outcome.envelope.msg || 'no reason given'} (code ${code}).`
        : outcome.status === 'captcha-closed'
          ? 'Not sent: the captcha was closed without verification.'
          : `Failed: ${describeError(outcome.error)}`;
  const kind = outcome === 'pending' ? 'pending' : outcome.status;
  const data = outcome !== 'pending' && outcome.status === 'done' ? outcome.envelope.data : undefined;
  return (
    <div
      className={kind === 'failed' || (code !== undefined && code !== SUCCESS) ? 'result error' : 'result'}
      data-testid={testId}
      data-status={kind}
      data-code={code}
    >
      <p>
        {label ? <strong>{label}: </strong> : null}
        {text}
      </p>
      {data !== undefined && data !== null ? (
        <details>
          <summary>What the server answered</summary>
          <pre className="json">{JSON.stringify(data, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}
