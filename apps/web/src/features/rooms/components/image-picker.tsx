import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { roomImages } from '@outing/contract';
import { Spinner } from '@/components/spinner';
import type { MessageKey } from '@/lib/i18n/keys';
import { useT } from '@/lib/i18n/use-t';
import { OWN_PICTURE, type CoverValues } from '../lib/room-cover';
import { PictureUpload, type UploadState } from './picture-upload';
import { RoomImage } from '@/entities/room/room-image';

const captions: Record<(typeof roomImages)[number], MessageKey> = {
  birthday: 'rooms.cover.birthday',
  gathering: 'rooms.cover.gathering',
  party: 'rooms.cover.party',
  sports: 'rooms.cover.sports',
  travel: 'rooms.cover.travel',
  pets: 'rooms.cover.pets',
};

const tile =
  'group relative flex cursor-pointer flex-col overflow-hidden rounded-xl bg-surface ring-1 ring-slate-200 transition has-checked:ring-3 has-checked:ring-brand-600 dark:has-checked:ring-brand-400 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:has-focus-visible:outline-brand-400';
const caption =
  'flex min-h-8 items-center justify-center gap-1 px-1 text-xs font-semibold text-slate-700 group-has-checked:bg-brand-600 group-has-checked:text-white';

/** While a photo goes up: its local preview (if the browser can show it) under a spinner and the percentage. */
function Uploading({ state }: { state: UploadState }) {
  const t = useT();
  const percent = Math.round(state.progress * 100);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-200 ring-1 ring-slate-200">
      {state.previewUrl && (
        <img src={state.previewUrl} alt="" className="size-full object-cover opacity-60" />
      )}
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-surface/40">
        <Spinner label={t('rooms.cover.uploading')} className="size-8" />
        <span className="rounded-full bg-surface/90 px-3 py-1 text-sm font-semibold text-slate-800">
          {t('rooms.cover.uploadingPercent', { percent })}
        </span>
        <progress
          max={100}
          value={percent}
          aria-label={t('rooms.cover.uploadProgress')}
          className="h-1.5 w-2/3 overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-surface/80 [&::-webkit-progress-value]:bg-brand-600"
        />
      </div>
    </div>
  );
}

/**
 * The room's cover (docs/product.md#room-pictures; issue #20 item 5): the host's own photo, uploaded here, or one of
 * the six pictures, as one radio group. Rendered inside the form's `FormProvider`, whose values include
 * `CoverValues`; `fallbackPreset` is the preset a removed photo gives way to.
 */
export function ImagePicker({
  fallbackPreset,
  onUploadingChange,
}: {
  fallbackPreset: string;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const t = useT();
  const { register, setValue, getValues, control } = useFormContext<CoverValues>();
  const picture = useWatch({ control, name: 'picture' });
  const [uploading, setUploading] = useState<UploadState | null>(null);
  const registration = register('cover');

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('rooms.cover.legend')}</legend>
      {uploading ? (
        <Uploading state={uploading} />
      ) : (
        picture && (
          <label className={tile}>
            <input type="radio" value={OWN_PICTURE} className="sr-only" {...registration} />
            <RoomImage
              src={fallbackPreset}
              pictureUrl={picture.url}
              sizes="358px"
              className="aspect-video w-full"
            />
            <span className={caption}>{t('rooms.cover.yourPhoto')}</span>
          </label>
        )
      )}
      <PictureUpload
        picture={picture}
        onUploadingChange={(state) => {
          setUploading(state);
          onUploadingChange?.(state !== null);
        }}
        onUploaded={(uploaded) => {
          setValue('picture', uploaded, { shouldDirty: true });
          setValue('cover', OWN_PICTURE, { shouldDirty: true });
        }}
        onRemove={() => {
          setValue('picture', null, { shouldDirty: true });
          if (getValues('cover') === OWN_PICTURE) setValue('cover', fallbackPreset, { shouldDirty: true });
        }}
      />
      <p className="mt-1 text-sm text-slate-600">
        {picture ? t('rooms.cover.useOurs') : t('rooms.cover.pickOurs')}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {roomImages.map((name) => (
          <label key={name} className={tile}>
            <input type="radio" value={`/imgs/${name}.png`} className="sr-only" {...registration} />
            <img
              src={`/imgs/${name}.png`}
              alt=""
              loading="lazy"
              className="aspect-video w-full bg-brand-700 object-cover"
            />
            <span className={caption}>{t(captions[name])}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
