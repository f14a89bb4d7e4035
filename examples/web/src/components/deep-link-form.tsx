import { useState } from 'react';
import { buildDeepLink, deepLinkSpec } from 'exkit';
import type { DeepLinkParams, DeepLinkTarget, OpenDeepLinkResult } from 'exkit';
import { useBridge } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { DEEP_LINK_CONFIG } from '../services/in-app.js';
import { describeError } from '../services/account.js';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** One target's parameters (with defaults and platform limits), the link it builds, and an open button. */
export function DeepLinkForm({ target }: { target: DeepLinkTarget }) {
  const bridge = useBridge();
  const { inApp } = useApp();
  const { settings } = useStore(inApp.state);
  const spec = deepLinkSpec(target);
  const t = useText().deepLinkForm;
  const [values, setValues] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState('');
  const os = bridge.inApp ? settings.os : undefined;
  const params = values as DeepLinkParams<DeepLinkTarget>;
  let link: string | null;
  try {
    link = buildDeepLink(target, params, { ...DEEP_LINK_CONFIG, scheme: bridge.inApp ? 'app' : 'public', ...(os ? { os } : {}) });
  } catch (error) {
    // A value outside a listed set (home/asset type) is refused with a typed error: show it instead of a link.
    link = describeError(error);
  }
  const open = () =>
    inApp.open(target, values).then(
      (result: OpenDeepLinkResult) => setOutcome(JSON.stringify(result)),
      (error: unknown) => setOutcome(describeError(error)),
    );
  return (
    <div className="deep-link-form" data-testid="deep-link-form">
      <h3>
        <code>{target}</code>
      </h3>
      {spec.platforms ? <p className="muted">{spec.platforms === 'android-only' ? t.androidOnly : t.notOnAndroid}</p> : null}
      {spec.params.length === 0 ? <p className="muted">{t.noParameters}</p> : null}
      {spec.params.map((name) => (
        <label key={name} className="field">
          <span>
            <code>{name}</code>
          </span>
          <input
            data-param={name}
            dir="ltr"
            placeholder={spec.defaults?.[name] ?? ''}
            value={values[name] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
        </label>
      ))}
      <p>
        {link === null ? (
          <span data-testid="deep-link-url">{t.restricted}</span>
        ) : (
          <code data-testid="deep-link-url" dir="ltr">
            {link}
          </code>
        )}
      </p>
      <ActionButton data-testid="deep-link-open" action={open}>
        {bridge.inApp ? t.openInApp : t.openPublic}
      </ActionButton>
      <p className="result" data-testid="deep-link-outcome">
        {outcome === '' ? null : (
          <>
            {t.outcome} <code dir="ltr">{outcome}</code>
          </>
        )}
      </p>
    </div>
  );
}
