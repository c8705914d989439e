import type { VenueValue } from '../components/venue-combobox';
import { ROOM_VALIDATION } from '../messages';
import { isBeforeToday } from './dates';

export const ROOM_NAME_MAX_LENGTH = 60;

/** Date required and not before today (product-spec §5: create and edit room). */
export function validateRoomDate(value: string): string | true {
  if (value === '') return ROOM_VALIDATION.dateRequired;
  if (isBeforeToday(value)) return ROOM_VALIDATION.dateNotPast;
  return true;
}

/** Something typed; whether a venue was picked from the results is checked on submit (a toast). */
export function validateVenueText(value: VenueValue): string | true {
  return value.text.trim() === '' ? ROOM_VALIDATION.venueRequired : true;
}

export function validateRoomName(value: string): string | true {
  if (value.trim() === '') return ROOM_VALIDATION.nameRequired;
  if (value.trim().length > ROOM_NAME_MAX_LENGTH) return ROOM_VALIDATION.nameMax;
  return true;
}

/** The room-plan field an issue path names (`venue`, `venuePlaceId` or `placeId`, `date`, …), else null. */
export function roomPlanField(path: string): 'venue' | 'date' | 'time' | 'description' | null {
  const first = path.split('.')[0];
  if (first === 'venue' || first === 'venuePlaceId' || first === 'placeId') return 'venue';
  if (first === 'date' || first === 'time' || first === 'description') return first;
  return null;
}
