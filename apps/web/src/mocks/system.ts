import { systemEndpoints, type EndpointData, type PublicConfig } from '@outing/contract';
import { mockOk, mockPublic } from './route';

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
  mockPublic(systemEndpoints.health, () => mockOk(systemEndpoints.health, mockHealth)),
  mockPublic(systemEndpoints.config, () => mockOk(systemEndpoints.config, mockConfig)),
];
