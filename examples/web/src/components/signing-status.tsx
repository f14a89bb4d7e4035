import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useSecurityEvents } from 'exkit/react';
import { useApp } from '../app-context.js';
import { describeError } from '../services/account.js';
import { ActionButton } from './action-button.js';

/** Signing init (config, verified server key, client key pair) and the session it is bound to. */
export function SigningStatus() {
  const { signingInit, security } = useApp();
  const state = useSelector(signingInit, (s) => String(s.value));
  const error = useSelector(signingInit, (s) => s.context.error);
  // The security service's events (a key pair bound after a login, a config reset) re-read its snapshot.
  const [, setEvents] = useState(0);
  useSecurityEvents(() => setEvents((n) => n + 1));
  const snapshot = security.snapshot();
  return (
    <section className="card">
      <h2>Signing init</h2>
      <dl className="facts">
        <dt>state</dt>
        <dd data-testid="signing-state">{state}</dd>
        <dt>engine</dt>
        <dd>{security.engine.kind}</dd>
        <dt>client open</dt>
        <dd>{String(snapshot.config?.clientOpen ?? '—')}</dd>
        <dt>key pair</dt>
        <dd>{snapshot.clientKey ? snapshot.clientKey.algorithm : '—'}</dd>
        <dt>bound to session</dt>
        <dd data-testid="bound-user">{security.keys.bound()?.userId ?? 'no'}</dd>
      </dl>
      {error ? <p className="error">{describeError(error)}</p> : null}
      <ActionButton action={() => signingInit.send({ type: 'INIT' })}>Retry init</ActionButton>
    </section>
  );
}
