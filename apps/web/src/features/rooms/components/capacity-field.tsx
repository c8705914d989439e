import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/use-t';
import { parseCapacity, validateCapacity } from '../lib/validation';

/**
 * Optional places for going members (docs/api/README.md#plans): empty is no limit. Editing a room (`goingCount` given), a
 * capacity below the number going says what happens (docs/plans.md): nobody is removed, new answers wait.
 */
export function CapacityField({
  registration,
  error,
  value,
  goingCount,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  /** what is typed, to compare with `goingCount` */
  value?: string;
  goingCount?: number;
}) {
  const t = useT();
  const typed = value !== undefined && validateCapacity(value) === true ? parseCapacity(value) : null;
  const below = goingCount !== undefined && typed !== null && typed < goingCount;
  return (
    <TextField
      label={t('rooms.field.capacity')}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('rooms.field.capacityPlaceholder')}
      maxLength={12}
      hint={
        below
          ? t('rooms.field.capacityOver', { going: goingCount, capacity: typed })
          : t('rooms.field.capacityHint')
      }
      error={error}
      {...registration}
    />
  );
}
