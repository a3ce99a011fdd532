import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every user-visible text of the interface comes from the catalogs (issue "Five languages"). This test
 * reads every component of web/src and fails on text written into JSX: text children, string children
 * (`{'…'}`) and string values of text attributes (aria-label, alt, title, placeholder, label, …).
 * Code samples (inside <code>, <pre>, <kbd>, <samp>) and the names below are allowed.
 */
const SOURCE_ROOT = join(import.meta.dirname, '..');

/** Brand, product and technical names that read the same in every language. */
const ALLOWED = new Set([
  'Kaleido',
  'Google',
  'GitHub',
  'Apple',
  'Microsoft',
  'API',
  'REST',
  'JSON',
  'cURL',
  'curl',
  'Node.js',
  'Python',
  'JavaScript',
  'TypeScript',
  'PNG',
  'MP4',
  'URL',
  'HTTP',
  'HTTPS',
  'Bearer',
  'OpenAPI',
  'Visa',
  'Mastercard',
  'PWA',
]);

/** Attributes whose values people read or hear. */
const TEXT_ATTRIBUTE =
  /^(aria-label|aria-description|aria-valuetext|aria-roledescription|aria-placeholder|alt|title|placeholder|label|[a-z]+Label|description|hint|heading|message|tooltip|caption|subtitle|text|emptyText|helperText)$/;
const CODE_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp']);
const LETTER = /\p{L}/u;

function componentFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'sw') files.push(...componentFiles(path));
    } else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx')) files.push(path);
  }
  return files;
}

function tagName(node: ts.JsxElement | ts.JsxSelfClosingElement): string {
  const tag = ts.isJsxElement(node) ? node.openingElement.tagName : node.tagName;
  return tag.getText();
}

function insideCode(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (
      (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent)) &&
      CODE_ELEMENTS.has(tagName(parent))
    ) {
      return true;
    }
  }
  return false;
}

function isUserText(text: string): boolean {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return LETTER.test(trimmed) && !ALLOWED.has(trimmed);
}

export function literalTexts(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${relative(SOURCE_ROOT, path)}:${line + 1}  ${text.replace(/\s+/g, ' ').trim()}`);
  };
  const stringOf = (expression: ts.Expression | undefined): string | undefined => {
    if (!expression) return undefined;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      return expression.text;
    if (ts.isParenthesizedExpression(expression)) return stringOf(expression.expression);
    return undefined;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isUserText(node.text) && !insideCode(node)) report(node, node.text);
    if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      const text = stringOf(node.expression);
      if (text !== undefined && isUserText(text) && !insideCode(node)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTE.test(node.name.getText())) {
      const initializer = node.initializer;
      const text =
        initializer && ts.isStringLiteral(initializer)
          ? initializer.text
          : initializer && ts.isJsxExpression(initializer)
            ? stringOf(initializer.expression)
            : undefined;
      if (text !== undefined && isUserText(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('interface text comes from the catalogs', () => {
  it('finds text written into JSX (the check itself)', () => {
    const sample = `export const A = () => (<div title="Close dialog" aria-label={'Open'}>
      Hello there<code>npm start</code>{'Save'}<b>Kaleido</b><i className="x" />{count}
    </div>);`;
    expect(literalTexts(join(SOURCE_ROOT, 'sample.tsx'), sample).map((line) => line.split('  ')[1])).toEqual([
      'Close dialog',
      'Open',
      'Hello there',
      'Save',
    ]);
  });

  it('has no literal user-visible text in any component of web/src', () => {
    const offenders = componentFiles(SOURCE_ROOT).flatMap((path) =>
      literalTexts(path, readFileSync(path, 'utf8')),
    );
    expect(offenders, `Move these texts into web/src/i18n/messages:\n${offenders.join('\n')}`).toEqual([]);
  });
});
