import { useState } from 'react';
import { useApp, useStore } from '../app-context.js';
import { SESSION_COOKIES, loggedOut, login } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { isValid, loginErrors } from '../services/forms.js';
import { ActionButton } from './action-button.js';
import { OutcomeView } from './outcome-view.js';
import { TextField } from './text-field.js';

/**
 * Login by e-mail and password: checked here, then the captcha, then the encrypted login call. Once logged in,
 * the form steps aside for who is logged in; "Log in again" brings it back (the next login goes out in clear).
 */
export function LoginForm() {
  const { captcha, http, platform } = useApp();
  const [again, setAgain] = useState(false);
  // A log-out elsewhere on the page (the session panel) ends the session: show the form again.
  useStore(loggedOut);
  const user = platform.cookies.get(SESSION_COOKIES.uid);
  const [form, setForm] = useState({ loginName: 'trader@example.com', pwd: '' });
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<AccountOutcome | 'pending' | undefined>();
  // Problems show once the visitor has tried to send, then follow each keystroke.
  const errors = tried ? loginErrors(form) : {};
  return (
    <section className="card">
      <h2>Log in</h2>
      {user && !again && outcome !== 'pending' ? (
        <div data-testid="logged-in">
          <p>
            You are logged in as <strong>{form.loginName}</strong> (user {user}).
          </p>
          <ActionButton data-testid="login-again" action={() => setAgain(true)}>
            Log in again
          </ActionButton>
        </div>
      ) : (
        <form
          noValidate
          data-testid="login-form"
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!isValid(loginErrors(form))) return;
            setOutcome('pending');
            setAgain(false);
            void login(captcha, http, form).then(setOutcome);
          }}
        >
          <TextField
            label="E-mail"
            name="loginName"
            type="email"
            autoComplete="username"
            value={form.loginName}
            error={errors.loginName}
            onChange={(e) => setForm((f) => ({ ...f, loginName: e.target.value }))}
          />
          <TextField
            label="Password"
            name="pwd"
            type="password"
            autoComplete="current-password"
            value={form.pwd}
            error={errors.pwd}
            onChange={(e) => setForm((f) => ({ ...f, pwd: e.target.value }))}
          />
          <button type="submit" data-testid="login-submit" disabled={outcome === 'pending'}>
            Log in
          </button>
        </form>
      )}
      <OutcomeView outcome={outcome} testId="login-outcome" />
    </section>
  );
}
