import { useSyncExternalStore } from 'react';
import { isOffline, subscribeConnectivity } from '@/lib/connectivity';

/** Whether the app cannot reach its server now (the browser is offline, or calls fail at the network level). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
}
