import { useState } from 'react';
import { useApp } from '../app-context.js';
import { register } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { isValid, registerErrors } from '../services/forms.js';
import { OutcomeView } from './outcome-view.js';
import { TextField } from './text-field.js';

type RegisterField = 'email' | 'emailCode' | 'pwd' | 'rePwd';

/** Registration by e-mail: checked here (code, matching passwords), then the captcha, then the encrypted register call. */
export function RegisterForm() {
  const { captcha, http } = useApp();
  const [form, setForm] = useState<Record<RegisterField, string>>({ email: 'new-trader@example.com', pwd: '', rePwd: '', emailCode: '' });
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<AccountOutcome | 'pending' | undefined>();
  const errors = tried ? registerErrors(form) : {};
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
      <h2>Register</h2>
      <form
        noValidate
        data-testid="register-form"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!isValid(registerErrors(form))) return;
          setOutcome('pending');
          void register(captcha, http, form).then(setOutcome);
        }}
      >
        {field('email', 'E-mail', 'email', { autoComplete: 'email' })}
        {field('emailCode', 'E-mail code (6 digits)', 'text', { autoComplete: 'one-time-code', inputMode: 'numeric' })}
        {field('pwd', 'Password (8 or more characters)', 'password', { autoComplete: 'new-password' })}
        {field('rePwd', 'Repeat password', 'password', { autoComplete: 'new-password' })}
        <button type="submit" data-testid="register-submit" disabled={outcome === 'pending'}>
          Register
        </button>
      </form>
      <OutcomeView outcome={outcome} testId="register-outcome" />
    </section>
  );
}
