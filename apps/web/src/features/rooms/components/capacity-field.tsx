import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field';

export const CAPACITY_HINT = 'When it’s full, new people join a waitlist.';

/** Optional places for going members (api-contract §10.4): empty is no limit. */
export function CapacityField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <TextField
      label="Capacity (optional)"
      inputMode="numeric"
      autoComplete="off"
      placeholder="No limit"
      maxLength={12}
      hint={`${CAPACITY_HINT} Leave it empty for no limit.`}
      error={error}
      {...registration}
    />
  );
}
