import { section } from '../text-types.js';

/** The frame around every page: the brand, the error boundary's way to another page, the overlay hosts' labels. */
export const shell = section(
  {
    brand: 'exkit exchange',
    goTo: (page: string) => `Go to ${page}`,
    toasts: 'Messages',
    notifications: 'Notifications',
    close: 'Close',
    ok: 'OK',
    cancel: 'Cancel',
  },
  {
    brand: 'منصة exkit',
    goTo: (page: string) => `انتقل إلى ${page}`,
    toasts: 'الرسائل',
    notifications: 'الإشعارات',
    close: 'إغلاق',
    ok: 'حسنًا',
    cancel: 'إلغاء',
  },
);
