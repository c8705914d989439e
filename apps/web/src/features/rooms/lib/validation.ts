import { t } from '@/lib/i18n/i18n';
import type { VenueValue } from '../components/venue-combobox';
import { isBeforeToday } from '@/entities/room/dates';

// The rules of docs/product.md#form-rules (create and edit room). Each returns its message in the interface's
// language when called (on validation), so a switch of language takes effect at the next check.

export const ROOM_NAME_MAX_LENGTH = 60;

/** Date required and not before today (docs/product.md#form-rules: create and edit room). */
export function validateRoomDate(value: string): string | true {
  if (value === '') return t('rooms.validation.dateRequired');
  if (isBeforeToday(value)) return t('rooms.validation.dateNotPast');
  return true;
}

/** Something typed; whether a venue was picked from the results is checked on submit (a toast). */
export function validateVenueText(value: VenueValue): string | true {
  return value.text.trim() === '' ? t('rooms.validation.venueRequired') : true;
}

export function validateRoomName(value: string): string | true {
  if (value.trim() === '') return t('rooms.validation.nameRequired');
  if (value.trim().length > ROOM_NAME_MAX_LENGTH)
    return t('rooms.validation.nameMax', { max: ROOM_NAME_MAX_LENGTH });
  return true;
}

/** The room-plan field an issue path names (`venue`, `venuePlaceId` or `placeId`, `date`, …), else null. */
export function roomPlanField(path: string): 'venue' | 'date' | 'time' | 'description' | null {
  const first = path.split('.')[0];
  if (first === 'venue' || first === 'venuePlaceId' || first === 'placeId') return 'venue';
  if (first === 'date' || first === 'time' || first === 'description') return first;
  return null;
}

export const CAPACITY_MAX = 10_000;
/** The contract's wording (rooms.ts `roomCapacity`), so a refusal reads the same here and from the server. */
const capacityInvalid = () => t('rooms.validation.capacityInvalid', { max: CAPACITY_MAX });

/** Empty is no limit; else a whole number from 1 to 10,000 (digits only: "1e3", "12.5", "-3" are refused). */
export function validateCapacity(value: string): string | true {
  const text = value.trim();
  if (text === '') return true;
  if (!/^\d+$/.test(text)) return capacityInvalid();
  const n = Number(text);
  return n >= 1 && n <= CAPACITY_MAX ? true : capacityInvalid();
}

/** The capacity to send: null for no limit. Call after `validateCapacity` passed. */
export function parseCapacity(value: string): number | null {
  const text = value.trim();
  return text === '' ? null : Number(text);
}

/** The field of the create or edit form an issue path names (`room.` prefix dropped), else null. */
export function roomFormField(
  path: string,
): 'name' | 'capacity' | 'currency' | 'venue' | 'date' | 'time' | 'description' | null {
  const bare = path.replace(/^room\./, '');
  const first = bare.split('.')[0];
  if (first === 'name' || first === 'capacity' || first === 'currency') return first;
  return roomPlanField(bare);
}
