import { isSimulationAllowedPath } from 'exkit';
import { useSimulationMode } from 'exkit/react';
import { useApp } from '../app-context.js';
import { useText } from '../i18n/use-text.js';
import { PAGES, pageTitle } from '../services/router.js';
import type { PageInfo } from '../services/router.js';

/**
 * One link per page; navigation goes through the router (pushState), under the locale prefix. While
 * simulation trading is on, pages it does not allow are shown as unavailable rather than as links that
 * bounce back to spot.
 */
export function Nav({ current }: { current: PageInfo['id'] }) {
  const { router } = useApp();
  const { on: simulation } = useSimulationMode();
  const text = useText();
  const t = text.nav;
  const anyBlocked = simulation && PAGES.some((page) => !isSimulationAllowedPath(page.path));
  return (
    <>
      <nav className="nav" aria-label={t.label}>
        {PAGES.map((page) => {
          const blocked = simulation && !isSimulationAllowedPath(page.path);
          if (blocked) {
            return (
              <span
                key={page.id}
                className="nav-blocked"
                aria-disabled="true"
                aria-describedby="nav-blocked-why"
                title={t.blockedTitle}
                data-nav-blocked={page.id}
              >
                {pageTitle(page, text.pages)}
              </span>
            );
          }
          return (
            <a
              key={page.id}
              href={page.path}
              data-nav-link={page.id}
              aria-current={page.id === current ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                router.go(page.path);
              }}
            >
              {pageTitle(page, text.pages)}
            </a>
          );
        })}
      </nav>
      {anyBlocked ? (
        <p className="nav-note" id="nav-blocked-why" data-testid="nav-blocked-why">
          {t.blockedNote}
        </p>
      ) : null}
    </>
  );
}
