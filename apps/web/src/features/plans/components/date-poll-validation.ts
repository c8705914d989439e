import { MAX_DATE_OPTIONS, MIN_DATE_OPTIONS } from '@outing/contract';
import { t } from '@/lib/i18n/i18n';
import { isBeforeToday } from '@/entities/room/dates';
import type { DateOptionDraft } from '../api/create-date-poll';

export { MAX_DATE_OPTIONS, MIN_DATE_OPTIONS };

export interface OptionErrors {
  date?: string;
  time?: string;
}

/** Each row's problems (empty when the poll may be sent): dates from today on, every row a different moment. */
export function validateOptions(options: DateOptionDraft[], now = new Date()): OptionErrors[] {
  const seen = new Set<string>();
  return options.map((option) => {
    const errors: OptionErrors = {};
    if (!option.date) errors.date = t('plans.poll.pickDate');
    else if (isBeforeToday(option.date, now)) errors.date = t('rooms.validation.dateNotPast');
    if (!option.time) errors.time = t('plans.poll.pickTime');
    const key = `${option.date} ${option.time}`;
    if (!errors.date && !errors.time) {
      if (seen.has(key)) errors.time = t('plans.poll.duplicate');
      seen.add(key);
    }
    return errors;
  });
}

export const hasErrors = (errors: OptionErrors[]) => errors.some((e) => e.date || e.time);
