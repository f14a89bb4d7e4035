import { section } from '../text-types.js';

/** The spot plan order panel: its size field, why the figures show "--", why a typed size was not taken, and the figures' names. */
export const spotPlanPanel = section(
  {
    heading: (orderNo: string) => `Spot plan order ${orderNo}`,
    size: 'Size (BTC)',
    filledSoFar: (filled: string) => `Filled so far: ${filled}.`,
    /** Why the figures show "--" (the service's issue codes). */
    issue: {
      'incomplete-size': 'Enter a size above zero to see the figures.',
      'below-filled': (filled: string) => `${filled} of this order has already filled: the size cannot be smaller.`,
      'no-price': 'Waiting for the first mark price.',
    },
    /** Why a typed size was not taken (the amount field's refusal codes): the field keeps the previous size. */
    refusal: {
      sign: 'Not taken: a size has no sign.',
      exponent: 'Not taken: write the size in full, without an exponent.',
      'ambiguous-separator': 'Not taken: use one dot for the decimal point.',
      'too-many-digits': 'Not taken: at most 20 digits before the point.',
      'not-finite': 'Not taken: not a number.',
    },
    figures: {
      buyPrice: 'buy price',
      filled: 'filled',
      averageBuyPrice: 'average buy price',
      cost: 'cost',
      marketValue: 'market value',
      unrealizedPnl: 'unrealised PnL',
      yield: 'yield',
    },
  },
  {
    heading: (orderNo: string) => `أمر الشراء المخطط الفوري ${orderNo}`,
    size: 'الحجم (BTC)',
    filledSoFar: (filled: string) => `المنفَّذ حتى الآن: ${filled}.`,
    issue: {
      'incomplete-size': 'أدخل حجمًا أكبر من صفر لعرض الأرقام.',
      'below-filled': (filled: string) => `نُفِّذ ${filled} من هذا الأمر بالفعل: لا يمكن أن يكون الحجم أصغر من ذلك.`,
      'no-price': 'بانتظار أول سعر علامة.',
    },
    refusal: {
      sign: 'لم يُقبل: الحجم لا يحمل إشارة.',
      exponent: 'لم يُقبل: اكتب الحجم كاملًا دون أس.',
      'ambiguous-separator': 'لم يُقبل: استخدم نقطة واحدة للفاصلة العشرية.',
      'too-many-digits': 'لم يُقبل: 20 رقمًا على الأكثر قبل الفاصلة العشرية.',
      'not-finite': 'لم يُقبل: ليس رقمًا.',
    },
    figures: {
      buyPrice: 'سعر الشراء',
      filled: 'المنفَّذ',
      averageBuyPrice: 'متوسط سعر الشراء',
      cost: 'التكلفة',
      marketValue: 'القيمة السوقية',
      unrealizedPnl: 'الربح والخسارة غير المحققة',
      yield: 'العائد',
    },
  },
);
