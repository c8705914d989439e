// All interface text goes through the catalogues: this test reads every source file of the app (TypeScript's own
// parser) and refuses English written into it: JSX text, text attributes (aria-label, title, placeholder, alt, …),
// text properties of objects (label, title, message, …) and sentence-like string literals. What is meant to stay
// (a brand, a developer's error, a format pattern) carries `i18n-ignore` in a comment on its line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';

const SRC = join(__dirname, '..', '..');

/** JSX attributes and object properties whose string value is shown to, or read out to, the user. */
const TEXT_NAMES = new Set([
  'aria-label',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'aria-description',
  'alt',
  'title',
  'placeholder',
  'label',
  'labelText',
  'description',
  'hint',
  'message',
  'text',
  'heading',
  'subtitle',
  'caption',
  'emptyText',
  'empty',
  'confirmLabel',
  'cancelLabel',
  'actionLabel',
  'submitLabel',
  'pendingLabel',
  'loadingLabel',
  'ariaLabel',
  'srLabel',
  'helper',
  'tooltip',
]);

/** Words and sentences: a capital letter, then at least one space and another word, or a final stop. */
const PROSE = /^[A-Z][A-Za-z’']*(?:[ ,]+[A-Za-z0-9’'{$][^\s]*)+[.!?…]?$|^[A-Z][a-z]+[.!?…]$/;

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (['test', 'mocks', 'sw', 'locales'].includes(entry.name)) continue;
      sourceFiles(path, into);
    } else if (
      /\.(ts|tsx)$/.test(entry.name) &&
      !/\.(test|testing)\.tsx?$/.test(entry.name) &&
      !/(^|[-/])(mocks?|testing|test-helpers|test-support|testing-plans)[-.]/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
    ) {
      into.push(path);
    }
  }
  return into;
}

/** `home.noBillsToPay`: a message key, not a text. */
const KEY = /^[a-z]+\.[A-Za-z0-9_.]+$/;

function findings(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const lines = code.split('\n');
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (KEY.test(text)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    if (/i18n-ignore/.test(lines[line] ?? '') || /i18n-ignore/.test(lines[line - 1] ?? '')) return;
    found.push(`${line + 1}: ${text.trim().slice(0, 60)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      // Developers' messages and the calls that take a key, not a text.
      if (/^(console\.\w+|new Error|Error|t|tRich|import|require)$/.test(callee)) return;
    }
    if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText(source))) return;
    if (ts.isJsxText(node) && /[A-Za-z]/.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText(source);
      if (TEXT_NAMES.has(name) && /[A-Za-z]/.test(node.initializer.text)) report(node, node.initializer.text);
      return;
    }
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      TEXT_NAMES.has(node.name.getText(source).replace(/['"]/g, '')) &&
      /[A-Za-z]/.test(node.initializer.text)
    ) {
      report(node, node.initializer.text);
      return;
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      PROSE.test(node.text) &&
      !ts.isPropertyAssignment(node.parent) // a key, or handled above
    ) {
      report(node, node.text);
    }
    if (ts.isTemplateExpression(node) && PROSE.test(node.head.text + 'x'.repeat(3))) {
      if (/[A-Za-z]{2,} /.test(node.head.text)) report(node, node.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no interface text outside the catalogues', () => {
  const files = sourceFiles(SRC).map((f) => [relative(SRC, f), f] as const);

  it('finds the files it reads', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('every file gives its text to t()', () => {
    const offenders: Record<string, string[]> = {};
    for (const [name, path] of files) {
      const found = findings(path);
      if (found.length > 0) offenders[name] = found;
    }
    expect(offenders).toEqual({});
  });
});
