import { section } from '../text-types.js';

/** The deep-link catalogue: how links open here, the target filter, and what it says when nothing matches. */
export const deepLinkCatalogue = section(
  {
    heading: 'Deep links',
    inApp: (nativeRouter: string) => `Inside the app, links open through ${nativeRouter}.`,
    outside: 'Outside the app, links open through the public scheme.',
    filterLabel: 'Filter targets',
    filterPlaceholder: (count: string) => `filter ${count} targets`,
    noMatch: (filter: string, count: string) => `No link target matches “${filter}”. Clear the filter to see all ${count}.`,
  },
  {
    heading: 'الروابط العميقة',
    inApp: (nativeRouter: string) => `داخل التطبيق، تُفتح الروابط عبر ${nativeRouter}.`,
    outside: 'خارج التطبيق، تُفتح الروابط عبر المخطط العام.',
    filterLabel: 'تصفية الوجهات',
    filterPlaceholder: (count: string) => `تصفية ${count} وجهة`,
    noMatch: (filter: string, count: string) => `لا توجد وجهة رابط تطابق «${filter}». امسح عامل التصفية لعرض جميع الوجهات (${count}).`,
  },
);
