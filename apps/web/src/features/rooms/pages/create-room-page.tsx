import { useEffect, useId, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { placeFieldIssues } from '@/components/form/server-issues';
import { SubmitButton } from '@/components/form/submit-button';
import { useSubmitGuard } from '@/components/form/use-submit-guard';
import { PageHeader } from '@/components/page-header';
import { Spinner } from '@/components/spinner';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useI18n, useT } from '@/lib/i18n/use-t';
import { regionLocale } from '@/lib/money';
import { useFriends } from '@/features/friends/api/get-friends';
import { flattenPages } from '@/lib/cursor-pages';
import { ListMore } from '@/components/load-more';
import { useCreateRoom } from '../api/create-room';
import { useRooms } from '../api/get-rooms';
import { FriendPicker } from '../components/friend-picker';
import { CurrencyPicker } from '../components/currency-picker';
import { RoomFormFields, type RoomFormValues } from '../components/room-form-fields';
import { emptyVenue } from '../components/venue-combobox';
import { newRoomCurrency } from '../lib/new-room-currency';
import { lastUsedCurrency, rememberRoomCurrency } from '../lib/last-currency';
import { browserTimeZone } from '@/entities/room/dates';
import { coverFields } from '../lib/room-cover';
import { NEUTRAL_COVER, suggestCover } from '../lib/suggest-cover';
import { CoverFromName } from '../components/cover-from-name';
import { parseCapacity, roomFormField } from '../lib/validation';
import { createRoomErrorMessage } from '../messages';

interface CreateRoomValues extends RoomFormValues {
  invitees: number[];
  /** ISO 4217 (docs/api/README.md#currency). */
  currency: string;
}

function Invitees({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const friends = useFriends();
  const { t, tRich } = useI18n();
  const errorId = useId();
  const legend = t('rooms.create.inviteLegend');

  if (friends.isPending) {
    return (
      <div className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner label={t('rooms.loadingFriends')} className="size-5" />
        {t('rooms.create.loadingFriends')}
      </div>
    );
  }
  if (friends.isError && !friends.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-800 dark:text-red-300">
        {t('rooms.create.friendsFailed')}
        <button
          type="button"
          onClick={() => void friends.refetch()}
          className="inline-flex min-h-11 items-center font-semibold underline"
        >
          {t('rooms.tryAgain')}
        </button>
      </div>
    );
  }
  const list = flattenPages(friends.data);
  if (list.length === 0) {
    return (
      <div className="flex flex-col gap-1 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{legend}</span>
        <span>
          {tRich('rooms.create.noFriends', {
            link: (chunks) => (
              <Link
                key="link"
                to="/friends"
                state={{ from: '/rooms/create' }}
                className="font-semibold text-brand-700 dark:text-brand-300 underline"
              >
                {chunks}
              </Link>
            ),
          })}
        </span>
      </div>
    );
  }
  return (
    <div>
      <FriendPicker
        legend={legend}
        users={list}
        value={value}
        onChange={onChange}
        errorId={errorId}
        listClassName="max-h-48"
      />
      <ListMore
        list={friends}
        loadedCount={list.length}
        failedText={t('friends.list.loadMoreFailed')}
        className="mt-2"
      />
    </div>
  );
}

export default function CreateRoomPage() {
  const t = useT();
  const toast = useToast();
  const guard = useSubmitGuard();
  const navigate = useNavigate();
  const location = useLocation();
  const create = useCreateRoom();
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  const [uploading, setUploading] = useState(false);
  // The browser's zone, read once: the room's date and time are wall-clock there (docs/api/README.md#plans).
  const [timeZone] = useState(browserTimeZone);
  const { user } = useAuth();
  // The user's open rooms (usually cached from the rooms tab), for the currency of the last one they host.
  const rooms = useRooms();
  const hosted = flattenPages(rooms.data);
  const currency = newRoomCurrency({
    lastUsed: lastUsedCurrency(user.id, hosted),
    timeZone,
    locale: regionLocale(),
  });

  const form = useForm<CreateRoomValues>({
    defaultValues: {
      name: '',
      // Private unless the host makes it public (issue #20).
      privacy: 'private',
      // Follows the name until the host picks one (CoverFromName, issue 37).
      cover: NEUTRAL_COVER,
      picture: null,
      venue: emptyVenue,
      date: '',
      time: '',
      dateTbd: false,
      venueTbd: false,
      description: '',
      capacity: '',
      invitees: [],
      currency,
    },
  });
  const {
    control,
    handleSubmit,
    setFocus,
    setError,
    formState: { isSubmitting },
  } = form;

  // The rooms list may answer after the form is shown: its newer default goes in unless the host chose one already.
  useEffect(() => {
    if (!form.getFieldState('currency').isDirty && form.getValues('currency') !== currency)
      form.setValue('currency', currency);
  }, [form, currency]);

  const onSubmit = guard(async (values: CreateRoomValues) => {
    if (uploading) {
      toast.error(t('rooms.create.waitForUpload'));
      return;
    }
    const venue = values.venue.picked;
    if (!venue && !values.venueTbd) {
      toast.error(t('rooms.validation.venueNotPicked'));
      setFocus('venue');
      return;
    }
    const { imageUrl, pictureId } = coverFields(values, suggestCover(values.name));
    try {
      const { room } = await create.mutateAsync({
        room: {
          name: values.name.trim(),
          // What is to be decided is not sent: the server keeps placeholders (docs/api/README.md#date-and-venue-tbd).
          ...(values.dateTbd ? { dateTbd: true } : { date: values.date, time: values.time }),
          ...(values.venueTbd || !venue
            ? { venueTbd: true }
            : { venue: venue.name, venuePlaceId: venue.googleMapsPlaceId }),
          imageUrl,
          isPrivate: values.privacy === 'private',
          description: values.description.trim(),
          currency: values.currency,
          capacity: parseCapacity(values.capacity),
          timeZone,
          ...(pictureId ? { pictureId } : {}),
        },
        invitees: values.invitees,
      });
      rememberRoomCurrency(user.id, room);
      toast.success(t('rooms.create.created'));
      // The form is not kept in history: Back from the new room goes where the form was opened from.
      await navigate(`/room/${room.id}`, { replace: true, state: from ? { from } : undefined });
    } catch (error) {
      toast.error(createRoomErrorMessage(error));
      // A 400's issues (`room.name`, `room.date`, …) also go to their fields.
      placeFieldIssues(error, roomFormField, setError);
    }
  });

  return (
    <>
      <PageHeader title={t('rooms.create.title')} back />
      <div className="px-4 py-5 min-[360px]:px-5">
        <FormProvider {...form}>
          <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
            <CoverFromName />
            <RoomFormFields
              timeZone={timeZone}
              fallbackPreset={NEUTRAL_COVER}
              onUploadingChange={setUploading}
            />
            <Controller
              control={control}
              name="currency"
              render={({ field }) => <CurrencyPicker value={field.value} onChange={field.onChange} />}
            />
            <Controller
              control={control}
              name="invitees"
              render={({ field }) => <Invitees value={field.value} onChange={field.onChange} />}
            />
            <div className="pt-1 pb-2">
              <SubmitButton busy={isSubmitting}>{t('rooms.create.submit')}</SubmitButton>
            </div>
          </form>
        </FormProvider>
      </div>
    </>
  );
}
