import { t } from '../../../i18n/i18n';

/** "5 going", "5 of 8 going". */
export function goingLabel(goingCount: number, capacity: number | null): string {
  return capacity === null
    ? t('explore.going', { going: goingCount })
    : t('explore.goingOf', { going: goingCount, capacity });
}

/** Going has reached the capacity: a join now waits on the waitlist. */
export function isFull(goingCount: number, capacity: number | null): boolean {
  return capacity !== null && goingCount >= capacity;
}
