import type pg from 'pg';
import type { PublicConfig } from '@outing/contract';
import type { Config } from '../../config.js';
import { version } from '../../version.js';
import type { GoogleSignIn } from '../auth/google.js';
import { pingDatabase } from './queries.js';

export async function databaseIsUp(pool: pg.Pool): Promise<boolean> {
  try {
    await pingDatabase(pool);
    return true;
  } catch {
    return false;
  }
}

/** What any client may know about this deployment. Sign-in and push fields are null until configured. */
export async function publicConfig(
  config: Config,
  google: GoogleSignIn | undefined,
  vapidPublicKey: string | undefined,
): Promise<PublicConfig> {
  const googleAuthUrl = google ? await google.authUrl() : null;
  return {
    vapidPublicKey: vapidPublicKey ?? null,
    googleClientId: googleAuthUrl ? (config.google.clientId ?? null) : null,
    googleAuthUrl,
    venueProvider: config.venues.provider,
    version,
  };
}
