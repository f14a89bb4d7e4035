import { section } from '../text-types.js';

/** The amount input demo: its fields, the value it holds, and why a typed amount was not taken. */
export const amountInputDemo = section(
  {
    heading: 'Amount input',
    decimals: 'Decimals',
    amount: 'Amount',
    placeholder: (sample: string) => `try ${sample}`,
    value: 'Value:',
    /** Why a typed amount was not taken (the amount field's refusal codes): the field keeps the previous value. */
    refusal: {
      sign: 'Not taken: an amount has no sign.',
      exponent: 'Not taken: write the amount in full, without an exponent.',
      'ambiguous-separator': 'Not taken: use one dot for the decimal point.',
      'too-many-digits': 'Not taken: at most 20 digits before the point.',
      'not-finite': 'Not taken: not a number.',
    },
  },
  {
    heading: 'حقل المبلغ',
    decimals: 'المنازل العشرية',
    amount: 'المبلغ',
    placeholder: (sample: string) => `جرّب \u2066${sample}\u2069`,
    value: 'القيمة:',
    refusal: {
      sign: 'لم يُقبل: المبلغ لا يحمل إشارة.',
      exponent: 'لم يُقبل: اكتب المبلغ كاملًا دون أس.',
      'ambiguous-separator': 'لم يُقبل: استخدم نقطة واحدة للفاصلة العشرية.',
      'too-many-digits': 'لم يُقبل: 20 رقمًا على الأكثر قبل الفاصلة العشرية.',
      'not-finite': 'لم يُقبل: ليس رقمًا.',
    },
  },
);
