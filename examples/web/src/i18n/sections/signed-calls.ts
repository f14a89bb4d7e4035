import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** The signed calls: what each sends and the button. */
export const signedCalls = section(
  {
    heading: 'Signed calls',
    intro: 'GET /v1/user/overview/userinfo (mode 1) and POST /v1/spot/order/place (mode 2).',
    readAccount: 'Read your account (GET, sign mode 1)',
    placeOrder: 'Place a spot order (POST, sign mode 2)',
    send: 'Send signed calls',
  },
  {
    heading: 'الطلبات الموقَّعة',
    intro: `${ltr('GET /v1/user/overview/userinfo')} (وضع التوقيع 1) و${ltr('POST /v1/spot/order/place')} (وضع التوقيع 2).`,
    readAccount: `قراءة حسابك (${ltr('GET')}، وضع التوقيع 1)`,
    placeOrder: `تقديم أمر فوري (${ltr('POST')}، وضع التوقيع 2)`,
    send: 'أرسل الطلبات الموقَّعة',
  },
);
