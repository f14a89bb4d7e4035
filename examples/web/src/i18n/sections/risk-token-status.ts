import { section } from '../text-types.js';

/** The device identity: the risk token and the fingerprint's terminal code. */
export const riskTokenStatus = section(
  {
    heading: 'Device identity',
    riskToken: 'risk token',
    kind: 'token kind',
    refreshing: 'refreshing',
    yes: 'yes',
    no: 'no',
    terminalCode: 'terminal code',
    computing: 'computing…',
    refresh: 'Refresh risk token',
  },
  {
    heading: 'هوية الجهاز',
    riskToken: 'رمز المخاطر',
    kind: 'نوع الرمز',
    refreshing: 'قيد التحديث',
    yes: 'نعم',
    no: 'لا',
    terminalCode: 'رمز الجهاز الطرفي',
    computing: 'جارٍ الحساب…',
    refresh: 'تحديث رمز المخاطر',
  },
);
