import { section } from '../text-types.js';

/** The words inside the sample payloads the In-app page sends (the native app would show them: a title, a share text, a menu item). */
export const commandSamples = section(
  {
    metaTitle: 'exkit example',
    shareText: 'Trade BTC on exkit',
    stored: 'stored by the page',
    calendarTitle: 'Futures listing',
    help: 'Help',
    beta: 'Beta',
  },
  {
    metaTitle: 'مثال exkit',
    shareText: 'تداول BTC على exkit',
    stored: 'خزّنته الصفحة',
    calendarTitle: 'إدراج عقود آجلة',
    help: 'مساعدة',
    beta: 'تجريبي',
  },
);
