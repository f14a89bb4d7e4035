import { useState } from 'react';
import { DEEP_LINK_TARGET_NAMES } from 'exkit';
import type { DeepLinkTarget } from 'exkit';
import { useBridge } from 'exkit/react';
import { DeepLinkForm } from './deep-link-form.js';

/** The deep-link catalogue: pick a target, fill its parameters, open it. */
export function DeepLinkCatalogue() {
  const bridge = useBridge();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<DeepLinkTarget>('coin/recharge');
  const shown = DEEP_LINK_TARGET_NAMES.filter((t) => t.toLowerCase().includes(filter.toLowerCase()));
  return (
    <section className="card wide">
      <h2>Deep links</h2>
      <p className="muted">
        {bridge.inApp ? 'Inside the app, links open through nativeRouter.' : 'Outside the app, links open through the public scheme.'}
      </p>
      <div className="split">
        <div>
          <input
            aria-label="Filter targets"
            placeholder={`filter ${DEEP_LINK_TARGET_NAMES.length} targets`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          {shown.length === 0 ? (
            <p className="muted" role="status" data-testid="deep-link-no-match">
              No link target matches “{filter}”. Clear the filter to see all {DEEP_LINK_TARGET_NAMES.length}.
            </p>
          ) : null}
          <ul className="list" data-testid="deep-link-targets">
            {shown.map((target) => (
              <li key={target}>
                <button type="button" className={target === selected ? 'link selected' : 'link'} onClick={() => setSelected(target)}>
                  {target}
                </button>
              </li>
            ))}
          </ul>
        </div>
        <DeepLinkForm key={selected} target={selected} />
      </div>
    </section>
  );
}
