import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** The language panel: the interface language, the request messages, and every locale the library knows. */
export const localePanel = section(
  {
    heading: 'Language',
    select: 'Interface language',
    otherLocale: (name: string, locale: string) => `${name} (${locale}): interface in English`,
    siteLocale: 'site locale',
    direction: 'direction',
    loginExpired: 'login expired',
    timeout: 'timeout',
    catalogue: (count: number) => `Every locale the library knows (${count})`,
    columns: {
      locale: 'Locale',
      name: 'Name',
      prefix: 'Path prefix',
      languageKey: 'Request language key',
      currency: 'Default currency',
      direction: 'Direction',
    },
    noPrefix: 'none',
  },
  {
    heading: 'اللغة',
    select: 'لغة الواجهة',
    otherLocale: (name: string, locale: string) => `${name} (${ltr(locale)}): الواجهة بالإنجليزية`,
    siteLocale: 'لغة الموقع',
    direction: 'الاتجاه',
    loginExpired: 'انتهاء الجلسة',
    timeout: 'انتهاء المهلة',
    catalogue: (count: number) => `كل اللغات التي تعرفها المكتبة (${count})`,
    columns: {
      locale: 'رمز اللغة',
      name: 'الاسم',
      prefix: 'بادئة المسار',
      languageKey: 'مفتاح لغة الطلب',
      currency: 'العملة الافتراضية',
      direction: 'الاتجاه',
    },
    noPrefix: 'بلا بادئة',
  },
);
