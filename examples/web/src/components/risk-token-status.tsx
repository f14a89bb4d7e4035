import { useEffect, useState } from 'react';
import { useRiskToken } from 'exkit/react';
import { useApp } from '../app-context.js';
import { describeError } from '../services/account.js';
import { ActionButton } from './action-button.js';

/** The device identity: the risk token's status and kind, and the fingerprint's terminal code. */
export function RiskTokenStatus() {
  const { terminalCode } = useApp();
  const { status, kind, pending, lastError, refresh } = useRiskToken();
  const [code, setCode] = useState(terminalCode.current());
  useEffect(() => {
    let current = true;
    void terminalCode.get().then((value) => current && setCode(value));
    return () => {
      current = false;
    };
  }, [terminalCode]);
  return (
    <section className="card">
      <h2>Device identity</h2>
      <dl className="facts">
        <dt>risk token</dt>
        <dd data-testid="risk-token-status">{status}</dd>
        <dt>token kind</dt>
        <dd>{kind ?? '—'}</dd>
        <dt>refreshing</dt>
        <dd>{pending ? 'yes' : 'no'}</dd>
        <dt>terminal code</dt>
        <dd data-testid="terminal-code">{code ?? 'computing…'}</dd>
      </dl>
      {lastError ? <p className="error">{describeError(lastError)}</p> : null}
      <ActionButton action={() => refresh()} disabled={pending}>
        Refresh risk token
      </ActionButton>
    </section>
  );
}
