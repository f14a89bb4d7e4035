import { section } from '../text-types.js';

/** The requests as they left the page. */
export const wireLog = section(
  {
    heading: 'Requests as sent',
    empty: 'No API request yet.',
  },
  {
    heading: 'الطلبات كما أُرسلت',
    empty: 'لا يوجد طلب API بعد.',
  },
);
