import { describe, expect, it } from 'vitest';
import { updateUserBody } from './auth.js';
import { userSchema } from './shapes.js';

/** `PATCH /users/{id}`'s body (docs/api/README.md#users-and-friends): one of three fields. */
describe('updateUserBody', () => {
  const messages = (body: unknown) => {
    const parsed = updateUserBody.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('takes a username, a display name (trimmed) and a picture id or null', () => {
    expect(updateUserBody.parse({ field: 'username', value: 'ada_l' })).toEqual({
      field: 'username',
      value: 'ada_l',
    });
    expect(updateUserBody.parse({ field: 'displayName', value: '  Ada Lovelace ' })).toEqual({
      field: 'displayName',
      value: 'Ada Lovelace',
    });
    const id = '5f0c6f57-3b58-4c55-9a53-7a1b2c3d4e5f';
    expect(updateUserBody.parse({ field: 'pictureId', value: id })).toEqual({
      field: 'pictureId',
      value: id,
    });
    expect(updateUserBody.parse({ field: 'pictureId', value: null })).toEqual({
      field: 'pictureId',
      value: null,
    });
  });

  it('counts a display name by characters: 40 emoji pass, 41 do not', () => {
    expect(messages({ field: 'displayName', value: '👩🏽'.repeat(20) })).toEqual([]);
    expect(messages({ field: 'displayName', value: '🌷'.repeat(40) })).toEqual([]);
    expect(messages({ field: 'displayName', value: '🌷'.repeat(41) })).toEqual([
      'Display name must be at most 40 characters',
    ]);
  });

  it('refuses an empty display name, a line break, an override, an invisible character', () => {
    expect(messages({ field: 'displayName', value: ' ' })).toEqual(['Display name cannot be empty']);
    expect(messages({ field: 'displayName', value: 'a\nb' })).toEqual([
      'Display name cannot contain line breaks or control characters.',
    ]);
    expect(messages({ field: 'displayName', value: 'a\u202eb' })).toEqual([
      'Display name cannot contain text-direction override characters.',
    ]);
    expect(messages({ field: 'displayName', value: 'a\u200bb' })).toEqual([
      'Display name cannot contain invisible characters such as zero-width spaces.',
    ]);
  });

  it('answers an unknown field with the sentence earlier clients got, and a bad picture id', () => {
    expect(messages({ field: 'email', value: 'x@example.com' })).toEqual([
      'Only the username can be changed',
    ]);
    expect(messages({ field: 'pictureId', value: 'nope' })).toEqual(['Choose a picture you uploaded']);
  });
});

describe('userSchema', () => {
  it('reads a user with displayName, and one from before it', () => {
    const before = { id: 1, username: 'ada', email: '', pictureUrl: '' };
    expect(userSchema.parse(before)).toEqual(before);
    expect(userSchema.parse({ ...before, displayName: 'Ada' }).displayName).toBe('Ada');
  });
});
