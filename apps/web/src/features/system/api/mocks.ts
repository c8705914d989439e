import { http } from 'msw';
import type { PublicConfig } from '@outing/contract';
import { API_BASE } from '../../../lib/api-client';
import { mockDelay } from '../../../mocks/delay';
import { ok } from '../../../mocks/envelope';
import type { Health } from './get-health';

export const mockConfig: PublicConfig = {
  vapidPublicKey: null,
  googleClientId: null,
  googleAuthUrl: null,
  venueProvider: 'local',
  version: '0.0.0-mock',
};

export const mockHealth: Health = { ok: true, database: 'up', version: '0.0.0-mock', uptimeSeconds: 42 };

export const systemHandlers = [
  http.get(`${API_BASE}/health`, async () => {
    await mockDelay();
    return ok(mockHealth);
  }),
  http.get(`${API_BASE}/config`, async () => {
    await mockDelay();
    return ok(mockConfig);
  }),
];
