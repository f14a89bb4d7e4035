// Layout payloads that try to make sanitised rich text cover an order form and take its click: the ones measured
// against the earlier rules (each covered 97–100 % of the form placed after the form, 57–62 % before it), then
// variations generated over sizes, units, calc(), margins, borders, fonts, images and size attributes. Each
// template is placed before and after the form, inside a link and not.

/** Where the content goes relative to the order form. */
export type Slot = 'before' | 'after';

export interface LayoutPayload {
  id: string;
  html: string;
  slot: Slot;
}

// A real image (1×1 transparent PNG) so that size attributes and styles apply to a replaced element with a source.
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The payloads measured against the earlier rules, and the utility-class one (the page defines those classes). */
export const ISSUE_PAYLOADS: readonly [string, string][] = [
  [
    'viewport image pulled up',
    `<a href="https://evil.example/"><img src="${PIXEL}" style="width:100vw;height:100vh;margin-top:-100vh"></a>`,
  ],
  [
    'viewport image pulled up by calc()',
    `<a href="https://evil.example/"><img src="${PIXEL}" style="width:100vw;height:100vh;margin-top:calc(-100vh - 0px)"></a>`,
  ],
  [
    '3000 px transparent padding',
    '<a href="https://evil.example/"><span style="padding:3000px;background-color:rgba(0,0,0,0)">x</span></a>',
  ],
  ['3000 px transparent border', '<a href="https://evil.example/"><span style="border:3000px solid rgba(0,0,0,0)">x</span></a>'],
  [
    '3000 px image attributes with negative margins',
    `<a href="https://evil.example/"><img src="${PIXEL}" width="3000" height="3000" style="margin-top:-1500px;margin-left:-1500px"></a>`,
  ],
  ['3000 px invisible letter', '<a href="https://evil.example/" style="font-size:3000px;line-height:0;color:rgba(0,0,0,0)">W</a>'],
  ['utility classes: a full-page invisible link', '<a href="https://evil.example/" class="fixed inset-0 z-50 opacity-0">x</a>'],
];

const BIG = [
  '100vw',
  '100vh',
  '3000px',
  '250%',
  '200em',
  '1e4px',
  '2000pt',
  '80cm',
  'calc(100vh + 0px)',
  'calc(100% + 3000px)',
  'calc(50% + 1201px)',
];
const NEGATIVE = ['-100vh', '-1500px', '-200%', '-50em', '-1e4px', 'calc(0px - 3000px)', 'calc(-100vh - 0px)', 'calc(10px - 100%)'];

/** Each template gets one size from each list, picked by index so that every value is used and the corpus stays small. */
function templates(): [string, string][] {
  const out: [string, string][] = [];
  const big = (i: number) => BIG[i % BIG.length]!;
  const neg = (i: number) => NEGATIVE[i % NEGATIVE.length]!;
  for (let i = 0; i < BIG.length; i++) {
    out.push([
      `image ${big(i)} pulled by ${neg(i)}`,
      `<img src="${PIXEL}" style="width:${big(i)};height:${big(i + 1)};margin-top:${neg(i)}">`,
    ]);
    out.push([`padding ${big(i)}`, `<span style="padding:${big(i)};background-color:rgba(0,0,0,0)">x</span>`]);
    out.push([`border ${big(i)}`, `<span style="border:${big(i)} solid transparent">x</span>`]);
    out.push([`font-size ${big(i)}`, `<span style="font-size:${big(i)};line-height:0;color:rgba(0,0,0,0)">W</span>`]);
  }
  for (let i = 0; i < NEGATIVE.length; i++) {
    out.push([
      `block margins ${neg(i)}`,
      `<div style="margin-top:${neg(i)};margin-left:${neg(i + 3)};height:200px;width:${big(i)}">x</div>`,
    ]);
    out.push([`margin shorthand ${neg(i)}`, `<p style="margin:${neg(i)} 0 0 ${neg(i + 1)};padding:${big(i)}">x</p>`]);
    out.push([`text-indent ${neg(i)}`, `<p style="text-indent:${neg(i)};letter-spacing:${big(i)}">xx</p>`]);
  }
  out.push(
    ['image attributes 9999', `<img src="${PIXEL}" width="9999" height="9999" style="margin-top:-5000px">`],
    ['image attributes 1e4 and 200%', `<img src="${PIXEL}" width="1e4" height="200%">`],
    [
      'image attributes in px with a float',
      `<img src="${PIXEL}" width="5000px" height="3000px" align="left" style="float:left;margin-left:-2000px">`,
    ],
    [
      'table and cell size attributes',
      '<table width="5000" style="margin-top:-2000px"><tbody><tr><td height="4000">x</td></tr></tbody></table>',
    ],
    ['line-height', '<p style="line-height:3000px;margin-top:-1500px">x</p>'],
    ['line-height as a factor', '<p style="line-height:200;font-size:48px">x</p>'],
    ['vertical-align', '<span style="vertical-align:-3000px">x</span><span style="vertical-align:3000px">y</span>'],
    ['min-width and border-spacing', '<table style="min-width:10000px;border-spacing:3000px"><tbody><tr><td>x</td></tr></tbody></table>'],
    [
      'border widths per side',
      '<div style="border-width:3000px;border-style:solid;border-color:transparent;border-top:5000px solid transparent">x</div>',
    ],
    [
      'nested relative font sizes',
      '<div style="font-size:3em"><div style="font-size:3em"><div style="font-size:3em"><span style="font-size:300%">W</span></div></div></div>',
    ],
    ['quirks-mode plain numbers', '<div style="width:3000;height:3000;margin-top:-3000">x</div>'],
    [
      'max width and height with negative padding',
      `<img src="${PIXEL}" style="max-width:none;min-width:5000px;height:5000px;padding:-10px">`,
    ],
    ['percent sizes', `<img src="${PIXEL}" style="width:1000%;height:1000%;margin-left:-500%">`],
    ['invisible colours', '<span style="color:#0000;font-size:48px;padding:64px;background-color:transparent">W</span>'],
  );
  return out;
}

/**
 * The whole corpus: the issue's payloads and every generated template, each before and after the form, and each
 * generated one both bare and inside a link (the issue's are links already).
 */
export function layoutCorpus(): LayoutPayload[] {
  const out: LayoutPayload[] = [];
  for (const slot of ['after', 'before'] as const) {
    for (const [id, html] of ISSUE_PAYLOADS) out.push({ id: `${id} (${slot})`, html, slot });
    for (const [id, html] of templates()) {
      out.push({ id: `${id} (${slot})`, html, slot });
      out.push({ id: `${id} in a link (${slot})`, html: `<a href="https://evil.example/">${html}</a>`, slot });
    }
  }
  return out;
}
