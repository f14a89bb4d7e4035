// Finds interface text written into the example's source instead of read from its catalogue
// (examples/web/src/i18n). Parsed with the TypeScript compiler, so a string is judged by where it goes, not by
// how it looks:
//
// - JSX text with letters (`<h2>Toasts</h2>`), and string or template literals placed as JSX children
//   (`{done ? 'Done' : 'Pending'}`);
// - literals given to attributes a visitor reads or hears: title, aria-label, aria-description, placeholder,
//   alt, label (and, on the example's own components, props named like text: heading, leaveLabel, hintText…);
// - literals given to the UI library's calls that show text: toast.success(…) and the other toast types,
//   toast.promise's loading/success/error, notify({ title, message }), the message box's
//   alert/confirm/prompt (message, title, confirmText, cancelText, inputPlaceholder, inputErrorMessage…),
//   the loading overlay's text.
//
// A literal is followed one step back: an identifier is traced to the constant (or default value) it names,
// `SAMPLES.success` and `SAMPLES[type]` to the object literal's values, in the example's own files. What comes
// from the catalogue (`useText().section.key`) is never followed, so it is never reported.
//
// Not interface text, so allowed:
// - anything inside <code>, <pre>, <kbd>, <samp>, an island <bdi dir="ltr"> (or <bdi> without dir), an element
//   marked dir="ltr", or an element marked
//   `data-verbatim` or HTML's `translate="no"` (data shown as it is: identifiers, JSON, paths, codes, a
//   language's own name);
// - a text whose every word is a ticker or asset (BTCUSDT, BTC, USDT, the example's sample token EXK…), a product name (the brand "exkit",
//   the platforms iOS and Android), or a unit (ms, px, KB);
// - letters inside `${…}` of a template (values, not text).
import ts from 'typescript';

/** One interface text found in source. */
export interface Offender {
  file: string;
  line: number;
  /** Where it goes: 'jsx-text', 'attribute title', 'call toast.success', … */
  kind: string;
  text: string;
}

/** Attributes whose value a visitor reads or hears, on any element. */
const TEXT_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
]);

/** Props of the example's own components (capitalised tags) that carry text, by name. */
const TEXT_PROP =
  /^(title|label|heading|caption|message|text|hint|description|placeholder|children)$|(Label|Text|Title|Message|Heading|Hint|Description|Placeholder|Caption)$/;

/** Elements whose content is shown as data, never translated. */
const VERBATIM_TAGS = new Set(['code', 'pre', 'kbd', 'samp']);
/** The attribute that marks an element's content as data shown as it is (also honoured by the RTL journey). */
export const VERBATIM_ATTRIBUTE = 'data-verbatim';

/** Option keys of the UI library's calls that are shown as text. */
const TEXT_OPTIONS = new Set([
  'message',
  'title',
  'text',
  'label',
  'description',
  'confirmText',
  'cancelText',
  'okText',
  'closeLabel',
  'inputPlaceholder',
  'inputErrorMessage',
]);
const TOAST_METHODS = new Set(['success', 'error', 'warning', 'info', 'question', 'loading']);
const BOX_METHODS = new Set(['alert', 'confirm', 'prompt']);

/** Words that are not interface text: tickers and assets, the brand, units (the RTL journey allows the same). */
export const ALLOWED_WORD =
  /^(?:(?:BTC|ETH|SOL|BNB|XRP|DOGE|TRX|EXK|USDT|USDC|USD)+(?:-PERP)?|(?:BTC|ETH|SOL|EXK)\/(?:USDT|USDC|USD)|exkit|iOS|Android|ms|px|KB|MB)$/;

const LETTER = /\p{L}/u;

/** True when `text` (placeholders already removed) has letters that are not all allowed words. */
export function isInterfaceText(text: string): boolean {
  return text
    .split(/[^\p{L}\p{N}/_-]+/u)
    .filter((word) => LETTER.test(word))
    .some((word) => !ALLOWED_WORD.test(word));
}

interface Found {
  node: ts.Node;
  /** The text as shown in the report. */
  shown: string;
  /** The literal parts only (what is judged). */
  literal: string;
}

/** Scans files of one program; `files` are the paths whose literals count (others are never followed). */
export function scanProgram(program: ts.Program, files: readonly string[], displayName: (file: string) => string = (f) => f): Offender[] {
  const checker = program.getTypeChecker();
  const scanned = new Set(files);
  const offenders: Offender[] = [];
  const seen = new Set<string>();

  const report = (found: Found, kind: string) => {
    if (!isInterfaceText(found.literal)) return;
    const sf = found.node.getSourceFile();
    const line = sf.getLineAndCharacterOfPosition(found.node.getStart(sf)).line + 1;
    const key = `${sf.fileName}:${found.node.getStart(sf)}`;
    if (seen.has(key)) return;
    seen.add(key);
    offenders.push({ file: displayName(sf.fileName), line, kind, text: found.shown.replace(/\s+/g, ' ').trim() });
  };

  /** The declaration `node` names, when it is in a scanned file. */
  const declarationOf = (node: ts.Node): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    return declaration && scanned.has(declaration.getSourceFile().fileName) ? declaration : undefined;
  };

  /** The object literal an expression names (a const initialised with one), if any. */
  const objectLiteralOf = (expression: ts.Expression, depth: number): ts.ObjectLiteralExpression | undefined => {
    const inner = skipOuter(expression);
    if (ts.isObjectLiteralExpression(inner)) return inner;
    if (depth > 3 || !ts.isIdentifier(inner)) return undefined;
    const declaration = declarationOf(inner);
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
      return objectLiteralOf(declaration.initializer, depth + 1);
    return undefined;
  };

  /** The string literals that can flow into `expression`. */
  const literalsOf = (expression: ts.Expression | undefined, depth = 0): Found[] => {
    if (!expression || depth > 4) return [];
    const e = skipOuter(expression);
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [{ node: e, shown: e.text, literal: e.text }];
    if (ts.isTemplateExpression(e)) {
      const parts = [e.head.text, ...e.templateSpans.map((s) => s.literal.text)];
      const shown = e.head.text + e.templateSpans.map((s) => `\${${s.expression.getText()}}${s.literal.text}`).join('');
      const inner = e.templateSpans.flatMap((s) => literalsOf(s.expression, depth + 1));
      return [{ node: e, shown, literal: parts.join(' ') }, ...inner];
    }
    if (ts.isConditionalExpression(e)) return [...literalsOf(e.whenTrue, depth + 1), ...literalsOf(e.whenFalse, depth + 1)];
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOf(e.right, depth + 1);
      if (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
        return [...literalsOf(e.left, depth + 1), ...literalsOf(e.right, depth + 1)];
      return [];
    }
    if (ts.isIdentifier(e)) {
      const declaration = declarationOf(e);
      if (!declaration) return [];
      if (
        (ts.isVariableDeclaration(declaration) || ts.isBindingElement(declaration) || ts.isParameter(declaration)) &&
        declaration.initializer
      )
        return literalsOf(declaration.initializer, depth + 1);
      return [];
    }
    if (ts.isPropertyAccessExpression(e)) {
      const declaration = declarationOf(e.name);
      if (declaration && ts.isPropertyAssignment(declaration)) return literalsOf(declaration.initializer, depth + 1);
      return [];
    }
    if (ts.isElementAccessExpression(e)) {
      const object = objectLiteralOf(e.expression, depth + 1);
      if (!object) return [];
      return object.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? literalsOf(p.initializer, depth + 1) : []));
    }
    if (ts.isArrayLiteralExpression(e)) return e.elements.flatMap((el) => literalsOf(el as ts.Expression, depth + 1));
    return [];
  };

  /** The text options of an options object (following spreads of local constants). */
  const optionTexts = (expression: ts.Expression, keys: ReadonlySet<string>, depth = 0): [string, Found][] => {
    const object = objectLiteralOf(expression, depth);
    if (!object) return [];
    return object.properties.flatMap((p): [string, Found][] => {
      if (ts.isSpreadAssignment(p)) return depth < 3 ? optionTexts(p.expression, keys, depth + 1) : [];
      if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p)) return [];
      const name = p.name.getText().replace(/^['"]|['"]$/g, '');
      if (!keys.has(name)) return [];
      const value = ts.isPropertyAssignment(p) ? p.initializer : p.name;
      return literalsOf(value).map((found): [string, Found] => [name, found]);
    });
  };

  const inVerbatim = (node: ts.Node): boolean => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (ts.isJsxElement(at)) {
        const opening = at.openingElement;
        const tag = opening.tagName.getText();
        if (VERBATIM_TAGS.has(tag)) return true;
        // A <bdi> isolates its content (left to right, or by its first letter without dir): an island of data.
        if (tag === 'bdi' && attributeText(opening, 'dir')?.toLowerCase() !== 'rtl') return true;
        // Any element marked left to right is an island too (a request line, a JSON block).
        if (attributeText(opening, 'dir')?.toLowerCase() === 'ltr') return true;
        if (attributeText(opening, VERBATIM_ATTRIBUTE) !== undefined || attributeText(opening, 'translate') === 'no') return true;
      }
    }
    return false;
  };

  /** A short name of a call's callee: `toast.success`, `box.alert`, `toast[type]`, `notify`. */
  const calleeName = (callee: ts.Expression): string => {
    if (ts.isIdentifier(callee)) return callee.text;
    if (ts.isPropertyAccessExpression(callee)) return `${calleeName(callee.expression)}.${callee.name.text}`;
    if (ts.isElementAccessExpression(callee)) return `${calleeName(callee.expression)}[]`;
    if (ts.isCallExpression(callee)) return `${calleeName(callee.expression)}()`;
    return callee.getText();
  };

  const visitCall = (call: ts.CallExpression) => {
    const name = calleeName(call.expression);
    const last = name.split('.').at(-1)!;
    const owner = name.split('.').slice(0, -1).join('.');
    const isToast =
      /^toast$/i.test(name) ||
      (/toast/i.test(owner) && TOAST_METHODS.has(last)) ||
      (/toast/i.test(name) && name.endsWith('[]') && call.arguments.length > 0);
    const isBox = BOX_METHODS.has(last) && (owner !== '' || name === last);
    const isNotify = last === 'notify';
    const isLoading = (last === 'show' || last === 'track') && /loading|overlay/i.test(owner);
    const isPromise = last === 'promise' && /toast/i.test(owner);
    if (!isToast && !isBox && !isNotify && !isLoading && !isPromise) return;
    const kind = `call ${name}`;
    call.arguments.forEach((arg, index) => {
      if (isPromise && index === 1) {
        for (const [key, found] of optionTexts(arg, new Set(['loading', 'success', 'error', ...TEXT_OPTIONS])))
          report(found, `${kind} ${key}`);
        return;
      }
      if (isPromise || (isLoading && last === 'track' && index === 0)) return;
      const options = optionTexts(arg, TEXT_OPTIONS);
      for (const [key, found] of options) report(found, `${kind} ${key}`);
      if (!objectLiteralOf(arg, 0)) for (const found of literalsOf(arg)) report(found, kind);
    });
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text) && !inVerbatim(node)) report({ node, shown: node.text, literal: node.text }, 'jsx-text');
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      if (!inVerbatim(node)) for (const found of literalsOf(node.expression)) report(found, 'jsx-child');
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText();
      const tag = (node.parent.parent as ts.JsxOpeningLikeElement).tagName.getText();
      const component = /^[A-Z]/.test(tag) || tag.includes('.');
      if (TEXT_ATTRIBUTES.has(name) || (component && TEXT_PROP.test(name))) {
        const value = node.initializer;
        const found = !value
          ? []
          : ts.isStringLiteral(value)
            ? literalsOf(value)
            : ts.isJsxExpression(value)
              ? literalsOf(value.expression)
              : [];
        for (const f of found) report(f, `attribute ${name}`);
      }
    } else if (ts.isCallExpression(node)) {
      visitCall(node);
    }
    ts.forEachChild(node, visit);
  };

  for (const file of files) {
    const sf = program.getSourceFile(file);
    if (sf) visit(sf);
  }
  return offenders.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The value of a JSX attribute written as a string ('' for a bare attribute), or undefined without it. */
function attributeText(element: ts.JsxOpeningLikeElement, name: string): string | undefined {
  const attribute = element.attributes.properties.find((a) => ts.isJsxAttribute(a) && a.name.getText() === name) as
    ts.JsxAttribute | undefined;
  if (!attribute) return undefined;
  const value = attribute.initializer;
  if (value === undefined) return '';
  if (ts.isStringLiteral(value)) return value.text;
  if (ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)) return value.expression.text;
  return '';
}

function skipOuter(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isTypeAssertionExpression(e)
  )
    e = e.expression;
  return e;
}

const OPTIONS: ts.CompilerOptions = {
  jsx: ts.JsxEmit.ReactJSX,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  // Only the scanned files themselves: no library types are needed to tell where a literal goes.
  noResolve: true,
  noLib: true,
  types: [],
  noEmit: true,
};

/** Scans files on disk. */
export function scanFiles(files: readonly string[], displayName?: (file: string) => string): Offender[] {
  return scanProgram(ts.createProgram(files, OPTIONS), files, displayName);
}

/** Scans one source text (a .tsx file named `name`), as the scanner's own tests do. */
export function scanSource(source: string, name = 'inline.tsx'): Offender[] {
  const host = ts.createCompilerHost(OPTIONS);
  const original = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    file === name ? ts.createSourceFile(file, source, language, true, ts.ScriptKind.TSX) : original(file, language, ...rest);
  host.fileExists = (file) => file === name;
  host.readFile = (file) => (file === name ? source : undefined);
  return scanProgram(ts.createProgram([name], OPTIONS, host), [name]);
}
