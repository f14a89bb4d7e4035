import { sampleGeeTestValidate } from 'exkit';
import { useCaptcha } from 'exkit/react';
import { useApp } from '../app-context.js';
import { LOGIN_SCENE, REGISTER_SCENE } from '../services/account.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** The test captcha widget: shown while a flow is challenging; the user solves or closes it. */
export function CaptchaPanel() {
  const { captchaWidget } = useApp();
  const loginFlow = useCaptcha(LOGIN_SCENE);
  const registerFlow = useCaptcha(REGISTER_SCENE);
  const challenging = loginFlow.state === 'challenging' || registerFlow.state === 'challenging';
  const widget = captchaWidget.widgets.at(-1);
  const t = useText().captchaPanel;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <dl className="facts">
        <dt>{t.loginFlow}</dt>
        <dd data-testid="captcha-login-state">
          <code>{loginFlow.state}</code>
        </dd>
        <dt>{t.registerFlow}</dt>
        <dd>
          <code>{registerFlow.state}</code>
        </dd>
      </dl>
      {challenging && widget ? (
        <div className="captcha-widget" data-testid="captcha-widget" role="group" aria-label={t.widgetLabel}>
          <p>{t.widget(widget.initOptions?.language ?? '—', widget.initOptions?.captchaId ?? '—')}</p>
          <ActionButton data-testid="captcha-solve" action={() => widget.succeed(sampleGeeTestValidate('example'))}>
            {t.solve}
          </ActionButton>
          <ActionButton action={() => widget.close()}>{t.close}</ActionButton>
        </div>
      ) : (
        <p className="muted">{t.waiting}</p>
      )}
    </section>
  );
}
