import { ltr } from '../isolate.js';
import { section } from '../text-types.js';

/** The link playground: its fields, the verdict (the link rules' kind codes named in words), and the sample anchor. */
export const linkPlayground = section(
  {
    heading: 'Links',
    href: 'href',
    newTab: 'new tab',
    allowed: (kind: string) => `allowed (${kind})`,
    /** The reason is the link rules' own (English) wording, shown as it comes. */
    blocked: (reason: string) => `blocked: ${reason}`,
    kind: {
      absolute: 'absolute',
      'protocol-relative': 'protocol-relative',
      'root-relative': 'root-relative',
      relative: 'relative',
      query: 'query',
      fragment: 'fragment',
    },
    link: 'the link',
  },
  {
    heading: 'الروابط',
    href: `عنوان الرابط (${ltr('href')})`,
    newTab: 'علامة تبويب جديدة',
    allowed: (kind: string) => `مسموح (${kind})`,
    blocked: (reason: string) => `محظور: ${reason}`,
    kind: {
      absolute: 'مطلق',
      'protocol-relative': 'نسبي للبروتوكول',
      'root-relative': 'نسبي لجذر الموقع',
      relative: 'نسبي',
      query: 'استعلام',
      fragment: 'جزء من الصفحة',
    },
    link: 'الرابط',
  },
);
