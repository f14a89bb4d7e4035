import { section } from '../text-types.js';

/** The message-box demo: what it queues, its buttons, and the results it lists. */
export const messageBoxDemo = section(
  {
    heading: 'Message boxes',
    queue: 'Queue alert, confirm and prompt',
    alertTitle: 'Notice',
    alertText: 'Withdrawals pause for maintenance at 02:00 UTC.',
    confirmTitle: 'Confirm',
    confirmText: 'Close all BTCUSDT positions at market?',
    promptTitle: 'Prompt',
    promptText: 'Anti-phishing code (4 to 8 letters or digits):',
    promptError: 'Use 4 to 8 letters or digits',
    ok: 'OK',
    cancel: 'Cancel',
    /** The results list: which box, and how it was answered (the box's action codes), with a prompt's value. */
    box: { alert: 'alert', confirm: 'confirm', prompt: 'prompt' },
    action: { confirm: 'confirm', cancel: 'cancel', close: 'close' },
    result: (box: string, action: string) => `${box}: ${action}`,
    resultWithValue: (box: string, action: string, value: string) => `${box}: ${action} ${value}`,
  },
  {
    heading: 'مربعات الرسائل',
    queue: 'ضع تنبيهًا وتأكيدًا وطلب إدخال في الطابور',
    alertTitle: 'إشعار',
    alertText: 'تتوقف عمليات السحب للصيانة عند الساعة 02:00 بالتوقيت العالمي.',
    confirmTitle: 'تأكيد',
    confirmText: 'هل تريد إغلاق جميع مراكز BTCUSDT بسعر السوق؟',
    promptTitle: 'إدخال',
    promptText: 'رمز مكافحة التصيد (من 4 إلى 8 أحرف أو أرقام):',
    promptError: 'استخدم من 4 إلى 8 أحرف أو أرقام',
    ok: 'حسنًا',
    cancel: 'إلغاء',
    box: { alert: 'التنبيه', confirm: 'التأكيد', prompt: 'طلب الإدخال' },
    action: { confirm: 'تأكيد', cancel: 'إلغاء', close: 'إغلاق' },
    result: (box: string, action: string) => `${box}: ${action}`,
    resultWithValue: (box: string, action: string, value: string) => `${box}: ${action} ${value}`,
  },
);
