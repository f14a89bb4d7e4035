import { section } from '../text-types.js';

/** What the simulated native app received from the page. */
export const receivedMessages = section(
  {
    heading: 'Received by the app',
    outside: 'Outside the app nothing is received: commands are skipped and deep links use the public scheme.',
  },
  {
    heading: 'ما استقبله التطبيق',
    outside: 'خارج التطبيق لا يُستقبل شيء: تُتخطى الأوامر وتستخدم الروابط العميقة المخطط العام.',
  },
);
