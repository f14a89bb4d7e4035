import { useBridge } from 'exkit/react';
import { useApp, useStore } from '../app-context.js';
import { APP_VERSIONS } from '../services/in-app.js';

/** Runs the page against the native-host simulator, at a chosen platform and app version. */
export function InAppSwitch() {
  const { inApp } = useApp();
  const { settings } = useStore(inApp.state);
  const bridge = useBridge();
  return (
    <section className="card">
      <h2>Inside the app</h2>
      <label className="switch">
        <input
          type="checkbox"
          data-testid="in-app-switch"
          checked={settings.inApp}
          onChange={(e) => inApp.configure({ inApp: e.target.checked })}
        />
        Run inside the native app (simulated)
      </label>
      <label>
        Platform{' '}
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
        App version{' '}
        <select data-testid="in-app-version" value={settings.appVersion} onChange={(e) => inApp.configure({ appVersion: e.target.value })}>
          {APP_VERSIONS.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      </label>
      <dl className="facts">
        <dt>bridge</dt>
        <dd>{bridge.version}</dd>
        <dt>detected</dt>
        <dd data-testid="bridge-host">
          {bridge.inApp
            ? `in app (${bridge.os === 'android' ? 'Android' : 'iOS'} host, app ${bridge.appVersion ?? 'version unknown'})`
            : 'not in app'}
        </dd>
        <dt>app version</dt>
        <dd>{bridge.appVersion ?? '—'}</dd>
      </dl>
    </section>
  );
}
