import { section } from '../text-types.js';
import { ltr } from '../isolate.js';

/** The toast demo: a button per toast type, a sample message of each kind, and the loading toast's three texts. */
export const toastDemo = section(
  {
    heading: 'Toasts',
    /** The buttons, by toast type. */
    type: { success: 'success', error: 'error', warning: 'warning', info: 'info', question: 'question' },
    /** A message of each kind, as an exchange would show it. */
    sample: {
      success: 'Order placed: buy 0.01 BTC at 64,250.50 USDT',
      error: 'Order rejected: insufficient balance',
      warning: 'Price moved more than 5% since you opened this form',
      info: 'Futures funding is settled every 8 hours',
      question: 'Not sure about leverage? Read the futures guide',
    },
    promise: { loading: 'Placing order…', success: 'Order placed', error: 'Order failed' },
    promiseButton: 'loading → success',
    dismissAll: 'dismiss all',
  },
  {
    heading: 'الإشعارات المنبثقة',
    type: { success: 'نجاح', error: 'خطأ', warning: 'تحذير', info: 'معلومة', question: 'سؤال' },
    sample: {
      success: `تم تقديم الأمر: شراء ${ltr('0.01 BTC')} بسعر ${ltr('64,250.50 USDT')}`,
      error: 'رُفض الأمر: الرصيد غير كافٍ',
      warning: `تحرك السعر بأكثر من ${ltr('5%')} منذ فتحت هذا النموذج`,
      info: 'تتم تسوية تمويل العقود الآجلة كل 8 ساعات',
      question: 'لست متأكدًا من الرافعة المالية؟ اقرأ دليل العقود الآجلة',
    },
    promise: { loading: 'جارٍ تقديم الأمر…', success: 'تم تقديم الأمر', error: 'فشل تقديم الأمر' },
    promiseButton: 'تحميل ← نجاح',
    dismissAll: 'إغلاق الكل',
  },
);
