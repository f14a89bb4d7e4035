import { useApp } from '../app-context.js';
import { PAGES } from '../services/router.js';
import type { PageInfo } from '../services/router.js';

/** One link per page; navigation goes through the router (pushState), under the locale prefix. */
export function Nav({ current }: { current: PageInfo['id'] }) {
  const { router } = useApp();
  return (
    <nav className="nav" aria-label="Sections">
      {PAGES.map((page) => (
        <a
          key={page.id}
          href={page.path}
          aria-current={page.id === current ? 'page' : undefined}
          onClick={(event) => {
            event.preventDefault();
            router.go(page.path);
          }}
        >
          {page.title}
        </a>
      ))}
    </nav>
  );
}
