import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { subscribeBody, subscriptionEndpointParams, subscriptionIdParams } from '../push.js';
import { subscriptionSchema } from '../shapes.js';

const tag = 'push';

/** This browser's push subscription, stored for the signed-in user (docs/api/README.md#push). */
export const pushEndpoints = {
  // `signedIn`: the body's `userId`, when given, must be the caller's own (403 NOT_SELF).
  subscribe: endpoint({
    method: 'POST',
    path: '/subscriptions',
    body: subscribeBody,
    data: subscriptionSchema,
    errors: [400, 401, 403],
    access: 'signedIn',
    summary: 'Store this browser’s push subscription for the caller (upsert by endpoint)',
    tag,
  }),
  byEndpoint: endpoint({
    method: 'GET',
    path: '/subscriptions/endpoint/{endpoint}',
    params: subscriptionEndpointParams,
    data: subscriptionSchema,
    errors: [401, 404],
    access: 'owner',
    summary: 'The caller’s subscription with this (URL-encoded) endpoint',
    tag,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/subscriptions/{id}',
    params: subscriptionIdParams,
    data: z.null(),
    errors: [401, 404],
    access: 'owner',
    summary: 'Delete one of the caller’s subscriptions',
    tag,
  }),
};
