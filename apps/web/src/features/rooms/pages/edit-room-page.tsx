import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { LockClosedIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { FormAlert } from '../../../components/form/form-alert';
import { placeFieldIssues } from '../../../components/form/server-issues';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { PageHeader } from '../../../components/page-header';
import { useAuth } from '../../../hooks/use-auth';
import { useDelayedNavigate } from '../../../hooks/use-delayed-navigate';
import { useToast } from '../../../hooks/use-toast';
import { isApiError } from '../../../lib/api-error';
import { ErrorState, LoadingState } from '../../../components/list-states';
import { useBills } from '../../bills/api/get-bills';
import { useRoom } from '../api/get-room';
import { useEditRoom } from '../api/edit-room';
import { CurrencyPicker } from '../components/currency-picker';
import { MoveNotice } from '../components/move-notice';
import { RoomFormFields, type RoomFormValues } from '../components/room-form-fields';
import { roomDay } from '../lib/dates';
import { coverFields, OWN_PICTURE } from '../lib/room-cover';
import { pictureIdOf } from '../lib/room-image-sources';
import { parseCapacity, roomFormField } from '../lib/validation';
import { EDIT_ROOM_NOT_FOUND, editRoomErrorMessage, ROOM_VALIDATION } from '../messages';
import { WAIT_FOR_UPLOAD } from './create-room-page';

export const ROOM_UPDATED = 'Room updated successfully!';
export const CURRENCY_LOCKED = 'The currency cannot change once the room has bills.';
export const CURRENCY_CHECKING = 'Checking whether the room has bills…';

function Notice({ roomId, children }: { roomId: string; children: string }) {
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
        {roomId ? 'Back to the room' : 'Go home'}
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
    venue: {
      text: room.venue,
      picked: { name: room.venue, address: '', googleMapsPlaceId: room.venuePlaceId },
    },
    date: roomDay(room.date),
    time: room.time,
    description: room.description,
    capacity: room.capacity === null ? '' : String(room.capacity),
  };
}

function EditRoomForm({ room, cameFromRoom }: { room: Room; cameFromRoom: boolean }) {
  const toast = useToast();
  const guard = useSubmitGuard();
  const navigateLater = useDelayedNavigate();
  const edit = useEditRoom(room.id);
  const [serverError, setServerError] = useState<string | null>(null);
  const [currency, setCurrency] = useState(room.currency);
  const [uploading, setUploading] = useState(false);
  // The currency of amounts already entered cannot change under them (api-contract §10.1): only while no bills.
  const bills = useBills(room.id);
  const currencyHint = bills.isSuccess
    ? bills.data.length > 0
      ? CURRENCY_LOCKED
      : null
    : bills.isError
      ? 'Could not check the room’s bills, so the currency stays as it is.'
      : CURRENCY_CHECKING;
  const form = useForm<RoomFormValues>({ defaultValues: valuesOf(room) });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = guard(async (values: RoomFormValues) => {
    setServerError(null);
    if (uploading) {
      toast.error(WAIT_FOR_UPLOAD);
      return;
    }
    const venue = values.venue.picked;
    if (!venue) {
      toast.error(ROOM_VALIDATION.venueNotPicked);
      return;
    }
    try {
      // Every field, so that what is saved is what the form shows; the room keeps its time zone.
      await edit.mutateAsync({
        name: values.name.trim(),
        ...coverFields(values, room.imageUrl),
        isPrivate: values.privacy === 'private',
        venue: venue.name,
        placeId: venue.googleMapsPlaceId,
        date: values.date,
        time: values.time,
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
    toast.success(ROOM_UPDATED);
    // Back to the room after the post-success delay (product-spec §7), without leaving the form in history.
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
        />
        <CurrencyPicker value={currency} onChange={setCurrency} disabledHint={currencyHint} />
        <MoveNotice room={room} />
        <div className="pt-1 pb-2">
          <SubmitButton busy={isSubmitting}>Save</SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}

/** Host only; the room comes from navigation state or is loaded, so a reload keeps the screen. */
export default function EditRoomPage() {
  const { roomId = '' } = useParams();
  const location = useLocation();
  const { user } = useAuth();
  const state = location.state as { room?: Room; from?: unknown } | null;
  const room = useRoom(roomId, state?.room);
  const cameFromRoom = state?.from === `/room/${roomId}`;

  let body;
  if (room.isPending) body = <LoadingState label="Loading room" />;
  else if (room.isError) {
    body =
      isApiError(room.error) && room.error.status === 404 ? (
        <Notice roomId="">{EDIT_ROOM_NOT_FOUND}</Notice>
      ) : (
        <div className="px-4 py-6">
          <ErrorState message="Could not load this room." onRetry={() => void room.refetch()} />
        </div>
      );
  } else if (room.data.hostId !== user.id) {
    body = <Notice roomId={roomId}>Only the host can edit this room.</Notice>;
  } else if (room.data.isClosed) {
    body = <Notice roomId={roomId}>This room is closed and can no longer be edited.</Notice>;
  } else {
    body = (
      <div className="px-4 py-5 min-[360px]:px-5">
        <EditRoomForm key={room.data.id} room={room.data} cameFromRoom={cameFromRoom} />
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Edit Room" back />
      {body}
    </>
  );
}
