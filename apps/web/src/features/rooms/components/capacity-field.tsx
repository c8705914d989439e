import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field';
import { useT } from '../../../i18n/use-t';

/** Optional places for going members (api-contract §10.4): empty is no limit. */
export function CapacityField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const t = useT();
  return (
    <TextField
      label={t('rooms.field.capacity')}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('rooms.field.capacityPlaceholder')}
      maxLength={12}
      hint={t('rooms.field.capacityHint')}
      error={error}
      {...registration}
    />
  );
}
