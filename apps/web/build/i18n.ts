// The interface's catalogues (decision 011): `virtual:outing-catalogue/<language>` is one module per language made
// from every src/lib/i18n/locales/<language>/<namespace>.json, with keys `<namespace>.<key>` and each message already
// parsed into the syntax tree intl-messageformat formats, so that the browser needs neither the JSON files one by
// one nor the message parser (the build swaps the parser for FormatJS's parser-less stub).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

export const LOCALES_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'lib',
  'i18n',
  'locales',
);
const PREFIX = 'virtual:outing-catalogue/';
const RESOLVED = '\0' + PREFIX;

/** Every message of one language, namespaced, as written (source strings). */
export function readCatalogue(language: string, dir = LOCALES_DIR): Record<string, string> {
  const out: Record<string, string> = {};
  const folder = join(dir, language);
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const namespace = file.slice(0, -'.json'.length);
    const messages = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>;
    for (const [key, message] of Object.entries(messages)) {
      if (typeof message !== 'string') throw new Error(`${language}/${file}: "${key}" is not a string`);
      out[`${namespace}.${key}`] = message;
    }
  }
  return out;
}

export function i18nCatalogues(): Plugin {
  return {
    name: 'outing:i18n-catalogues',
    config: (_config, env) =>
      env.command === 'build'
        ? {
            resolve: {
              alias: [
                {
                  find: /^@formatjs\/icu-messageformat-parser$/,
                  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
                },
              ],
            },
          }
        : undefined,
    resolveId: (id) => (id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : null),
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const language = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`no catalogue "${language}"`);
      const folder = join(LOCALES_DIR, language);
      for (const file of readdirSync(folder)) this.addWatchFile(join(folder, file));
      const trees: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(readCatalogue(language))) {
        try {
          trees[key] = parse(message, { requiresOtherClause: true });
        } catch (error) {
          throw new Error(`${language}: message "${key}" is not valid ICU MessageFormat: ${String(error)}`, {
            cause: error,
          });
        }
      }
      // JSON.parse of one string literal is quicker for the engine than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(trees))});`;
    },
  };
}
