import { useState } from 'react';
import { useApp } from '../app-context.js';
import { register } from '../services/account.js';
import type { AccountOutcome } from '../services/account.js';
import { OutcomeView } from './outcome-view.js';

/** Registration by e-mail: captcha first, then the encrypted register call. */
export function RegisterForm() {
  const { captcha, http } = useApp();
  const [form, setForm] = useState({ email: 'new-trader@example.com', pwd: '', rePwd: '', emailCode: '' });
  const [outcome, setOutcome] = useState<AccountOutcome | 'pending' | undefined>();
  const field = (name: keyof typeof form, label: string, type = 'text') => (
    <label className="field">
      <span>{label}</span>
      <input name={name} type={type} value={form[name]} onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))} />
    </label>
  );
  return (
    <section className="card">
      <h2>Register</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setOutcome('pending');
          void register(captcha, http, form).then(setOutcome);
        }}
      >
        {field('email', 'E-mail')}
        {field('emailCode', 'E-mail code')}
        {field('pwd', 'Password', 'password')}
        {field('rePwd', 'Repeat password', 'password')}
        <button type="submit" disabled={outcome === 'pending'}>
          Register
        </button>
      </form>
      <OutcomeView outcome={outcome} testId="register-outcome" />
    </section>
  );
}
