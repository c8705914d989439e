import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createBillBody, editBillBody } from './bills.js';
import { sendMessageBody } from './chat.js';
import { reminderBody } from './friends.js';
import { paymentMethodInput } from './payments.js';
import { createRoomBody, editRoomBody } from './rooms.js';
import { multiLineText, normaliseMultiLine, oneLineProblem, oneLineText } from './text.js';

const roomName = oneLineText('Room Name').min(1).max(60);
const names = oneLineText('The name', { invisible: true }).max(70);
const message = multiLineText('Message').min(1).max(2000);

/** The messages of a refused parse, or [] if accepted. */
const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('oneLineText', () => {
  it('refuses every C0 control character and DEL with the field’s sentence', () => {
    for (let c = 0; c <= 0x1f; c++)
      expect(messages(roomName, `a${String.fromCharCode(c)}b`)).toEqual([
        'Room Name cannot contain line breaks or control characters.',
      ]);
    expect(messages(roomName, 'a\u007fb')).toEqual([
      'Room Name cannot contain line breaks or control characters.',
    ]);
  });

  it('refuses bidi embeddings, overrides and isolates', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      expect(messages(roomName, `Friday ${c}renniD`)).toEqual([
        'Room Name cannot contain text-direction override characters.',
      ]);
  });

  it('keeps what the rule does not name: accents, CJK, emoji with joiners, RTL text, C1 range letters', () => {
    for (const ok of ['Café Zoë', '漢字の会', '👨‍👩‍👧 picnic', 'שלום עולם', 'ایران‌زمین', 'a\u00a0b', 'Ünïcödé'])
      expect(roomName.parse(ok)).toBe(ok);
  });

  it('checks after the trim, so a pasted line break at either end is still dropped as before', () => {
    expect(roomName.parse('\r\n  Friday dinner\n')).toBe('Friday dinner');
    expect(roomName.safeParse('\n\n').error?.issues.map((i) => i.code)).toEqual(['too_small']);
  });

  it('with `invisible`, also refuses zero-width and direction marks (payee names)', () => {
    for (const c of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u2060',
      '\u2064',
      '\ufeff',
      '\u061c',
    ])
      expect(messages(names, `Bo${c}b`)).toEqual([
        'The name cannot contain invisible characters such as zero-width spaces.',
      ]);
    expect(messages(roomName, 'Bo\u200bb')).toEqual([]);
    expect(oneLineProblem('Bo\u200bb')).toBeNull();
    expect(oneLineProblem('Bo\u200bb', { invisible: true })).toBe('invisible');
  });
});

describe('multiLineText', () => {
  it('keeps line feeds, and turns CRLF and CR into LF and a tab into a space', () => {
    expect(message.parse('one\ntwo\r\nthree\rfour\tfive')).toBe('one\ntwo\nthree\nfour five');
    expect(normaliseMultiLine('a\r\n\r\nb')).toBe('a\n\nb');
  });

  it('refuses every other control character', () => {
    for (const c of ['\u0000', '\u0007', '\u000b', '\u000c', '\u001b', '\u007f'])
      expect(messages(message, `hi${c}there`)).toEqual([
        'Message cannot contain control characters other than line breaks.',
      ]);
  });
});

/** The issue's attack: an IBAN holder's name that rewrites the EPC QR lines. */
const ATTACK = 'Bob\nDE02120300000000202051\nEUR950.00\n\n\nrefund';

/** Issues' paths of a refused parse, each with its message. */
const refused = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('every stored display text of the contract', () => {
  const room = {
    name: 'Friday dinner',
    date: '2030-01-01',
    venue: 'Luigi’s',
    venuePlaceId: 'local:luigi',
    time: '19:30',
    description: 'Pasta',
  };
  const items = {
    mode: 'items',
    items: [{ name: 'Pizza', amount: 10, userIds: [1] }],
    charges: [{ name: 'Service', percent: 10 }],
  };

  it('a one-line field refuses a line break, a CR and an override, naming the field', () => {
    const cases: [z.ZodType, (bad: string) => unknown, string][] = [
      [createRoomBody, (bad) => ({ room: { ...room, name: bad } }), 'room.name: Room Name'],
      [createRoomBody, (bad) => ({ room: { ...room, venue: bad } }), 'room.venue: Venue'],
      [editRoomBody, (bad) => ({ ...room, placeId: 'x', name: bad }), 'name: Room Name'],
      [editRoomBody, (bad) => ({ ...room, placeId: 'x', venue: bad }), 'venue: Venue'],
      [createBillBody, (bad) => ({ name: bad, amount: 1, roomId: crypto.randomUUID() }), 'name: Bill Name'],
      [editBillBody, (bad) => ({ name: bad }), 'name: Bill Name'],
      [
        editBillBody,
        (bad) => ({ split: { ...items, items: [{ ...items.items[0], name: bad }] } }),
        'split.items.0.name: Item name',
      ],
      [
        editBillBody,
        (bad) => ({ split: { ...items, charges: [{ name: bad, percent: 5 }] } }),
        'split.charges.0.name: Charge name',
      ],
      [
        paymentMethodInput,
        (bad) => ({ kind: 'iban', value: 'DE89370400440532013000', name: bad }),
        'name: The name',
      ],
      [reminderBody, (bad) => ({ userId: 1, title: bad, content: 'Pay me' }), 'title: Title'],
    ];
    for (const [schema, body, field] of cases) {
      expect(refused(schema, body('Friday\ndinner')), field).toEqual([
        `${field} cannot contain line breaks or control characters.`,
      ]);
      expect(refused(schema, body('Friday\rdinner')), field).toHaveLength(1);
      expect(refused(schema, body('Friday\u001bdinner')), field).toHaveLength(1);
      expect(refused(schema, body('Friday \u202erennid')), field).toEqual([
        `${field} cannot contain text-direction override characters.`,
      ]);
      expect(refused(schema, body('Friday dinner')), field).toEqual([]);
    }
  });

  it('refuses the issue’s IBAN holder name, and invisible characters in a handle’s name', () => {
    const handle = (name: string) => ({ kind: 'iban', value: 'DE89370400440532013000', name });
    expect(refused(paymentMethodInput, handle(ATTACK))).toEqual([
      'name: The name cannot contain line breaks or control characters.',
    ]);
    expect(refused(paymentMethodInput, handle('Bob\u200b Smith'))).toEqual([
      'name: The name cannot contain invisible characters such as zero-width spaces.',
    ]);
    expect(paymentMethodInput.parse(handle(' Bob Smith ')).name).toBe('Bob Smith');
  });

  it('a multi-line field keeps line breaks, normalises CRLF and refuses other controls', () => {
    const cases: [z.ZodType, (text: string) => unknown, (parsed: never) => unknown, string][] = [
      [
        sendMessageBody,
        (text) => ({ content: text }),
        (p: { content: string }) => p.content,
        'content: Message',
      ],
      [
        createRoomBody,
        (text) => ({ room: { ...room, description: text } }),
        (p: { room: { description: string } }) => p.room.description,
        'room.description: Description',
      ],
      [
        editRoomBody,
        (text) => ({ ...room, placeId: 'x', description: text }),
        (p: { description: string }) => p.description,
        'description: Description',
      ],
      [
        reminderBody,
        (text) => ({ userId: 1, title: 'Reminder', content: text }),
        (p: { content: string }) => p.content,
        'content: Content',
      ],
    ];
    for (const [schema, body, read, field] of cases) {
      expect(read(schema.parse(body('one\r\ntwo\nthree')) as never), field).toBe('one\ntwo\nthree');
      expect(refused(schema, body('one\u0007two')), field).toEqual([
        `${field} cannot contain control characters other than line breaks.`,
      ]);
    }
  });
});
