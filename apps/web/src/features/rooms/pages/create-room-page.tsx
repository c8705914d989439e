import { useId } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { defaultRoomImageUrl } from '@outing/contract';
import { placeFieldIssues } from '../../../components/form/server-issues';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { useSubmitGuard } from '../../../components/form/use-submit-guard';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../hooks/use-toast';
import { userLocale } from '../../../lib/money';
import { useFriends } from '../../friends/api/get-friends';
import { useCreateRoom } from '../api/create-room';
import { FriendPicker } from '../components/friend-picker';
import { ImagePicker } from '../components/image-picker';
import { CurrencyPicker } from '../components/currency-picker';
import { PrivacySwitch } from '../components/privacy-switch';
import { RoomPlanFields, type RoomPlanValues } from '../components/room-plan-fields';
import { emptyVenue } from '../components/venue-combobox';
import { defaultCurrency } from '../lib/currencies';
import { ROOM_NAME_MAX_LENGTH, roomPlanField, validateRoomName } from '../lib/validation';
import { createRoomErrorMessage, ROOM_VALIDATION } from '../messages';

interface CreateRoomValues extends RoomPlanValues {
  name: string;
  imageUrl: string;
  isPrivate: boolean;
  invitees: number[];
  /** ISO 4217 (api-contract §10.1). */
  currency: string;
}

function Invitees({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const friends = useFriends();
  const errorId = useId();
  const legend = 'Invite friends (optional)';

  if (friends.isPending) {
    return (
      <div className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner label="Loading friends" className="size-5" />
        Loading your friends…
      </div>
    );
  }
  if (friends.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800">
        Could not load your friends to invite.
        <button
          type="button"
          onClick={() => void friends.refetch()}
          className="inline-flex min-h-11 items-center font-semibold underline"
        >
          Try again
        </button>
      </div>
    );
  }
  if (friends.data.length === 0) {
    return (
      <div className="flex flex-col gap-1 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{legend}</span>
        <span>
          No friends to invite yet.{' '}
          <Link
            to="/friends"
            state={{ from: '/rooms/create' }}
            className="font-semibold text-brand-700 underline"
          >
            Add friends
          </Link>{' '}
          or share the room link later.
        </span>
      </div>
    );
  }
  return (
    <FriendPicker
      legend={legend}
      users={friends.data}
      value={value}
      onChange={onChange}
      errorId={errorId}
      listClassName="max-h-48"
    />
  );
}

export default function CreateRoomPage() {
  const toast = useToast();
  const guard = useSubmitGuard();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateRoom();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;

  const form = useForm<CreateRoomValues>({
    defaultValues: {
      name: '',
      imageUrl: defaultRoomImageUrl,
      venue: emptyVenue,
      date: '',
      time: '',
      description: '',
      isPrivate: false,
      invitees: [],
      currency: defaultCurrency(userLocale()),
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = guard(async (values: CreateRoomValues) => {
    const venue = values.venue.picked;
    if (!venue) {
      toast.error(ROOM_VALIDATION.venueNotPicked);
      setFocus('venue');
      return;
    }
    try {
      const { room } = await create.mutateAsync({
        room: {
          name: values.name.trim(),
          date: values.date,
          venue: venue.name,
          venuePlaceId: venue.googleMapsPlaceId,
          time: values.time,
          imageUrl: values.imageUrl,
          isPrivate: values.isPrivate,
          description: values.description.trim(),
          currency: values.currency,
        },
        invitees: values.invitees,
      });
      toast.success('Room created!');
      // The form is not kept in history: Back from the new room goes where the form was opened from.
      await navigate(`/room/${room.id}`, { replace: true, state: from ? { from } : undefined });
    } catch (error) {
      toast.error(createRoomErrorMessage(error));
      // A 400's issues (`room.name`, `room.date`, …) also go to their fields.
      placeFieldIssues(
        error,
        (path) =>
          path === 'room.name'
            ? 'name'
            : path === 'room.currency'
              ? 'currency'
              : roomPlanField(path.replace(/^room\./, '')),
        setError,
      );
    }
  });

  const isPrivate = useWatch({ control, name: 'isPrivate' });

  return (
    <>
      <PageHeader title="Create Room" back />
      <div className="px-4 py-5 min-[360px]:px-5">
        <FormProvider {...form}>
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
            <TextField
              label="Room Name"
              autoComplete="off"
              placeholder="e.g. Friday drinks"
              maxLength={ROOM_NAME_MAX_LENGTH + 20}
              error={errors.name?.message}
              {...register('name', { validate: validateRoomName })}
            />
            <ImagePicker registration={register('imageUrl')} />
            <RoomPlanFields />
            <Controller
              control={control}
              name="currency"
              render={({ field }) => <CurrencyPicker value={field.value} onChange={field.onChange} />}
            />
            <PrivacySwitch registration={register('isPrivate')} isPrivate={isPrivate} />
            <Controller
              control={control}
              name="invitees"
              render={({ field }) => <Invitees value={field.value} onChange={field.onChange} />}
            />
            <div className="pt-1 pb-2">
              <SubmitButton busy={isSubmitting}>Create Room</SubmitButton>
            </div>
          </form>
        </FormProvider>
      </div>
    </>
  );
}
