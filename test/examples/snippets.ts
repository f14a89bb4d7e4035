// Reads the runnable examples out of the getting-started guides and writes them where the package resolves
// itself by name ('exkit' → dist/ through package.json `exports`), in a git-ignored folder.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

export interface Snippet {
  guide: string;
  language: 'ts' | 'tsx';
  code: string;
  /** The `text` block that follows the code: what it prints. */
  output: string | undefined;
}

/** The first ts/tsx block under the guide's "## A first …" heading, and the text block after it. */
export function firstExample(guide: string): Snippet {
  const markdown = readFileSync(join(root, 'docs', guide), 'utf8');
  const section = markdown.split(/^## /m).find((s) => s.startsWith('A first '));
  if (!section) throw new Error(`${guide} has no "## A first …" section`);
  const fences = [...section.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => ({ language: m[1]!, body: m[2]! }));
  const code = fences.find((f) => f.language === 'ts' || f.language === 'tsx');
  if (!code) throw new Error(`${guide}: no ts/tsx example`);
  const next = fences[fences.indexOf(code) + 1];
  return { guide, language: code.language as 'ts' | 'tsx', code: code.body, output: next?.language === 'text' ? next.body : undefined };
}

/** Writes snippets into a fresh folder under test-results/ with a tsconfig that has no `paths`. */
export function writeSnippets(snippets: readonly Snippet[]): { dir: string; files: string[] } {
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const dir = mkdtempSync(join(root, 'test-results', 'doc-snippets-'));
  const files = snippets.map((s) => {
    const file = join(dir, s.guide.replace(/\.md$/, `.${s.language}`));
    writeFileSync(file, s.code);
    return file;
  });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [join(root, 'node_modules/@types')],
        },
        include: ['*.ts', '*.tsx'],
      },
      null,
      2,
    ),
  );
  return { dir, files };
}

/** The file a recipe (docs/recipes/<name>.md) shows: the first ts/tsx block under its "## The file" heading. */
export function recipe(name: string): Snippet {
  const markdown = readFileSync(join(root, 'docs', 'recipes', `${name}.md`), 'utf8');
  const section = markdown.split(/^## /m).find((s) => s.startsWith('The file'));
  if (!section) throw new Error(`recipes/${name}.md has no "## The file" section`);
  const fence = /^```(ts|tsx)\n([\s\S]*?)^```$/m.exec(section);
  if (!fence) throw new Error(`recipes/${name}.md: no ts/tsx block under "## The file"`);
  return { guide: `${name}.md`, language: fence[1] as 'ts' | 'tsx', code: fence[2]!, output: undefined };
}

/** Every recipe in docs/recipes/ (each markdown file but the index). */
export const RECIPES = ['login-core', 'login-react', 'dialog-react', 'toast-from-request', 'message-box-queue', 'futures-table'] as const;
