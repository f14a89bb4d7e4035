import { useEffect, useState } from 'react';
import { useRiskToken } from 'exkit/react';
import { useApp } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';
import { ErrorText } from './outcome-view.js';

/** The device identity: the risk token's status and kind, and the fingerprint's terminal code. */
export function RiskTokenStatus() {
  const { terminalCode } = useApp();
  const { status, kind, pending, lastError, refresh } = useRiskToken();
  const [code, setCode] = useState(terminalCode.current());
  const t = useText().riskTokenStatus;
  useEffect(() => {
    let current = true;
    void terminalCode.get().then((value) => current && setCode(value));
    return () => {
      current = false;
    };
  }, [terminalCode]);
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <dl className="facts">
        <dt>{t.riskToken}</dt>
        <dd data-testid="risk-token-status">
          <code>{status}</code>
        </dd>
        <dt>{t.kind}</dt>
        <dd>{kind ? <code>{kind}</code> : '—'}</dd>
        <dt>{t.refreshing}</dt>
        <dd>{pending ? t.yes : t.no}</dd>
        <dt>{t.terminalCode}</dt>
        <dd data-testid="terminal-code">{code === undefined ? t.computing : <code>{code}</code>}</dd>
      </dl>
      {lastError ? (
        <p className="error">
          <ErrorText error={lastError} />
        </p>
      ) : null}
      <ActionButton action={() => refresh()} disabled={pending}>
        {t.refresh}
      </ActionButton>
    </section>
  );
}
