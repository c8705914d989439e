import { z } from 'zod';
import { successEnvelope } from './envelope.js';

export const venueProviders = ['local', 'nominatim', 'google'] as const;

export const healthSchema = z.object({
  ok: z.boolean(),
  database: z.enum(['up', 'down']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export const healthResponse = successEnvelope(healthSchema);

export const publicConfigSchema = z.object({
  vapidPublicKey: z.string().nullable(),
  googleClientId: z.string().nullable(),
  googleAuthUrl: z.string().nullable(),
  venueProvider: z.enum(venueProviders),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
export const publicConfigResponse = successEnvelope(publicConfigSchema);
