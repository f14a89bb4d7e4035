import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier, UponSanitizeAttributeHookEvent, WindowLike } from 'dompurify';
import { UnsafeDomWindowError } from './errors.js';
import { linkAttributesOf } from './link-attributes.js';
import type { ContentLogger } from './logger.js';
import { consoleContentLogger, silentContentLogger } from './logger.js';
import { allowedSchemes, parseHref } from './sanitize-href.js';
import type { ParsedHref } from './sanitize-href.js';
import { sanitizeStyle } from './sanitize-style.js';
import { boundedDimension } from './style-bounds.js';
import { assertClassName } from '../validate/class-name.js';
import { expectArray } from '../validate/describe-value.js';
import { escapeRegExp } from '../validate/reg-exp.js';
import { readRecord } from '../validate/describe-value.js';
import { createListCache } from './list-cache.js';

// Spec §S5: rich text keeps only these tags (docs/content-safety.md explains the choice).
export const RICH_TEXT_ALLOWED_TAGS: readonly string[] = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

// Spec §S5: and only these attributes. href and src go through the link rules; style through sanitizeStyle;
// rel is always recomputed by linkAttributes; no id or name (they can clobber DOM globals), no event handlers.
export const RICH_TEXT_ALLOWED_ATTRIBUTES: readonly string[] = [
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'class',
  'style',
  'target',
  'colspan',
  'rowspan',
  'align',
  'dir',
  'lang',
  'open',
  'start',
  'reversed',
  'type',
];

// Schemes an image source may use: an <img> never needs mailto, tel, market or an app scheme.
const IMAGE_SOURCE_SCHEMES = new Set(['http', 'https', 'data', 'blob']);

export interface RichTextOptions {
  /**
   * The DOM to sanitise with: the page's window in a browser (`platform.dom.window`), a jsdom window in Node.
   * A window that fails the self-test (happy-dom, for one) is refused with UnsafeDomWindowError. A DOM
   * `Window` is accepted as it is: TypeScript's type lacks the constructors DOMPurify's `WindowLike` lists,
   * though every real window has them (the self-test checks at run time).
   */
  window: WindowLike | Window;
  /** App schemes links may use, as for sanitizeHref. */
  appSchemes?: readonly string[];
  /** The product's own domains: links elsewhere get rel="nofollow". */
  ownDomains?: readonly string[];
  /** Receives a warning for every blocked link. Default console.warn; `silentContentLogger` drops it. */
  logger?: Pick<ContentLogger, 'warn'>;
  /**
   * The author classes the app's stylesheet is ready for: exact `names` and names starting with one of `prefixes`.
   * Every other class token is removed; with no list (the default) no class reaches the page, because a page
   * stylesheet's classes (`fixed inset-0 z-50`) can place content anywhere.
   */
  allowedClasses?: RichTextClassAllowList;
}

/** Which author classes rich text may keep: exact names, and names that start with one of the prefixes. */
export interface RichTextClassAllowList {
  names?: readonly string[];
  prefixes?: readonly string[];
}

interface ClassMatcher {
  names: ReadonlySet<string>;
  prefixes: readonly string[];
}

interface ActiveCall {
  appSchemes: readonly string[] | undefined;
  ownDomains: readonly string[];
  logger: Pick<ContentLogger, 'warn'>;
  /** Anchors whose href the attribute hook allowed, with the parsed href: they get rel once the walk is done. */
  links: Element[];
  parsedLinks: ParsedHref[];
  /** Anchors that kept target="_blank": the target goes again when the anchor ends up without an href. */
  newTabs: Element[];
  /**
   * Decisions already taken in this call, by attribute value: an article repeats its links and inline styles, and
   * both decisions depend on the value and this call's settings only. Never kept from one call to the next.
   */
  hrefs: Map<string, ParsedHref>;
  styles: Map<string, string>;
  /** The class allow-list of this call; undefined keeps no class. */
  classes: ClassMatcher | undefined;
}

interface WindowSanitizer {
  purifier: Purifier;
  /** The call in progress; the hooks read and fill it (sanitize is synchronous, so calls never overlap). */
  active: ActiveCall;
  /** The config last handed to setConfig: DOMPurify then skips re-reading it on every call. */
  config: Config;
}

function newCall(
  appSchemes: readonly string[] | undefined,
  ownDomains: readonly string[],
  logger: Pick<ContentLogger, 'warn'>,
  classes?: ClassMatcher,
): ActiveCall {
  return { appSchemes, ownDomains, logger, links: [], parsedLinks: [], newTabs: [], hrefs: new Map(), styles: new Map(), classes };
}

// HTML splits a class attribute on ASCII white space.
const CLASS_SEPARATOR = /[\t\n\f\r ]+/;

/** The class tokens of `value` the allow-list keeps, joined; '' when none. */
function allowedClassText(value: string, classes: ClassMatcher): string {
  const kept: string[] = [];
  for (const token of value.split(CLASS_SEPARATOR)) {
    if (token !== '' && (classes.names.has(token) || classes.prefixes.some((prefix) => token.startsWith(prefix)))) kept.push(token);
  }
  return kept.join(' ');
}

/** Checks an allowedClasses option once per call: every name and prefix one token without spaces. */
function classMatcher(list: RichTextClassAllowList): ClassMatcher {
  const read = readRecord('options.allowedClasses', list, 'sanitizeRichText');
  const field = (key: 'names' | 'prefixes'): string[] => {
    const values = read[key];
    if (values === undefined) return [];
    expectArray(`options.allowedClasses.${key}`, values, 'sanitizeRichText');
    return Array.from(values, (value) => assertClassName(value));
  };
  return { names: new Set(field('names')), prefixes: field('prefixes') };
}

// Stryker disable next-line ArrayDeclaration: the idle call never records a kept link (the self-test's only link is refused).
const idleCall = () => newCall(undefined, [], silentContentLogger);

const isAnchor = (node: Element) => node.nodeName.toLowerCase() === 'a';

/**
 * DOMPurify's own URI gate, rebuilt from the link allow-list as a second lock behind the href hook: the same
 * schemes the href hook allows (allowedSchemes throws InvalidAppSchemeError for a dangerous or malformed one).
 */
function uriPattern(appSchemes: readonly string[] | undefined): RegExp {
  const schemes = [...allowedSchemes(appSchemes)];
  return new RegExp(`^(?:(?:${schemes.map(escapeRegExp).join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');
}

function configFor(appSchemes: readonly string[] | undefined): Config {
  return {
    // body is the parser's container, never part of the output; allowing it spares DOMPurify unwrapping the
    // walk root, which costs a full move of the tree (about 1.5× the whole sanitise in jsdom).
    // Stryker disable next-line StringLiteral: without 'body' DOMPurify unwraps the root into a new body: slower, same output.
    ALLOWED_TAGS: [...RICH_TEXT_ALLOWED_TAGS, 'body'],
    ALLOWED_ATTR: [...RICH_TEXT_ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ALLOWED_URI_REGEXP: uriPattern(appSchemes),
    // Removed elements lose their text too when they are script-like (DOMPurify's default list, plus ours).
    ADD_FORBID_CONTENTS: [
      // Stryker disable StringLiteral: DOMPurify's own FORBID_CONTENTS already holds these five; named here so the list reads whole.
      'script',
      'noscript',
      'style',
      'template',
      'iframe',
      // Stryker restore StringLiteral
      'object',
      'embed',
      'textarea',
      'select',
    ],
    SAFE_FOR_TEMPLATES: false,
    WHOLE_DOCUMENT: false,
    // The body comes back as a node: the anchors get their rel before it is serialised (see finishLinks).
    RETURN_DOM: true,
    RETURN_DOM_FRAGMENT: false,
  };
}

const defaultConfig = configFor(undefined);
const configs = createListCache<Config>();

function installHooks(sanitizer: WindowSanitizer): void {
  const { purifier } = sanitizer;
  // One attribute-level hook: an element-level hook (afterSanitizeAttributes) would run on every element, when
  // only anchors need more work, and that is done on the recorded anchors once the walk is over.
  purifier.addHook('uponSanitizeAttribute', (node: Element, data: UponSanitizeAttributeHookEvent) => {
    const name = data.attrName;
    if (name === 'href' || name === 'src') {
      const call = sanitizer.active;
      let parsed = call.hrefs.get(data.attrValue);
      // Stryker disable next-line ConditionalExpression: a memo; the same value parsed again with the same settings gets the same verdict.
      if (parsed === undefined) {
        parsed = parseHref(data.attrValue, call.appSchemes);
        call.hrefs.set(data.attrValue, parsed);
      }
      const { verdict } = parsed;
      if (!verdict.allowed) {
        if (verdict.reason !== 'empty')
          call.logger.warn(`exkit: removed an unsafe ${name} from rich text (${verdict.reason})`, { value: data.attrValue });
        data.keepAttr = false;
        return;
      }
      if (name === 'src' && verdict.scheme !== undefined && !IMAGE_SOURCE_SCHEMES.has(verdict.scheme)) {
        data.keepAttr = false;
        return;
      }
      if (name === 'href' && verdict.scheme === 'data') {
        // Image data may be an image's source, never a link target.
        data.keepAttr = false;
        return;
      }
      data.attrValue = verdict.href;
      if (
        isAnchor(node) &&
        // Stryker disable next-line ConditionalExpression: finishLinks reads the anchor's own href; one recorded for its src gets that rel.
        name === 'href'
      ) {
        call.links.push(node);
        call.parsedLinks.push(parsed);
      }
    } else if (name === 'style') {
      const { styles } = sanitizer.active;
      let style = styles.get(data.attrValue);
      // Stryker disable next-line ConditionalExpression: a memo; sanitizeStyle gives the same value for the same input.
      if (style === undefined) {
        style = sanitizeStyle(data.attrValue);
        styles.set(data.attrValue, style);
      }
      if (style === '') data.keepAttr = false;
      else data.attrValue = style;
    } else if (name === 'class') {
      const { classes } = sanitizer.active;
      const text = classes ? allowedClassText(data.attrValue, classes) : '';
      if (text === '') data.keepAttr = false;
      else data.attrValue = text;
    } else if (name === 'width' || name === 'height') {
      // Size attributes map to the width and height properties: held to the same cap as a style would be.
      const bounded = boundedDimension(data.attrValue);
      if (bounded === null) data.keepAttr = false;
      else data.attrValue = bounded;
    } else if (name === 'target') {
      if (data.attrValue.toLowerCase() !== '_blank' || !isAnchor(node)) data.keepAttr = false;
      else {
        data.attrValue = '_blank';
        sanitizer.active.newTabs.push(node);
      }
    }
  });
}

/** Link attributes for the anchors the walk kept: rel from linkAttributes, and no target without an href. */
function finishLinks(call: ActiveCall): void {
  for (const node of call.newTabs) {
    if (node.getAttribute('href') === null) node.removeAttribute('target');
  }
  const { links, parsedLinks } = call;
  for (let i = 0; i < links.length; i++) {
    const node = links[i]!;
    const href = node.getAttribute('href');
    // DOMPurify's own checks may still have dropped the href after the hook allowed it.
    // Stryker disable next-line ConditionalExpression: a shortcut; a null href parses as 'not a string', which gets no rel.
    if (href === null) continue;
    const recorded = parsedLinks[i]!;
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: the recorded and fresh verdicts agree.
    // DOMPurify writes back the value the hook set, so reading the recorded verdict or parsing again gives the same.
    const parsed = recorded.verdict.allowed && recorded.verdict.href === href ? recorded : parseHref(href, call.appSchemes);
    const { rel } = linkAttributesOf(parsed, href, {
      newTab: node.getAttribute('target') === '_blank',
      ownDomains: call.ownDomains,
    });
    if (rel) node.setAttribute('rel', rel);
  }
}

/** Runs DOMPurify with the hooks reading `call`, then finishes the links and serialises. */
function runSanitizer(sanitizer: WindowSanitizer, html: string, call: ActiveCall, config?: Config): string {
  // Text without markup comes back as it is, as DOMPurify itself does when it returns a string.
  if (!html.includes('<')) return html;
  const previous = sanitizer.active;
  sanitizer.active = call;
  try {
    // RETURN_DOM is on (in every config here), so the result is the body element, not the string the types say.
    const body: unknown = config ? sanitizer.purifier.sanitize(html, config) : sanitizer.purifier.sanitize(html);
    // No body at all: the markup opened a <frameset>, which replaces the document's body, and nothing a frameset
    // holds is allowed. DOMPurify's string mode gives '' here; so do we (the content's fault, not the window's).
    if (body === null) return '';
    // Otherwise DOMPurify returns the body node; a window whose elements serialise to no string is refused.
    if (typeof (body as Element).innerHTML !== 'string') {
      throw new UnsafeDomWindowError('DOMPurify returned no element to serialise on this window');
    }
    finishLinks(call);
    return (body as Element).innerHTML;
  } finally {
    sanitizer.active = previous;
  }
}

// Hostile markup every trusted window must clean; the output must keep the harmless part and nothing else.
const SELF_TEST_INPUT =
  '<p>ok</p><img src="x" onerror="alert(1)"><script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
  '<svg onload="alert(1)"></svg><!-- note --><div style="width: expression(alert(1))">y</div>';
const SELF_TEST_FORBIDDEN = /<script|<svg|onerror|onload|javascript:|expression|<!--|alert/i;

const sanitizers = new WeakMap<object, WindowSanitizer>();

function sanitizerFor(win: WindowLike | Window): WindowSanitizer {
  const cached = sanitizers.get(win);
  if (cached) return cached;
  let purifier: Purifier;
  try {
    purifier = DOMPurify(win as WindowLike);
  } catch (cause) {
    throw new UnsafeDomWindowError('DOMPurify could not start on this window', { cause: String(cause) });
  }
  if (!purifier.isSupported) throw new UnsafeDomWindowError('DOMPurify does not support this window');
  const sanitizer: WindowSanitizer = { purifier, active: idleCall(), config: defaultConfig };
  installHooks(sanitizer);
  let output: string;
  try {
    output = runSanitizer(sanitizer, SELF_TEST_INPUT, idleCall(), defaultConfig);
  } catch (cause) {
    throw new UnsafeDomWindowError('The rich-text self-test threw on this window', { cause: String(cause) });
  }
  if (SELF_TEST_FORBIDDEN.test(output) || !output.includes('<p>ok</p>')) {
    throw new UnsafeDomWindowError('This window failed the rich-text self-test: it left unsafe markup in place', { output });
  }
  purifier.setConfig(defaultConfig);
  sanitizers.set(win, sanitizer);
  return sanitizer;
}

/**
 * Sanitises untrusted HTML (spec §S5): an allow-list of tags and attributes, script and noscript bodies
 * removed, comments dropped, unsafe styles and styles past the layout caps removed, sizes capped, author classes
 * removed unless allow-listed, every href and src through the link rules. Render the result in a contained box
 * (renderRichText, or SafeRichText in React) so that it cannot paint or take clicks outside it.
 */
export function sanitizeRichText(html: string, options: RichTextOptions): string {
  options = readRecord('options', options, 'sanitizeRichText');
  const sanitizer = sanitizerFor(options.window);
  let config = defaultConfig;
  if (options.appSchemes) {
    // configFor validates the schemes (throws InvalidAppSchemeError) as it builds the URI pattern from them.
    const appSchemes = options.appSchemes;
    config = configs.get(appSchemes, () => configFor(appSchemes));
  }
  // Stryker disable next-line ConditionalExpression: a cache; handing DOMPurify the config it already has changes no setting.
  if (sanitizer.config !== config) {
    sanitizer.purifier.setConfig(config);
    sanitizer.config = config;
  }
  // Stryker disable next-line ArrayDeclaration: a host name holds no space, so it can never match the mutant's stray domain.
  const classes = options.allowedClasses === undefined ? undefined : classMatcher(options.allowedClasses);
  const call = newCall(options.appSchemes, options.ownDomains ?? [], options.logger ?? consoleContentLogger, classes);
  return runSanitizer(sanitizer, String(html), call);
}
