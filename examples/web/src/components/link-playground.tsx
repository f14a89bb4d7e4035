import { useState } from 'react';
import { inspectHref, linkAttributes } from 'exkit';
import { SafeLink } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { Phrase } from './figure.js';

/** The example's app scheme, which links may use (the exchange's and partner app schemes may). */
export const APP_SCHEMES: readonly string[] = ['exkitexchange'];
const OWN_DOMAINS: readonly string[] = ['example.com'];
const SAMPLES = [
  'https://example.com/fees',
  'https://partner.example.org/',
  'javascript:alert(1)',
  'exkitexchange://app/home/home',
  'data:text/html,<b>x</b>',
  '/asset/spot',
  'mailto:support@example.com',
];

/** A link through the link rules: the verdict, the rel and target it gets, and the safe anchor. */
export function LinkPlayground() {
  const [href, setHref] = useState(SAMPLES[0]!);
  const [newTab, setNewTab] = useState(true);
  const t = useText().linkPlayground;
  const verdict = inspectHref(href, { appSchemes: APP_SCHEMES });
  const attributes = verdict.allowed
    ? linkAttributes(verdict.href, { newTab, ownDomains: OWN_DOMAINS, appSchemes: APP_SCHEMES })
    : undefined;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <label className="field">
        <span>{t.href}</span>
        <input data-testid="link-input" dir="ltr" value={href} onChange={(e) => setHref(e.target.value)} list="link-samples" />
        <datalist id="link-samples">
          {SAMPLES.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </label>
      <label className="switch">
        <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} /> {t.newTab}
      </label>
      <p data-testid="link-verdict" data-allowed={verdict.allowed}>
        {verdict.allowed ? (
          <Phrase text={t.allowed} values={[t.kind[verdict.kind]]} />
        ) : (
          // The reason is the link rules' own wording (English, no code to name it by): an isolated island.
          <Phrase text={t.blocked} values={[<bdi dir="ltr">{verdict.reason}</bdi>]} />
        )}
      </p>
      <pre className="json" dir="ltr">
        {JSON.stringify(attributes ?? {}, null, 2)}
      </pre>
      <SafeLink href={href} newTab={newTab} ownDomains={OWN_DOMAINS} appSchemes={APP_SCHEMES}>
        {t.link}
      </SafeLink>
    </section>
  );
}
