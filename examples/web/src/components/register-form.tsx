import { useState } from 'react';
import { useApp } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { register } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { isValid, registerErrors } from '../services/forms.js';
import { ActionButton } from './action-button.js';
import { OutcomeView } from './outcome-view.js';
import { TextField } from './text-field.js';

type RegisterField = 'email' | 'emailCode' | 'pwd' | 'rePwd';

/**
 * Registration by e-mail: checked here (code, matching passwords), then the captcha, then the encrypted register
 * call. The submit button runs through the button machine (Enter in a field clicks it too): a submit the fields
 * refuse starts nothing, one they accept holds the button loading until the registration has ended.
 */
export function RegisterForm() {
  const { captcha, http } = useApp();
  const texts = useText();
  const t = texts.registerForm;
  const [form, setForm] = useState<Record<RegisterField, string>>({ email: 'new-trader@example.com', pwd: '', rePwd: '', emailCode: '' });
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<AccountOutcome | 'pending' | undefined>();
  const errors = tried ? registerErrors(form, texts.forms) : {};
  const field = (name: RegisterField, label: string, type = 'text', extra: { autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <TextField
      label={label}
      name={name}
      type={type}
      {...extra}
      value={form[name]}
      error={errors[name]}
      onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
    />
  );
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <form noValidate data-testid="register-form" onSubmit={(event) => event.preventDefault()}>
        {field('email', t.email, 'email', { autoComplete: 'email' })}
        {field('emailCode', t.emailCode, 'text', { autoComplete: 'one-time-code', inputMode: 'numeric' })}
        {field('pwd', t.password, 'password', { autoComplete: 'new-password' })}
        {field('rePwd', t.repeatPassword, 'password', { autoComplete: 'new-password' })}
        <ActionButton
          type="submit"
          data-testid="register-submit"
          accepts={() => {
            setTried(true);
            return isValid(registerErrors(form, texts.forms));
          }}
          action={() => {
            setOutcome('pending');
            return register(captcha, http, form).then(setOutcome);
          }}
        >
          {t.submit}
        </ActionButton>
      </form>
      <OutcomeView outcome={outcome} testId="register-outcome" />
    </section>
  );
}
