import type pg from 'pg';
import type { PublicConfig } from '@outing/contract';
import type { Config } from '../../config.js';
import { version } from '../../version.js';

export async function databaseIsUp(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** What any client may know about this deployment. Sign-in and push fields are null until configured. */
export function publicConfig(config: Config): PublicConfig {
  return {
    vapidPublicKey: config.vapid.publicKey ?? null,
    googleClientId: config.google.clientId ?? null,
    googleAuthUrl: null,
    venueProvider: config.venues.provider,
    version,
  };
}
