import { z } from 'zod';
import { endpoint, resourceRefusals } from '../endpoint.js';
import { dateOptionParams, datePollBody, datePollSchema, dateVoteBody } from '../plans.js';
import { roomIdParams } from '../rooms.js';
import { roomSchema } from '../shapes.js';

const errors = resourceRefusals;
const tag = 'date polls';

/** Pick a date together: the host proposes 2–5 dates, members vote, the host fixes one (docs/plans.md). */
export const pollEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/rooms/{id}/date-poll',
    params: roomIdParams,
    data: datePollSchema.nullable(),
    errors,
    // A member, or a pending invitee before answering; anyone else 403.
    access: 'member',
    guests: 'room',
    summary:
      'The room’s open date poll with every voter’s vote, options in date order; null when there is none (members and pending invitees)',
    tag,
  }),
  start: endpoint({
    method: 'POST',
    path: '/rooms/{id}/date-poll',
    params: roomIdParams,
    body: datePollBody,
    data: datePollSchema.nullable(),
    errors,
    access: 'host',
    summary:
      'Propose 2–5 dates and times to vote on, replacing an open poll and its votes (host). Dates not before yesterday, each at most once. Members are notified.',
    tag,
  }),
  vote: endpoint({
    method: 'PUT',
    path: '/rooms/{id}/date-poll/{optionId}',
    params: dateOptionParams,
    body: dateVoteBody,
    data: datePollSchema.nullable(),
    errors,
    access: 'member',
    guests: 'room',
    summary: 'Vote yes, maybe or no on one proposed date; voting again changes your vote (members)',
    tag,
  }),
  fix: endpoint({
    method: 'POST',
    path: '/rooms/{id}/date-poll/{optionId}/fix',
    params: dateOptionParams,
    data: roomSchema,
    errors,
    access: 'host',
    summary:
      'Fix the room’s date and time to a proposed one (host): the poll ends, and every member and pending invitee is notified',
    tag,
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/rooms/{id}/date-poll',
    params: roomIdParams,
    data: z.null(),
    errors,
    access: 'host',
    summary: 'Cancel the open date poll without fixing a date (host)',
    tag,
  }),
};
