import { systemEndpoints, type EndpointData, type PublicConfig } from '@outing/contract';
import { mockDelay } from './delay';
import { mockOk, mockRoute } from './route';

export const mockConfig: PublicConfig = {
  vapidPublicKey: null,
  googleClientId: null,
  googleAuthUrl: null,
  venueProvider: 'local',
  version: '0.0.0-mock',
};

export const mockHealth: EndpointData<typeof systemEndpoints.health> = {
  ok: true,
  database: 'up',
  version: '0.0.0-mock',
  uptimeSeconds: 42,
};

export const systemHandlers = [
  mockRoute(systemEndpoints.health, async () => {
    await mockDelay();
    return mockOk(systemEndpoints.health, mockHealth);
  }),
  mockRoute(systemEndpoints.config, async () => {
    await mockDelay();
    return mockOk(systemEndpoints.config, mockConfig);
  }),
];
