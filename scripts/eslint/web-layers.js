// The web app imports one way (docs/architecture.md, "The web app's layout"; issue 34). Every file of apps/web/src
// belongs to one part; a part may import only parts below it, and a feature only the features it names in
// FEATURE_DEPENDENCIES, which must stay free of cycles (checked when ESLint loads this file). Tests and test helpers
// (`*.test.*`, `src/test/`, `*testing*`, `test-helpers`, `test-support`) are not the app and may import anything.
import path from 'node:path';

const WEB_SRC = path.resolve(import.meta.dirname, '../../apps/web/src');

/** Higher may import lower, never the other way; parts of one rank may not import each other (but features, below). */
const RANKS = {
  'main.tsx': 8,
  app: 7,
  boot: 7,
  sw: 7,
  features: 6,
  entities: 5,
  hooks: 4,
  components: 3,
  mocks: 2,
  lib: 1,
  'env.d.ts': 0,
};

/** Which features a feature may import (a screen that composes several belongs under app/routes). */
export const FEATURE_DEPENDENCIES = {
  activity: [],
  auth: ['system'],
  balances: ['rooms', 'transactions'],
  bills: ['activity', 'rooms', 'transactions'],
  chat: [],
  explore: ['rooms'],
  friends: ['invites'],
  'guest-access': [],
  home: ['balances', 'chat', 'rooms', 'transactions'],
  invites: ['auth'],
  notifications: [],
  payments: [],
  plans: ['guest-access'],
  preview: ['plans', 'rooms'],
  profile: ['balances', 'friends', 'payments', 'rooms', 'settings', 'transactions'],
  push: ['system'],
  rooms: ['friends', 'guest-access'],
  settings: ['balances', 'push', 'rooms'],
  spending: [],
  system: [],
  transactions: ['payments'],
};

// A feature list with a cycle would let two features import each other: refuse to load.
(function checkAcyclic() {
  const state = new Map();
  const visit = (feature, trail) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'open')
      throw new Error(`web-layers: features in a cycle: ${[...trail, feature].join(' → ')}`);
    state.set(feature, 'open');
    for (const next of FEATURE_DEPENDENCIES[feature] ?? []) visit(next, [...trail, feature]);
    state.set(feature, 'done');
  };
  for (const feature of Object.keys(FEATURE_DEPENDENCIES)) visit(feature, []);
})();

const TEST_FILE = /(\.test\.|\/test\/|testing|test-helpers|test-support)/;

/** `{part, feature?}` of a file under apps/web/src, or null outside it. */
function partOf(file) {
  const relative = path.relative(WEB_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  return top === 'features' ? { part: 'features', feature: second } : { part: top };
}

function target(file, specifier) {
  if (specifier.startsWith('@/')) return path.join(WEB_SRC, specifier.slice(2));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(file), specifier);
  return null; // a package
}

const describe = (p) => (p.feature ? `features/${p.feature}` : p.part);

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'The web app imports one way: app → features → entities → hooks → components → mocks → lib.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (TEST_FILE.test(file.split(path.sep).join('/'))) return {};
    const from = partOf(file);
    if (!from || RANKS[from.part] === undefined) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const where = target(file, specifier);
      if (!where) return;
      const to = partOf(where);
      if (!to || (to.part === from.part && to.feature === from.feature)) return;
      if (to.part === 'test' || TEST_FILE.test(where.split(path.sep).join('/'))) {
        context.report({ node, message: `${describe(from)} may not import test code (${specifier}).` });
        return;
      }
      const fromRank = RANKS[from.part];
      const toRank = RANKS[to.part];
      if (toRank === undefined) return;
      if (from.part === 'features' && to.part === 'features') {
        if (!(FEATURE_DEPENDENCIES[from.feature] ?? []).includes(to.feature))
          context.report({
            node,
            message:
              `features/${from.feature} may not import features/${to.feature}: a feature imports only the features ` +
              'FEATURE_DEPENDENCIES names (scripts/eslint/web-layers.js, no cycles); a screen composing both goes ' +
              'under app/routes, what both need under entities/ or lib/.',
          });
        return;
      }
      if (toRank >= fromRank)
        context.report({
          node,
          message: `${describe(from)} may not import ${describe(to)}: imports run down only (app → features → entities → hooks → components → mocks → lib; docs/architecture.md).`,
        });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const webLayers = { rules: { 'web-layers': rule } };
