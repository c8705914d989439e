import { useRef, useState } from 'react';
import { ButtonSpinner, primaryButtonClass } from '../../../components/form/submit-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState, LoadingState } from '../../../components/list-states';
import { useToast } from '../../../hooks/use-toast';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-error';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';
import { FeedLinkBox } from './feed-link-box';

const created = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

const errorText = (error: unknown) => (isApiError(error) && error.message) || GENERIC_ERROR_MESSAGE;

const quietButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-surface px-4 text-sm font-semibold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

/**
 * A personal subscription link (api-contract §10.4): every outing the user is in, kept up to date in their calendar
 * app, cancelled when a room closes. Creating a new link revokes the earlier one.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);

  const onCreate = () => {
    if (create.isPending) return;
    create.mutate(undefined, {
      onSuccess: (answer) => setUrl(answer.url),
      onError: (error) => toast.error(`Could not create a link: ${errorText(error)}`),
    });
  };
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirming(false);
        toast.success('Calendar link revoked');
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(`Could not revoke the link: ${errorText(error)}`);
      },
    });

  let body;
  if (feed.isPending) body = <LoadingState label="Loading your calendar link" />;
  else if (feed.isError) {
    body = <ErrorState message="Could not load your calendar link." onRetry={() => void feed.refetch()} />;
  } else if (!feed.data.active) {
    body = (
      <button type="button" onClick={onCreate} aria-busy={create.isPending} className={primaryButtonClass}>
        {create.isPending && <ButtonSpinner />}
        Create calendar link
      </button>
    );
  } else {
    body = (
      <>
        {url ? (
          <FeedLinkBox url={url} />
        ) : (
          <p className="text-sm text-slate-700">
            Your link is active
            {feed.data.createdAt && <> since {created.format(new Date(feed.data.createdAt))}</>}. For safety
            it is shown only when created: make a new one to see it again (the old one then stops working).
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {!url && (
            <button
              type="button"
              onClick={onCreate}
              aria-busy={create.isPending}
              aria-disabled={create.isPending}
              className={`${quietButton} text-brand-800 dark:text-brand-300 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40`}
            >
              {create.isPending && <ButtonSpinner className="size-4 text-brand-700 dark:text-brand-300" />}
              Create a new link
            </button>
          )}
          <button
            ref={revokeButton}
            type="button"
            onClick={() => setConfirming(true)}
            className={`${quietButton} text-red-800 dark:text-red-300 ring-red-200 dark:ring-red-800 hover:bg-red-50 dark:hover:bg-red-950/40`}
          >
            Revoke link
          </button>
        </div>
      </>
    );
  }

  return (
    <section
      aria-labelledby="calendar-feed-heading"
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div>
        <h2 id="calendar-feed-heading" className="text-base font-semibold text-slate-900">
          Subscribe in your calendar app
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every outing you’re in appears in Google Calendar, Apple Calendar or Outlook, and stays up to date
          when plans change.
        </p>
      </div>
      {body}
      {confirming && (
        <ConfirmDialog
          title="Revoke calendar link?"
          description="Calendars subscribed to it stop getting your outings. You can create a new link at any time."
          confirmLabel="Revoke link"
          busy={revoke.isPending}
          onConfirm={onRevoke}
          onCancel={() => setConfirming(false)}
          fallbackFocusRef={revokeButton}
        />
      )}
    </section>
  );
}
