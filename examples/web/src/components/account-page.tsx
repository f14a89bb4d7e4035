import { CaptchaPanel } from './captcha-panel.js';
import { LoginForm } from './login-form.js';
import { RegisterForm } from './register-form.js';
import { RiskTokenStatus } from './risk-token-status.js';
import { SessionPanel } from './session-panel.js';
import { SignedCalls } from './signed-calls.js';
import { SigningStatus } from './signing-status.js';
import { WireLog } from './wire-log.js';

/** Login and registration through the captcha flow, with encryption, signed calls and the requests as sent. */
export function AccountPage() {
  return (
    <div className="grid">
      <SigningStatus />
      <RiskTokenStatus />
      <CaptchaPanel />
      <LoginForm />
      <SessionPanel />
      <RegisterForm />
      <SignedCalls />
      <WireLog />
    </div>
  );
}
