import { section } from '../text-types.js';
import { ltr } from '../isolate.js';

/** The notification demo: its buttons and the two sample notifications. */
export const notificationDemo = section(
  {
    heading: 'Notifications',
    filled: { title: 'Order filled', message: 'Bought 0.01 BTC at 64,250.50 USDT' },
    alert: { title: 'Price alert', message: 'ETH crossed 3,200 USDT' },
    notify: 'notify',
    notifyBottomRight: 'notify bottom-right',
    closeAll: 'close all',
  },
  {
    heading: 'التنبيهات',
    filled: { title: 'تم تنفيذ الأمر', message: `تم شراء ${ltr('0.01 BTC')} بسعر ${ltr('64,250.50 USDT')}` },
    alert: { title: 'تنبيه سعر', message: `تجاوز ETH مستوى ${ltr('3,200 USDT')}` },
    notify: 'أظهر تنبيهًا',
    notifyBottomRight: 'أظهر تنبيهًا أسفل الزاوية',
    closeAll: 'إغلاق الكل',
  },
);
