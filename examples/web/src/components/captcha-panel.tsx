import { sampleGeeTestValidate } from 'exkit';
import { useCaptcha } from 'exkit/react';
import { useApp } from '../app-context.js';
import { LOGIN_SCENE, REGISTER_SCENE } from '../services/account.js';
import { ActionButton } from './action-button.js';

/** The test captcha widget: shown while a flow is challenging; the user solves or closes it. */
export function CaptchaPanel() {
  const { captchaWidget } = useApp();
  const loginFlow = useCaptcha(LOGIN_SCENE);
  const registerFlow = useCaptcha(REGISTER_SCENE);
  const challenging = loginFlow.state === 'challenging' || registerFlow.state === 'challenging';
  const widget = captchaWidget.widgets.at(-1);
  return (
    <section className="card">
      <h2>Robot check</h2>
      <dl className="facts">
        <dt>login flow</dt>
        <dd data-testid="captcha-login-state">{loginFlow.state}</dd>
        <dt>register flow</dt>
        <dd>{registerFlow.state}</dd>
      </dl>
      {challenging && widget ? (
        <div className="captcha-widget" data-testid="captcha-widget" role="group" aria-label="Captcha">
          <p>
            Test widget (language {widget.initOptions?.language ?? '—'}, id {widget.initOptions?.captchaId ?? '—'})
          </p>
          <ActionButton data-testid="captcha-solve" action={() => widget.succeed(sampleGeeTestValidate('example'))}>
            Slide to verify
          </ActionButton>
          <ActionButton action={() => widget.close()}>Close</ActionButton>
        </div>
      ) : (
        <p className="muted">The widget appears here when the server asks for a challenge.</p>
      )}
    </section>
  );
}
