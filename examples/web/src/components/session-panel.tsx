import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useSecurityEvents } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { SESSION_COOKIES, loginEncryptionOutlook, logout } from '../services/account.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** Who is logged in, whether the next login goes out encrypted (and why not), and the log-out button. */
export function SessionPanel() {
  const { platform, security, wire, signingInit } = useApp();
  // Re-read on every request (a login sets the cookies), every security event (a key pair bound) and log-out.
  useStore(wire.entries);
  const [, setChanges] = useState(0);
  useSecurityEvents(() => setChanges((n) => n + 1));
  useSelector(signingInit, (s) => String(s.value));
  const user = platform.cookies.get(SESSION_COOKIES.uid);
  const outlook = loginEncryptionOutlook(security);
  const t = useText().sessionPanel;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <dl className="facts">
        <dt>{t.loggedIn}</dt>
        <dd data-testid="session-user">
          {user ? (
            <>
              {t.yesUser} <bdi dir="ltr">{user}</bdi>
            </>
          ) : (
            t.no
          )}
        </dd>
        <dt>{t.nextLogin}</dt>
        <dd data-testid="login-encryption" data-encrypted={outlook.encrypted}>
          {outlook.encrypted ? (
            <>
              {t.encrypted} (<code>bodyCiphertext</code>)
            </>
          ) : (
            t.unencrypted
          )}
        </dd>
      </dl>
      {outlook.encrypted ? null : (
        <p className={outlook.reason === 'session-exists' ? 'notice' : 'muted'} data-testid="login-encryption-why">
          {t.why[outlook.reason]}
        </p>
      )}
      <ActionButton
        data-testid="logout"
        disabled={!user && !security.token()}
        action={() => {
          logout(platform, security);
          setChanges((n) => n + 1);
        }}
      >
        {t.logout}
      </ActionButton>
    </section>
  );
}
