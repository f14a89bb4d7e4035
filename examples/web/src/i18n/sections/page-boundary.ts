import { section } from '../text-types.js';

/** What a page that failed while rendering is replaced by. */
export const pageBoundary = section(
  {
    heading: 'This page stopped working',
    explanation: (page: string) => `The ${page} page hit an error and was stopped; the rest of the app still works.`,
    retry: 'Try again',
  },
  {
    heading: 'توقفت هذه الصفحة عن العمل',
    explanation: (page: string) => `واجهت صفحة «${page}» خطأً فأُوقفت؛ بقية التطبيق ما زالت تعمل.`,
    retry: 'حاول مرة أخرى',
  },
);
