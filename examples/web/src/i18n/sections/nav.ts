import { section } from '../text-types.js';

/** The nav: its landmark name and why a section is greyed out in simulation trading. */
export const nav = section(
  {
    label: 'Sections',
    blockedTitle: 'Not available in simulation trading: use Back to live trading',
    blockedNote: 'Greyed-out sections are not part of simulation trading. Choose “Back to live trading” to open them.',
  },
  {
    label: 'الأقسام',
    blockedTitle: 'غير متاح في التداول التجريبي: استخدم «العودة إلى التداول الحقيقي»',
    blockedNote: 'الأقسام الرمادية ليست جزءًا من التداول التجريبي. اختر «العودة إلى التداول الحقيقي» لفتحها.',
  },
);
