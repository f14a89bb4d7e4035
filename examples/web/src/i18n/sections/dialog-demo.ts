import { section } from '../text-types.js';

/** The dialog demo: its trigger, the transfer dialog's title, body, field and buttons. */
export const dialogDemo = section(
  {
    heading: 'Dialog',
    open: 'Open dialog',
    title: 'Transfer',
    closeLabel: 'Close dialog',
    body: 'Move funds between your spot and futures accounts.',
    amount: 'Amount',
    amountLabel: 'Transfer amount',
    close: 'Close',
  },
  {
    heading: 'مربع الحوار',
    open: 'افتح مربع الحوار',
    title: 'تحويل',
    closeLabel: 'أغلق مربع الحوار',
    body: 'انقل الأموال بين حسابك الفوري وحساب العقود الآجلة.',
    amount: 'المبلغ',
    amountLabel: 'مبلغ التحويل',
    close: 'إغلاق',
  },
);
