import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { LockClosedIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { FormAlert } from '@/components/form/form-alert';
import { placeFieldIssues } from '@/components/form/server-issues';
import { SubmitButton } from '@/components/form/submit-button';
import { useSubmitGuard } from '@/components/form/use-submit-guard';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/hooks/use-auth';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { isApiError } from '@/lib/api-error';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useHasBills } from '@/features/bills/api/get-bills';
import { useRoom } from '@/entities/room/get-room';
import { useEditRoom } from '@/features/rooms/api/edit-room';
import { CurrencyPicker } from '@/features/rooms/components/currency-picker';
import { MoveNotice } from '@/features/rooms/components/move-notice';
import { RoomFormFields, type RoomFormValues } from '@/features/rooms/components/room-form-fields';
import { roomDay } from '@/entities/room/dates';
import { coverFields, OWN_PICTURE } from '@/features/rooms/lib/room-cover';
import { pictureIdOf } from '@/entities/room/room-image-sources';
import { parseCapacity, roomFormField } from '@/features/rooms/lib/validation';
import { editRoomErrorMessage } from '@/features/rooms/messages';

function Notice({ roomId, children }: { roomId: string; children: string }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 dark:bg-brand-950/40">
        <LockClosedIcon aria-hidden="true" className="size-7 text-brand-700 dark:text-brand-300" />
      </span>
      <p role="alert" className="text-base font-semibold text-slate-900">
        {children}
      </p>
      <Link
        to={roomId ? `/room/${roomId}` : '/'}
        className="inline-flex min-h-11 items-center rounded-full px-5 font-semibold text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 transition hover:bg-brand-50 dark:hover:bg-brand-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400"
      >
        {roomId ? t('rooms.edit.backToRoom') : t('rooms.goHome')}
      </Link>
    </div>
  );
}

/** The form's starting values: the room as it is. */
function valuesOf(room: Room): RoomFormValues {
  return {
    name: room.name,
    privacy: room.isPrivate ? 'private' : 'public',
    cover: room.pictureUrl ? OWN_PICTURE : room.imageUrl,
    picture: room.pictureUrl ? { id: pictureIdOf(room.pictureUrl) ?? '', url: room.pictureUrl } : null,
    // A placeholder is no value (docs/api/README.md#date-and-venue-tbd): unticking the box starts from empty fields.
    venue: room.venueTbd
      ? { text: '', picked: null }
      : {
          text: room.venue,
          picked: { name: room.venue, address: '', googleMapsPlaceId: room.venuePlaceId },
        },
    date: room.dateTbd ? '' : roomDay(room.date),
    time: room.dateTbd ? '' : room.time,
    dateTbd: room.dateTbd ?? false,
    venueTbd: room.venueTbd ?? false,
    description: room.description,
    capacity: room.capacity === null ? '' : String(room.capacity),
  };
}

function EditRoomForm({ room, cameFromRoom }: { room: Room; cameFromRoom: boolean }) {
  const t = useT();
  const toast = useToast();
  const guard = useSubmitGuard();
  const navigateLater = useDelayedNavigate();
  const edit = useEditRoom(room.id);
  const [serverError, setServerError] = useState<string | null>(null);
  const [currency, setCurrency] = useState(room.currency);
  const [uploading, setUploading] = useState(false);
  // The currency of amounts already entered cannot change under them (docs/api/README.md#currency): only while no bills.
  // Whether there is one is a one-bill page, not the room's list.
  const bills = useHasBills(room.id);
  const currencyHint = bills.isSuccess
    ? bills.data
      ? t('rooms.currency.locked')
      : null
    : bills.isError
      ? t('rooms.currency.checkFailed')
      : t('rooms.currency.checking');
  const form = useForm<RoomFormValues>({ defaultValues: valuesOf(room) });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = guard(async (values: RoomFormValues) => {
    setServerError(null);
    if (uploading) {
      toast.error(t('rooms.create.waitForUpload'));
      return;
    }
    const venue = values.venue.picked;
    if (!venue && !values.venueTbd) {
      toast.error(t('rooms.validation.venueNotPicked'));
      return;
    }
    try {
      // Every field, so that what is saved is what the form shows; the room keeps its time zone.
      await edit.mutateAsync({
        name: values.name.trim(),
        ...coverFields(values, room.imageUrl),
        isPrivate: values.privacy === 'private',
        // A flag goes when ticked, and `false` when it fixes what was to be decided (even on the placeholder's
        // very day); a room with nothing to be decided sends the fields as before (docs/api/README.md#date-and-venue-tbd).
        ...(values.venueTbd || !venue
          ? { venueTbd: true }
          : {
              ...(room.venueTbd ? { venueTbd: false } : {}),
              venue: venue.name,
              placeId: venue.googleMapsPlaceId,
            }),
        ...(values.dateTbd
          ? { dateTbd: true }
          : { ...(room.dateTbd ? { dateTbd: false } : {}), date: values.date, time: values.time }),
        timeZone: room.timeZone,
        description: values.description.trim(),
        capacity: parseCapacity(values.capacity),
        ...(currency !== room.currency && currencyHint === null ? { currency } : {}),
      });
    } catch (error) {
      setServerError(editRoomErrorMessage(error));
      // The currency is no form field: the alert above says what is wrong with it.
      placeFieldIssues(
        error,
        (path) => {
          const field = roomFormField(path);
          return field === 'currency' ? null : field;
        },
        setError,
      );
      return;
    }
    toast.success(t('rooms.edit.updated'));
    // Back to the room after the post-success delay (docs/product.md#calls), without leaving the form in history.
    await navigateLater(cameFromRoom ? -1 : `/room/${room.id}`, { replace: true });
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
        <FormAlert message={serverError} />
        <RoomFormFields
          timeZone={room.timeZone}
          fallbackPreset={room.imageUrl}
          onUploadingChange={setUploading}
          goingCount={room.goingCount}
        />
        <CurrencyPicker value={currency} onChange={setCurrency} disabledHint={currencyHint} />
        <MoveNotice room={room} />
        <div className="pt-1 pb-2">
          <SubmitButton busy={isSubmitting}>{t('rooms.edit.save')}</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}

/** Host only; the room comes from navigation state or is loaded, so a reload keeps the screen. */
export default function EditRoomPage() {
  const t = useT();
  const { roomId = '' } = useParams();
  const location = useLocation();
  const { user } = useAuth();
  const state = location.state as { room?: Room; from?: unknown } | null;
  const room = useRoom(roomId, state?.room);
  const cameFromRoom = state?.from === `/room/${roomId}`;

  let body;
  if (room.isPending) body = <LoadingState label={t('rooms.loadingRoom')} />;
  else if (room.isError) {
    body =
      isApiError(room.error) && room.error.status === 404 ? (
        <Notice roomId="">{t('rooms.error.editRoomNotFound')}</Notice>
      ) : (
        <div className="px-4 py-6">
          <ErrorState message={t('rooms.loadFailed')} onRetry={() => void room.refetch()} />
        </div>
      );
  } else if (room.data.hostId !== user.id) {
    body = <Notice roomId={roomId}>{t('rooms.edit.onlyHost')}</Notice>;
  } else if (room.data.isClosed) {
    body = <Notice roomId={roomId}>{t('rooms.edit.closed')}</Notice>;
  } else {
    body = (
      <div className="px-4 py-5 min-[360px]:px-5">
        <EditRoomForm key={room.data.id} room={room.data} cameFromRoom={cameFromRoom} />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('rooms.edit.title')} back />
      {body}
    </>
  );
}
