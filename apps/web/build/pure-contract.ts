// The contract's schemas are built where they are declared (`export const roomSchema = z.object(…)`), and a bundler
// cannot tell that such a call has no effect: every schema the contract declares was built on every load, those only
// the server uses included (request bodies, queries, whole envelopes). This marks the calls of the contract's
// top-level declarations pure, so that the bundle keeps a schema only when the app uses it.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const CONTRACT = /\/packages\/contract\/src\/[^/]+\.ts$/;
const FUNCTION = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/**
 * The calls (and `new`) in `node`, outside any function body: a callback given to a schema (`refine`, `transform`)
 * runs when a value is checked, and its calls must stay whatever becomes of their results.
 */
export function topLevelCalls(node: unknown, into: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) topLevelCalls(child, into);
    return into;
  }
  if (!node || typeof node !== 'object') return into;
  const n = node as Node;
  if (typeof n.type !== 'string' || FUNCTION.has(n.type)) return into;
  if (n.type === 'CallExpression' || n.type === 'NewExpression') into.push(n);
  for (const [key, value] of Object.entries(n)) if (key !== 'type') topLevelCalls(value, into);
  return into;
}

/**
 * `program`'s top-level declarations (exported or not) with each of their calls wrapped as
 * `(/* @__PURE__ *\/ call)`: the parentheses let a call inside a chain (`z.string()` of `z.string().max(5)`) carry its
 * own annotation. Nothing else of the file changes, so nothing that runs does.
 */
export function markPure(code: string, program: Node, id: string) {
  const s = new MagicString(code);
  const body = program.body as Node[];
  for (const statement of body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const call of topLevelCalls(declaration.declarations)) {
      s.appendLeft(call.start, '(/* @__PURE__ */ ');
      s.prependRight(call.end, ')');
    }
  }
  return { code: s.toString(), map: s.generateMap({ hires: true, source: id }) };
}

export function pureContract(): Plugin {
  return {
    name: 'outing:pure-contract',
    apply: 'build',
    transform(code, id) {
      if (!CONTRACT.test(id.split('?')[0]!)) return null;
      return markPure(code, this.parse(code) as unknown as Node, id);
    },
  };
}
