import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** Signing init: its state, the signature engine, the server's config and the client key pair. */
export const signingStatus = section(
  {
    heading: 'Signing init',
    state: 'state',
    engine: 'engine',
    clientOpen: 'client open',
    yes: 'yes',
    no: 'no',
    keyPair: 'key pair',
    bound: 'bound to session',
    retry: 'Retry init',
  },
  {
    heading: 'تهيئة التوقيع',
    state: 'الحالة',
    engine: 'المحرِّك',
    clientOpen: `تشفير العميل (${ltr('client open')})`,
    yes: 'نعم',
    no: 'لا',
    keyPair: 'زوج المفاتيح',
    bound: 'مرتبط بالجلسة',
    retry: 'أعد التهيئة',
  },
);
