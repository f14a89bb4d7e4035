import type { PageInfo } from '../services/router.js';
import { AccountPage } from './account-page.js';
import { ContentPage } from './content-page.js';
import { DiagramsPage } from './diagrams-page.js';
import { FuturesPage } from './futures-page.js';
import { InAppPage } from './in-app-page.js';
import { SettingsPage } from './settings-page.js';
import { SpotPage } from './spot-page.js';
import { UiPage } from './ui-page.js';

/** The component of one page. */
export function PageView({ page }: { page: PageInfo['id'] }) {
  switch (page) {
    case 'in-app':
      return <InAppPage />;
    case 'account':
      return <AccountPage />;
    case 'trading':
      return <SettingsPage />;
    case 'spot':
      return <SpotPage />;
    case 'futures':
      return <FuturesPage />;
    case 'ui':
      return <UiPage />;
    case 'content':
      return <ContentPage />;
    case 'diagrams':
      return <DiagramsPage />;
  }
}
