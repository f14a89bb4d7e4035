import { useText } from '../i18n/use-text.js';
import type { AccountOutcome } from '../services/account.js';
import { errorParts } from '../services/account.js';

/** The gateway's success code. */
const SUCCESS = '00000';

/**
 * An error for the page: what went wrong in words (exkit's HTTP errors word it in the request's language),
 * then its class and code, identifiers kept left-to-right as data.
 */
export function ErrorText({ error }: { error: unknown }) {
  const { id, message } = errorParts(error);
  return (
    <>
      <bdi>{message}</bdi>
      {message !== '' && id !== '' ? ' ' : null}
      {id === '' ? null : (
        <bdi dir="ltr">
          <code>{id}</code>
        </bdi>
      )}
    </>
  );
}

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
  const t = useText().outcomeView;
  if (outcome === undefined) return null;
  const code = outcome !== 'pending' && outcome.status === 'done' ? String(outcome.envelope.code) : undefined;
  const text =
    outcome === 'pending' ? (
      t.pending
    ) : outcome.status === 'done' ? (
      code === SUCCESS ? (
        t.succeeded
      ) : (
        t.refused(outcome.envelope.msg || t.noReason, code!)
      )
    ) : outcome.status === 'captcha-closed' ? (
      t.captchaClosed
    ) : (
      <>
        {t.failed} <ErrorText error={outcome.error} />
      </>
    );
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
          <summary>{t.answered}</summary>
          <pre className="json" dir="ltr">
            {JSON.stringify(data, null, 2)}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
