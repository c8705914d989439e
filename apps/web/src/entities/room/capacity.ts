import { t } from '@/lib/i18n/i18n';

/** "5 going", "5 of 8 going"; over a capacity the host lowered, "6 going · capacity 4". */
export function goingLabel(goingCount: number, capacity: number | null): string {
  if (capacity === null) return t('explore.going', { going: goingCount });
  return goingCount > capacity
    ? t('explore.goingOver', { going: goingCount, capacity })
    : t('explore.goingOf', { going: goingCount, capacity });
}

/** Going has reached the capacity: a join now waits on the waitlist. */
export function isFull(goingCount: number, capacity: number | null): boolean {
  return capacity !== null && goingCount >= capacity;
}
