import { useState } from 'react';
import type { ReactNode } from 'react';
import { useApp, useStore } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { SESSION_COOKIES, loggedOut, login } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { isValid, loginErrors } from '../services/forms.js';
import { ActionButton } from './action-button.js';
import { OutcomeView } from './outcome-view.js';
import { TextField } from './text-field.js';

// Stand-ins handed to a sentence of the catalogue, where it places its values; the sentence is then cut at them
// so each value can be rendered as an element (bold, isolated left to right) in the language's own word order.
const EMAIL_SLOT = '\uE000email\uE000';
const USER_SLOT = '\uE000user\uE000';

/** "You are logged in as … (user …)." with the e-mail in bold and both values kept in their own direction. */
function LoggedInAs({ sentence, email, user }: { sentence: (email: string, user: string) => string; email: string; user: string }) {
  const parts: ReactNode[] = sentence(EMAIL_SLOT, USER_SLOT)
    .split(/(\uE000(?:email|user)\uE000)/)
    .map((part, i) =>
      part === EMAIL_SLOT ? (
        <strong key={i}>
          <bdi dir="ltr">{email}</bdi>
        </strong>
      ) : part === USER_SLOT ? (
        <bdi key={i} dir="ltr">
          {user}
        </bdi>
      ) : (
        part
      ),
    );
  return <p>{parts}</p>;
}

/**
 * Login by e-mail and password: checked here, then the captcha, then the encrypted login call. Once logged in,
 * the form steps aside for who is logged in; "Log in again" brings it back (the next login goes out in clear).
 * The submit button runs through the button machine (Enter in a field clicks it too): a submit the fields
 * refuse starts nothing, one they accept holds the button loading until the login has ended.
 */
export function LoginForm() {
  const { captcha, http, platform } = useApp();
  const texts = useText();
  const t = texts.loginForm;
  const [again, setAgain] = useState(false);
  // A log-out elsewhere on the page (the session panel) ends the session: show the form again.
  useStore(loggedOut);
  const user = platform.cookies.get(SESSION_COOKIES.uid);
  const [form, setForm] = useState({ loginName: 'trader@example.com', pwd: '' });
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<AccountOutcome | 'pending' | undefined>();
  // Problems show once the visitor has tried to send, then follow each keystroke.
  const errors = tried ? loginErrors(form, texts.forms) : {};
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      {user && !again && outcome !== 'pending' ? (
        <div data-testid="logged-in">
          <LoggedInAs sentence={t.loggedInAs} email={form.loginName} user={user} />
          <ActionButton data-testid="login-again" action={() => setAgain(true)}>
            {t.again}
          </ActionButton>
        </div>
      ) : (
        <form noValidate data-testid="login-form" onSubmit={(event) => event.preventDefault()}>
          <TextField
            label={t.email}
            name="loginName"
            type="email"
            autoComplete="username"
            value={form.loginName}
            error={errors.loginName}
            onChange={(e) => setForm((f) => ({ ...f, loginName: e.target.value }))}
          />
          <TextField
            label={t.password}
            name="pwd"
            type="password"
            autoComplete="current-password"
            value={form.pwd}
            error={errors.pwd}
            onChange={(e) => setForm((f) => ({ ...f, pwd: e.target.value }))}
          />
          <ActionButton
            type="submit"
            data-testid="login-submit"
            accepts={() => {
              setTried(true);
              return isValid(loginErrors(form, texts.forms));
            }}
            action={() => {
              setOutcome('pending');
              setAgain(false);
              return login(captcha, http, form).then(setOutcome);
            }}
          >
            {t.submit}
          </ActionButton>
        </form>
      )}
      <OutcomeView outcome={outcome} testId="login-outcome" />
    </section>
  );
}
