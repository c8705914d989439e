import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { useT } from '@/lib/i18n/use-t';
import { formatRoomDate, todayInputValue } from '@/entities/room/dates';
import { validateRoomDate, validateVenueText } from '../lib/validation';
import { DescriptionField, DESCRIPTION_MAX_LENGTH } from './description-field';
import { TbdToggle } from './tbd-toggle';
import { VenueCombobox, type VenueValue } from './venue-combobox';

/** The part of the create and edit room forms that says where and when, and what the plan is. */
export interface RoomPlanValues {
  venue: VenueValue;
  date: string;
  time: string;
  description: string;
  /** The date (and time) is to be decided: its fields are hidden, kept, and not sent (issue 37 item 1). */
  dateTbd: boolean;
  /** The venue is to be decided. */
  venueTbd: boolean;
}

/**
 * Venue, date, time and description with their rules (docs/product.md#form-rules: create and edit room). Rendered
 * inside the form's `FormProvider`, whose values include `RoomPlanValues`. `timeZone`: the zone the times are in,
 * said under them (docs/api/README.md#plans).
 */
export function RoomPlanFields({ timeZone }: { timeZone?: string } = {}) {
  const t = useT();
  const { register, control } = useFormContext<RoomPlanValues>();
  const { errors } = useFormState({ control, name: ['date', 'time', 'description'] });
  const descriptionLength = useWatch({ control, name: 'description' }).length;
  // The browser's date picker writes the day in the browser's own format; the day is said again under it in the
  // interface's language and locale, so that a Chinese interface on an English browser reads 2026年11月28日周六.
  const day = useWatch({ control, name: 'date' });
  const dayHint = /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatRoomDate(`${day}T00:00:00.000Z`) : undefined;
  // A field to be decided is hidden but stays mounted: what was typed comes back when the box is unticked, and its
  // rules apply only while it is shown.
  const dateTbd = useWatch({ control, name: 'dateTbd' });
  const venueTbd = useWatch({ control, name: 'venueTbd' });

  return (
    <>
      <TbdToggle
        registration={register('venueTbd')}
        label={t('rooms.tbd.venueToggle')}
        hint={t('rooms.tbd.venueToggleHint')}
      />
      <div hidden={venueTbd}>
        <Controller
          control={control}
          name="venue"
          rules={{ validate: (value, values) => values.venueTbd || validateVenueText(value) }}
          render={({ field, fieldState }) => (
            <VenueCombobox
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              ref={field.ref}
            />
          )}
        />
      </div>
      <TbdToggle
        registration={register('dateTbd')}
        label={t('rooms.tbd.dateToggle')}
        hint={t('rooms.tbd.dateToggleHint')}
      />
      <div hidden={dateTbd} className="grid grid-cols-1 gap-5 min-[360px]:grid-cols-2 min-[360px]:gap-3">
        <TextField
          label={t('rooms.field.date')}
          type="date"
          min={todayInputValue()}
          hint={dayHint}
          error={errors.date?.message}
          {...register('date', { validate: (value, values) => values.dateTbd || validateRoomDate(value) })}
        />
        <TextField
          label={t('rooms.field.time')}
          type="time"
          error={errors.time?.message}
          {...register('time', {
            validate: (value, values) => values.dateTbd || value !== '' || t('rooms.validation.timeRequired'),
          })}
        />
        {timeZone && (
          <p className="-mt-3 text-sm text-slate-500 min-[360px]:col-span-2 min-[360px]:-mt-1">
            {t('rooms.field.timeZone', { zone: timeZone.replace(/_/g, ' ') })}
          </p>
        )}
      </div>
      <DescriptionField
        length={descriptionLength}
        placeholder={t('rooms.field.descriptionPlaceholder')}
        error={errors.description?.message}
        {...register('description', {
          maxLength: {
            value: DESCRIPTION_MAX_LENGTH,
            message: t('rooms.validation.descriptionMax', { max: DESCRIPTION_MAX_LENGTH }),
          },
        })}
      />
    </>
  );
}
