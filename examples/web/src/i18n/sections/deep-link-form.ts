import { section } from '../text-types.js';

/** One deep-link target's form: platform limits, parameters, the link it builds, and how it opened. */
export const deepLinkForm = section(
  {
    androidOnly: 'Android only',
    notOnAndroid: 'not on Android',
    noParameters: 'No parameters.',
    restricted: 'restricted on this platform',
    openInApp: 'Open in the app',
    openPublic: 'Open with the public scheme',
    /** Before the bridge's result (JSON, data shown as it comes). */
    outcome: 'Result:',
  },
  {
    androidOnly: 'أندرويد فقط',
    notOnAndroid: 'غير متاح على أندرويد',
    noParameters: 'لا توجد معاملات.',
    restricted: 'مقيَّد على هذه المنصة',
    openInApp: 'افتح في التطبيق',
    openPublic: 'افتح بالمخطط العام',
    outcome: 'النتيجة:',
  },
);
