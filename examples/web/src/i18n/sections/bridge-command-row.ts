import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** One bridge command's row: where its minimum version comes from, whether this app runs it, and its send button. */
export const bridgeCommandRow = section(
  {
    /** The marks the legend above the table explains. */
    source: { seed: '(seed)', chosen: '(our choice)' },
    sourceTitle: {
      seed: 'The minimum version the specification gives',
      chosen: 'The specification names no version: the lowest release we chose',
    },
    runs: 'runs',
    notInApp: 'not in app',
    notOnAndroid: 'not on Android',
    tooOld: 'app too old',
    send: 'Send',
    sendLabel: (command: string) => `Send ${command}`,
  },
  {
    source: { seed: '(من المواصفات)', chosen: '(من اختيارنا)' },
    sourceTitle: {
      seed: 'الحد الأدنى للإصدار الذي تحدده المواصفات',
      chosen: 'لا تحدد المواصفات إصدارًا: اخترنا أقدم إصدار',
    },
    runs: 'يعمل',
    notInApp: 'خارج التطبيق',
    notOnAndroid: 'غير متاح على أندرويد',
    tooOld: 'التطبيق قديم',
    send: 'إرسال',
    sendLabel: (command: string) => `إرسال ${ltr(command)}`,
  },
);
