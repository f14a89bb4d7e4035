import { useState } from 'react';
import { useApp } from '../app-context.js';
import { login } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { OutcomeView } from './outcome-view.js';

/** Login by e-mail and password: captcha first, then the encrypted login call. */
export function LoginForm() {
  const { captcha, http } = useApp();
  const [loginName, setLoginName] = useState('trader@example.com');
  const [pwd, setPwd] = useState('');
  const [outcome, setOutcome] = useState<AccountOutcome | 'pending' | undefined>();
  return (
    <section className="card">
      <h2>Log in</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setOutcome('pending');
          void login(captcha, http, { loginName, pwd }).then(setOutcome);
        }}
      >
        <label className="field">
          <span>E-mail</span>
          <input name="loginName" autoComplete="username" value={loginName} onChange={(e) => setLoginName(e.target.value)} />
        </label>
        <label className="field">
          <span>Password</span>
          <input name="pwd" type="password" autoComplete="current-password" value={pwd} onChange={(e) => setPwd(e.target.value)} />
        </label>
        <button type="submit" data-testid="login-submit" disabled={outcome === 'pending'}>
          Log in
        </button>
      </form>
      <OutcomeView outcome={outcome} testId="login-outcome" />
    </section>
  );
}
