import { useBridge } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { APP_VERSIONS } from '../services/in-app.js';
import { Phrase } from './figure.js';

/** Runs the page against the native-host simulator, at a chosen platform and app version. */
export function InAppSwitch() {
  const { inApp } = useApp();
  const { settings } = useStore(inApp.state);
  const bridge = useBridge();
  const t = useText().inAppSwitch;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <label className="switch">
        <input
          type="checkbox"
          data-testid="in-app-switch"
          checked={settings.inApp}
          onChange={(e) => inApp.configure({ inApp: e.target.checked })}
        />
        {t.run}
      </label>
      <label>
        {t.platform}{' '}
        <select
          data-testid="in-app-os"
          value={settings.os}
          onChange={(e) => inApp.configure({ os: e.target.value === 'android' ? 'android' : 'ios' })}
        >
          <option value="ios">iOS</option>
          <option value="android">Android</option>
        </select>
      </label>
      <label>
        {t.appVersion}{' '}
        <select data-testid="in-app-version" value={settings.appVersion} onChange={(e) => inApp.configure({ appVersion: e.target.value })}>
          {APP_VERSIONS.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </label>
      <dl className="facts">
        <dt>{t.facts.bridge}</dt>
        <dd>
          <bdi dir="ltr">{bridge.version}</bdi>
        </dd>
        <dt>{t.facts.detected}</dt>
        <dd data-testid="bridge-host">
          {bridge.inApp ? (
            <Phrase
              text={t.inApp}
              values={[
                <bdi dir="ltr">{bridge.os === 'android' ? 'Android' : 'iOS'}</bdi>,
                bridge.appVersion ? <bdi dir="ltr">{bridge.appVersion}</bdi> : t.versionUnknown,
              ]}
            />
          ) : (
            t.notInApp
          )}
        </dd>
        <dt>{t.facts.appVersion}</dt>
        <dd>
          <bdi dir="ltr">{bridge.appVersion ?? '—'}</bdi>
        </dd>
      </dl>
    </section>
  );
}
