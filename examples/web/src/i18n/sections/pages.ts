import { section } from '../text-types.js';

/** The pages' titles (nav links, headings, browser tabs) and the document title built from them. */
export const pages = section(
  {
    titles: {
      'in-app': 'In-app',
      account: 'Account',
      trading: 'Modes & preferences',
      spot: 'Spot',
      futures: 'Futures',
      ui: 'UI',
      content: 'Content',
      diagrams: 'Diagrams',
    },
    documentTitle: (page: string) => `${page} · exkit example exchange`,
  },
  {
    titles: {
      'in-app': 'داخل التطبيق',
      account: 'الحساب',
      trading: 'الأوضاع والتفضيلات',
      spot: 'التداول الفوري',
      futures: 'العقود الآجلة',
      ui: 'مكوّنات الواجهة',
      content: 'المحتوى',
      diagrams: 'المخططات',
    },
    documentTitle: (page: string) => `${page} · منصة exkit التجريبية`,
  },
);
