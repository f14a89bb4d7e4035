import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** The rich-text playground: its fields, and the untrusted sample it starts with (a listing notice with attacks in it). */
export const richTextPlayground = section(
  {
    heading: 'Rich text',
    input: 'Untrusted HTML',
    output: 'Sanitised',
    sample: {
      listing: 'Listing:',
      opens: (time: string) => `Trading opens at ${time}.`,
      claim: 'claim airdrop',
      rules: 'rules',
    },
  },
  {
    heading: 'النص المنسق',
    input: `${ltr('HTML')} غير موثوق`,
    output: 'بعد التنقية',
    sample: {
      listing: 'إدراج:',
      opens: (time: string) => `يبدأ التداول عند \u2066${time}\u2069.`,
      claim: 'احصل على الإيردروب',
      rules: 'القواعد',
    },
  },
);
