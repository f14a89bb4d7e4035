import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useSecurityEvents } from 'exkit/react';
import { useApp } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';
import { ErrorText } from './outcome-view.js';

/** Signing init (config, verified server key, client key pair) and the session it is bound to. */
export function SigningStatus() {
  const { signingInit, security } = useApp();
  const state = useSelector(signingInit, (s) => String(s.value));
  const error = useSelector(signingInit, (s) => s.context.error);
  // The security service's events (a key pair bound after a login, a config reset) re-read its snapshot.
  const [, setEvents] = useState(0);
  useSecurityEvents(() => setEvents((n) => n + 1));
  const snapshot = security.snapshot();
  const t = useText().signingStatus;
  const clientOpen = snapshot.config?.clientOpen;
  const bound = security.keys.bound()?.userId;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <dl className="facts">
        <dt>{t.state}</dt>
        <dd data-testid="signing-state">
          <code>{state}</code>
        </dd>
        <dt>{t.engine}</dt>
        <dd>
          <code>{security.engine.kind}</code>
        </dd>
        <dt>{t.clientOpen}</dt>
        <dd>{clientOpen === undefined ? '—' : clientOpen ? t.yes : t.no}</dd>
        <dt>{t.keyPair}</dt>
        <dd>{snapshot.clientKey ? <code>{snapshot.clientKey.algorithm}</code> : '—'}</dd>
        <dt>{t.bound}</dt>
        <dd data-testid="bound-user">{bound === undefined ? t.no : <bdi dir="ltr">{bound}</bdi>}</dd>
      </dl>
      {error ? (
        <p className="error">
          <ErrorText error={error} />
        </p>
      ) : null}
      <ActionButton action={() => signingInit.send({ type: 'INIT' })}>{t.retry}</ActionButton>
    </section>
  );
}
