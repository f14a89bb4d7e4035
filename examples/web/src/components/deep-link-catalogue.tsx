import { useState } from 'react';
import { DEEP_LINK_TARGET_NAMES } from 'exkit';
import type { DeepLinkTarget } from 'exkit';
import { useBridge } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { DeepLinkForm } from './deep-link-form.js';
import { Phrase } from './figure.js';

/** The deep-link catalogue: pick a target, fill its parameters, open it. */
export function DeepLinkCatalogue() {
  const bridge = useBridge();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<DeepLinkTarget>('coin/recharge');
  const t = useText().deepLinkCatalogue;
  const count = String(DEEP_LINK_TARGET_NAMES.length);
  const shown = DEEP_LINK_TARGET_NAMES.filter((t) => t.toLowerCase().includes(filter.toLowerCase()));
  return (
    <section className="card wide">
      <h2>{t.heading}</h2>
      <p className="muted">{bridge.inApp ? <Phrase text={t.inApp} values={[<code>nativeRouter</code>]} /> : t.outside}</p>
      <div className="split">
        <div>
          <input
            aria-label={t.filterLabel}
            placeholder={t.filterPlaceholder(count)}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          {shown.length === 0 ? (
            <p className="muted" role="status" data-testid="deep-link-no-match">
              <Phrase text={t.noMatch} values={[<bdi>{filter}</bdi>, count]} />
            </p>
          ) : null}
          <ul className="list" data-testid="deep-link-targets">
            {shown.map((target) => (
              <li key={target}>
                <button
                  type="button"
                  dir="ltr"
                  className={target === selected ? 'link selected' : 'link'}
                  onClick={() => setSelected(target)}
                >
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
