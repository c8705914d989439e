import type { Room } from '@outing/contract';

type PlanFields = Pick<
  Room,
  | 'timeZone'
  | 'startsAt'
  | 'capacity'
  | 'goingCount'
  | 'maybeCount'
  | 'waitlistCount'
  | 'invitedCount'
  | 'myRsvp'
  | 'pictureUrl'
>;

/** The planning fields of a mock room (docs/api/README.md#plans): everyone going, no limit, in UTC. */
export function mockPlanFields(date: string, time: string, members: number, isMember = true): PlanFields {
  return {
    timeZone: 'UTC',
    startsAt: `${date.slice(0, 10)}T${time}:00.000Z`,
    capacity: null,
    goingCount: members,
    maybeCount: 0,
    waitlistCount: 0,
    invitedCount: 0,
    myRsvp: isMember ? 'going' : null,
    pictureUrl: null,
  };
}
