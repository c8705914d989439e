// What the production build does with zod schemas (decision 015).
// - Answers are checked against the contract's schemas in development and in tests, not in production: the build
//   takes the `schema` option out of every API call, as the server checks its own answers against the same schemas
//   outside production (decision 004).
// - A schema is built where it is declared (`export const roomSchema = z.object(…)`) and a bundler cannot tell such
//   a call has no effect: every schema declared was built on every load, used or not. The calls of the contract's
//   top-level declarations, and of the app's own declarations of schemas, are marked pure, so that the bundle keeps
//   a schema only when something still uses it.
// - An endpoint's declaration (`endpoint({…})` in packages/contract/src/endpoints, decision 020) keeps only its
//   `method` and `path`, all the app's calls need: its schemas (and summary, errors, access) leave the bundle.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

export type Node = { type: string; start: number; end: number; [key: string]: unknown };

const CONTRACT = /\/packages\/contract\/src\/(?!.*\.test\.ts$).+\.ts$/;
const APP = /\/apps\/web\/src\/(?!.*\.test\.tsx?$).+\.tsx?$/;
const FUNCTION = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);
/** What a production bundle keeps of an endpoint's declaration. */
const ENDPOINT_KEEPS = new Set(['method', 'path']);
/** The calls whose options carry `schema` (lib/api-client.ts, lib/cursor-pages.ts). */
const API_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const CURSOR_PAGE = 'getCursorPage';

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

/** The identifier a chain of calls and property reads starts from (`z` of `z.array(x).min(1)`), if any. */
function chainRoot(node: Node | null | undefined): string | null {
  let n = node;
  while (n) {
    if (n.type === 'Identifier') return n.name as string;
    if (n.type === 'CallExpression') n = n.callee as Node;
    else if (n.type === 'MemberExpression') n = n.object as Node;
    else return null;
  }
  return null;
}

/** The names `program` imports from the contract. */
function contractImports(program: Node): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue;
    if ((statement.source as { value: string }).value !== '@outing/contract') continue;
    for (const spec of statement.specifiers as Node[]) names.add((spec.local as { name: string }).name);
  }
  return names;
}

/**
 * `program`'s top-level declarations (exported or not) with each of their calls wrapped as
 * `(/* @__PURE__ *\/ call)`: the parentheses let a call inside a chain (`z.string()` of `z.string().max(5)`) carry its
 * own annotation. With `only`, just the declarations whose value `only` accepts. Nothing that runs changes.
 */
export function markPure(
  s: MagicString,
  program: Node,
  only?: (init: Node) => boolean,
  removed: readonly Node[] = [],
): void {
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (!init || (only && !only(init))) continue;
      for (const call of topLevelCalls(init)) {
        // Nothing to annotate in what was taken out (dropEndpointSchemas).
        if (removed.some((r) => r.start <= call.start && call.end <= r.end)) continue;
        s.appendLeft(call.start, '(/* @__PURE__ */ ');
        s.prependRight(call.end, ')');
      }
    }
  }
}

/** Whether `call` is an API call whose options may carry `schema`: `api.get(…)`, `apiRequest(…)`, `getCursorPage(…)`. */
function isApiCall(call: Node): boolean {
  const callee = call.callee as Node;
  if (callee.type === 'Identifier') return callee.name === 'apiRequest' || callee.name === CURSOR_PAGE;
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const object = callee.object as Node;
  const property = callee.property as Node;
  return object.type === 'Identifier' && object.name === 'api' && API_METHODS.has(property.name as string);
}

/** Every node of `node`'s tree (functions included). */
function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  yield node as Node;
  for (const [key, value] of Object.entries(node)) if (key !== 'type') yield* walk(value);
}

/**
 * Takes the answer schemas out of `program`'s API calls: the `schema` property of their options objects, and the
 * item schema `getCursorPage(path, itemSchema, …)` takes second (left as `undefined`). Returns how many it took.
 */
export function dropAnswerSchemas(s: MagicString, program: Node): number {
  let dropped = 0;
  for (const call of walk(program)) {
    if (call.type !== 'CallExpression' || !isApiCall(call)) continue;
    const args = call.arguments as Node[];
    if (
      (call.callee as Node).type === 'Identifier' &&
      (call.callee as Node).name === CURSOR_PAGE &&
      args[1]
    ) {
      s.overwrite(args[1].start, args[1].end, 'undefined');
      dropped += 1;
    }
    for (const arg of args) {
      if (arg.type !== 'ObjectExpression') continue;
      const props = arg.properties as Node[];
      props.forEach((prop, i) => {
        const key = prop.key as Node | undefined;
        if (prop.type !== 'Property' || prop.computed || key?.type !== 'Identifier' || key.name !== 'schema')
          return;
        // Up to the next property (its comma included), or to the end of the last one.
        s.remove(prop.start, i + 1 < props.length ? props[i + 1]!.start : prop.end);
        dropped += 1;
      });
    }
  }
  return dropped;
}

/**
 * Takes out of every `endpoint({…})` call of `program` all properties but `method` and `path` (the schemas, the
 * summary, the errors, the access level). Returns the properties taken out.
 */
export function dropEndpointSchemas(s: MagicString, program: Node): Node[] {
  const removed: Node[] = [];
  for (const call of walk(program)) {
    if (call.type !== 'CallExpression') continue;
    const callee = call.callee as Node;
    const [arg] = call.arguments as Node[];
    if (callee.type !== 'Identifier' || callee.name !== 'endpoint' || arg?.type !== 'ObjectExpression')
      continue;
    const props = arg.properties as Node[];
    props.forEach((prop, i) => {
      const key = prop.key as Node | undefined;
      if (
        prop.type === 'Property' &&
        !prop.computed &&
        key?.type === 'Identifier' &&
        ENDPOINT_KEEPS.has(key.name as string)
      )
        return;
      const end = i + 1 < props.length ? props[i + 1]!.start : prop.end;
      s.remove(prop.start, end);
      removed.push({ type: 'Removed', start: prop.start, end });
    });
  }
  return removed;
}

/** The production build's handling of schemas (see the top of this file). */
export function productionSchemas(): Plugin {
  return {
    name: 'outing:production-schemas',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!;
      const contract = CONTRACT.test(file);
      if (!contract && !APP.test(file)) return null;
      if (!contract && !code.includes('schema') && !code.includes('Schema') && !code.includes('z.'))
        return null;
      const program = this.parse(code) as unknown as Node;
      const s = new MagicString(code);
      if (contract) markPure(s, program, undefined, dropEndpointSchemas(s, program));
      else {
        dropAnswerSchemas(s, program);
        const fromContract = contractImports(program);
        markPure(s, program, (init) => {
          const root = chainRoot(init);
          return root === 'z' || (root !== null && fromContract.has(root));
        });
      }
      if (!s.hasChanged()) return null;
      return { code: s.toString(), map: s.generateMap({ hires: true, source: file }) };
    },
  };
}
