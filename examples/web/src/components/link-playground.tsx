import { useState } from 'react';
import { inspectHref, linkAttributes } from 'exkit';
import { SafeLink } from 'exkit/react';

/** The example's app scheme, which links may use (spec §S5: the exchange's and partner app schemes). */
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
  const verdict = inspectHref(href, { appSchemes: APP_SCHEMES });
  const attributes = verdict.allowed
    ? linkAttributes(verdict.href, { newTab, ownDomains: OWN_DOMAINS, appSchemes: APP_SCHEMES })
    : undefined;
  return (
    <section className="card">
      <h2>Links</h2>
      <label className="field">
        <span>href</span>
        <input data-testid="link-input" value={href} onChange={(e) => setHref(e.target.value)} list="link-samples" />
        <datalist id="link-samples">
          {SAMPLES.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </label>
      <label className="switch">
        <input type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} /> new tab
      </label>
      <p data-testid="link-verdict">{verdict.allowed ? `allowed (${verdict.kind})` : `blocked: ${verdict.reason}`}</p>
      <pre className="json">{JSON.stringify(attributes ?? {}, null, 2)}</pre>
      <SafeLink href={href} newTab={newTab} ownDomains={OWN_DOMAINS} appSchemes={APP_SCHEMES}>
        the link
      </SafeLink>
    </section>
  );
}
