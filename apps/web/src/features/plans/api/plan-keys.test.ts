import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyFrame } from '@/app/realtime/cache-sync';
import { planKeys, roomKeys } from '@/lib/query-keys';

const ROOM = '11111111-2222-4333-8444-555555555555';
const OTHER = '22222222-2222-4333-8444-555555555555';

describe('plan keys', () => {
  it('a ROOM_UPDATED frame marks the room’s guests and date poll stale, and no other room’s', () => {
    const client = new QueryClient();
    for (const key of [planKeys.guests(ROOM), planKeys.datePoll(ROOM), planKeys.datePoll(OTHER)]) {
      client.setQueryData(key, []);
    }
    applyFrame(client, { type: 'ROOM_UPDATED', data: { roomId: ROOM } }, 7);
    expect(client.getQueryState(planKeys.guests(ROOM))?.isInvalidated).toBe(true);
    expect(client.getQueryState(planKeys.datePoll(ROOM))?.isInvalidated).toBe(true);
    expect(client.getQueryState(planKeys.datePoll(OTHER))?.isInvalidated).toBe(false);
  });

  it('sit under the room’s detail key', () => {
    expect(planKeys.guests(ROOM).slice(0, 3)).toEqual([...roomKeys.detail(ROOM)]);
    expect(planKeys.datePoll(ROOM).slice(0, 3)).toEqual([...roomKeys.detail(ROOM)]);
  });
});
