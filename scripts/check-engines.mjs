// Fails when the Node.js version the README promises ("Needs Node.js ≥ X") is refused by the root package.json's
// `engines.node` or by any installed package's `engines.node`: `npm install` would warn EBADENGINE on that Node,
// and the package may not run there (issue #17).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const stated = /Needs Node\.js ≥ (\d+\.\d+(?:\.\d+)?)/.exec(
  readFileSync(path.join(root, 'README.md'), 'utf8'),
);
if (!stated) {
  console.error('check-engines: README.md does not say "Needs Node.js ≥ X"; say which Node.js it needs.');
  process.exit(1);
}
const minimum = semver.coerce(stated[1]).version;

const failures = [];
const rootEngine = readJson(path.join(root, 'package.json')).engines?.node;
if (!rootEngine || semver.minVersion(rootEngine)?.version !== minimum)
  failures.push(`package.json engines.node is "${rootEngine}", the README says ≥ ${minimum}`);

// The lockfile names every installed package; optional ones for other platforms are not on disk and are skipped.
const lock = readJson(path.join(root, 'package-lock.json'));
let checked = 0;
for (const where of Object.keys(lock.packages)) {
  if (!where.includes('node_modules/')) continue; // the workspaces themselves
  const file = path.join(root, where, 'package.json');
  if (!existsSync(file)) continue;
  const pkg = readJson(file);
  const range = pkg.engines?.node;
  checked++;
  if (typeof range !== 'string' || !semver.validRange(range)) continue;
  if (!semver.satisfies(minimum, range))
    failures.push(`${pkg.name}@${pkg.version} (${where}) needs Node.js ${range}`);
}

if (failures.length) {
  console.error(`check-engines: the README says Node.js ≥ ${minimum}, but:`);
  for (const f of failures) console.error(`  ${f}`);
  console.error(
    'Pin a version that supports it (an "overrides" entry in package.json), or raise the stated minimum everywhere.',
  );
  process.exit(1);
}
console.log(`check-engines: all ${checked} installed packages accept Node.js ${minimum}`);
