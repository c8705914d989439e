import { describe, expect, it } from 'vitest';
import { readErrorEnvelope, readSuccessEnvelope } from './envelopes';

describe('reading envelopes by hand', () => {
  it('reads an error envelope with a code of the contract, its issues copied to path and message', () => {
    const issues = [{ path: 'name', message: 'Room name is required', extra: 1 }];
    expect(
      readErrorEnvelope({ status: 'error', message: 'Invalid', code: 'VALIDATION', data: null, issues }),
    ).toEqual({
      code: 'VALIDATION',
      message: 'Invalid',
      issues: [{ path: 'name', message: 'Room name is required' }],
    });
    expect(readErrorEnvelope({ status: 'error', message: 'No', code: 'NOT_FOUND', data: null })).toEqual({
      code: 'NOT_FOUND',
      message: 'No',
    });
  });

  it('keeps a reason as sent, a reason this app does not know included; a malformed one is dropped', () => {
    const ok = { status: 'error', message: 'This room is closed.', code: 'CONFLICT', data: null };
    expect(readErrorEnvelope({ ...ok, reason: 'ROOM_CLOSED' })).toEqual({
      code: 'CONFLICT',
      message: 'This room is closed.',
      reason: 'ROOM_CLOSED',
    });
    expect(readErrorEnvelope({ ...ok, reason: 'ROOM_FLOODED' })?.reason).toBe('ROOM_FLOODED');
    for (const reason of [42, 'room closed', '', null])
      expect(readErrorEnvelope({ ...ok, reason })).toEqual({
        code: 'CONFLICT',
        message: 'This room is closed.',
      });
  });

  it('refuses what is not one: another status, an unknown code, data, malformed issues, no object', () => {
    const ok = { status: 'error', message: 'No', code: 'NOT_FOUND', data: null };
    for (const bad of [
      { ...ok, status: 'success' },
      { ...ok, code: 'TEAPOT' },
      { ...ok, code: 404 },
      { ...ok, message: undefined },
      { ...ok, data: {} },
      { ...ok, issues: 'x' },
      { ...ok, issues: [{ path: 1, message: 'm' }] },
      [ok],
      null,
      '<html>502</html>',
    ])
      expect(readErrorEnvelope(bad)).toBeNull();
  });

  it('reads a success envelope with any data and an optional string token', () => {
    expect(readSuccessEnvelope({ status: 'success', message: 'Ok', data: [1] })).toEqual({
      message: 'Ok',
      data: [1],
    });
    expect(readSuccessEnvelope({ status: 'success', message: 'In', data: null, token: 't' })).toEqual({
      message: 'In',
      data: null,
      token: 't',
    });
    for (const bad of [
      { status: 'success', message: 'Ok' },
      { status: 'success', message: 3, data: 1 },
      { status: 'success', message: 'Ok', data: 1, token: 5 },
      { status: 'error', message: 'Ok', data: 1 },
      undefined,
    ])
      expect(readSuccessEnvelope(bad)).toBeNull();
  });
});
