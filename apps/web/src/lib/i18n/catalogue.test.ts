// The catalogues are complete: every namespace in both languages with the same keys, every message valid ICU
// MessageFormat with the same arguments and tags in both, and the Chinese actually written in Chinese.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES_DIR } from '../../../build/i18n';
import { LANGUAGES } from './language';

const files = (language: string) =>
  readdirSync(join(LOCALES_DIR, language))
    .filter((f) => f.endsWith('.json'))
    .sort();
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(LOCALES_DIR, language, file), 'utf8')) as Record<string, string>;

/** The arguments a message takes (name:type) and the tags it wraps, sorted: what callers must pass. */
function signature(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      signature(el.children, into);
      continue;
    }
    const kind =
      el.type === TYPE.plural
        ? 'plural'
        : el.type === TYPE.select
          ? 'select'
          : el.type === TYPE.number
            ? 'number'
            : el.type === TYPE.date || el.type === TYPE.time
              ? 'date'
              : 'text';
    into.add(`${el.value}:${kind}`);
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) signature(option.value, into);
  }
  return into;
}

/** Names, brands and codes that read the same in Chinese. */
const SAME_IN_CHINESE = new Set<string>([
  // The language picker names each language in itself.
  'settings.appearance.language.en',
]);
const CJK = /[\u3400-\u9fff]/;

/**
 * The zh-CN glossary (issue 37): a room/outing is 聚会 and its host 发起人, everywhere; these words, once mixed in
 * for the same things, are not used.
 */
const ZH_NOT_USED: readonly { word: string; use: string }[] = [
  { word: '房间', use: '聚会' },
  { word: '房主', use: '发起人' },
  { word: '主办人', use: '发起人' },
];

describe('catalogues', () => {
  const english = files('en');

  it('has the same namespaces in every language', () => {
    for (const language of LANGUAGES) expect(files(language), language).toEqual(english);
  });

  for (const file of english) {
    describe(file, () => {
      const en = read('en', file);
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const other = read(language, file);

        it(`${language} has exactly the English keys`, () => {
          const missing = Object.keys(en).filter((k) => !(k in other));
          const extra = Object.keys(other).filter((k) => !(k in en));
          expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        });

        it(`${language} messages take the same arguments and tags as the English`, () => {
          for (const [key, message] of Object.entries(other)) {
            if (!(key in en)) continue;
            const a = [...signature(parse(en[key]!, { requiresOtherClause: true }))].sort();
            const b = [...signature(parse(message, { requiresOtherClause: true }))].sort();
            expect(b, `${language}/${file} "${key}"`).toEqual(a);
          }
        });
      }

      it('zh is written in Chinese', () => {
        const zh = read('zh', file);
        const untranslated = Object.entries(zh)
          .filter(([key, message]) => /[A-Za-z]{2,}/.test(en[key] ?? '') && !CJK.test(message))
          .map(([key]) => `${file.slice(0, -5)}.${key}`)
          .filter((key) => !SAME_IN_CHINESE.has(key));
        expect(untranslated).toEqual([]);
      });

      it('zh follows the glossary: 聚会 for a room, 发起人 for its host', () => {
        const zh = read('zh', file);
        const offending = Object.entries(zh).flatMap(([key, message]) =>
          ZH_NOT_USED.filter(({ word }) => message.includes(word)).map(
            ({ word, use }) => `${file.slice(0, -5)}.${key}: ${word} → ${use}`,
          ),
        );
        expect(offending).toEqual([]);
      });

      it('every English message has a zh translation of its own (not the English copied)', () => {
        const zh = read('zh', file);
        const copied = Object.entries(en)
          // A message with words in it; "{amount}" or "·" read the same in every language.
          .filter(([, message]) => /[A-Za-z]{2,}/.test(message.replace(/\{[^{}]*\}/g, '')))
          .filter(([key, message]) => zh[key] === undefined || zh[key]!.trim() === message.trim())
          .map(([key]) => `${file.slice(0, -5)}.${key}`)
          .filter((key) => !SAME_IN_CHINESE.has(key));
        expect(copied).toEqual([]);
      });

      it('every message is valid ICU MessageFormat and not empty', () => {
        for (const language of LANGUAGES)
          for (const [key, message] of Object.entries(read(language, file))) {
            expect(message.trim(), `${language}/${file} "${key}"`).not.toBe('');
            expect(
              () => parse(message, { requiresOtherClause: true }),
              `${language}/${file} "${key}"`,
            ).not.toThrow();
          }
      });
    });
  }
});
