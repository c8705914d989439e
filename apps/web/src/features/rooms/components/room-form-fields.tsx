import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/use-t';
import type { CoverValues } from '../lib/room-cover';
import { ROOM_NAME_MAX_LENGTH, validateCapacity, validateRoomName } from '../lib/validation';
import { CapacityField } from './capacity-field';
import { ImagePicker } from './image-picker';
import { PrivacySwitch, type Privacy } from './privacy-switch';
import { RoomPlanFields, type RoomPlanValues } from './room-plan-fields';

/** What the create and edit forms share: everything about the room but its currency and invitees. */
export interface RoomFormValues extends RoomPlanValues, CoverValues {
  name: string;
  privacy: Privacy;
  /** Digits, or empty for no limit. */
  capacity: string;
}

/**
 * Name, who can join (near the top, issue #20), picture, venue, date and time (in `timeZone`), description and
 * capacity. Rendered inside the form's `FormProvider`.
 */
export function RoomFormFields({
  timeZone,
  fallbackPreset,
  onUploadingChange,
  goingCount,
}: {
  timeZone: string;
  fallbackPreset: string;
  onUploadingChange: (uploading: boolean) => void;
  /** editing: how many are going now, for what a lower capacity does */
  goingCount?: number;
}) {
  const t = useT();
  const { register, control } = useFormContext<RoomFormValues>();
  const { errors } = useFormState({ control, name: ['name', 'capacity'] });
  const capacity = useWatch({ control, name: 'capacity' });
  return (
    <>
      <TextField
        label={t('rooms.field.name')}
        autoComplete="off"
        placeholder={t('rooms.field.namePlaceholder')}
        // As long as the rule allows (issue #21): nothing typed past it is silently refused on submit.
        maxLength={ROOM_NAME_MAX_LENGTH}
        error={errors.name?.message}
        {...register('name', { validate: validateRoomName })}
      />
      <PrivacySwitch registration={register('privacy')} />
      <ImagePicker fallbackPreset={fallbackPreset} onUploadingChange={onUploadingChange} />
      <RoomPlanFields timeZone={timeZone} />
      <CapacityField
        registration={register('capacity', { validate: validateCapacity })}
        error={errors.capacity?.message}
        value={capacity}
        goingCount={goingCount}
      />
    </>
  );
}
