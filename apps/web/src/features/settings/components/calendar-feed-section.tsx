import { useRef, useState } from 'react';
import { ButtonSpinner, primaryButtonClass } from '@/components/form/submit-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useToast } from '@/hooks/use-toast';
import { dateTimeFormat } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { genericErrorMessage, isApiError, refusalText } from '@/lib/api-error';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';
import { FeedLinkBox } from './feed-link-box';

const errorText = (error: unknown) => (isApiError(error) ? refusalText(error) : genericErrorMessage());

const quietButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-surface px-4 text-sm font-semibold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

/**
 * A personal subscription link (docs/api/README.md#calendar): every outing the user is in, kept up to date in their calendar
 * app, cancelled when a room closes. Creating a new link revokes the earlier one.
 */
export function CalendarFeedSection() {
  const t = useT();
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
      onError: (error) => toast.error(t('settings.feed.createFailed', { reason: errorText(error) })),
    });
  };
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirming(false);
        toast.success(t('settings.feed.revoked'));
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(t('settings.feed.revokeFailed', { reason: errorText(error) }));
      },
    });

  let body;
  if (feed.isPending) body = <LoadingState label={t('settings.feed.loading')} />;
  else if (feed.isError) {
    body = <ErrorState message={t('settings.feed.loadFailed')} onRetry={() => void feed.refetch()} />;
  } else if (!feed.data.active) {
    body = (
      <button type="button" onClick={onCreate} aria-busy={create.isPending} className={primaryButtonClass}>
        {create.isPending && <ButtonSpinner />}
        {t('settings.feed.create')}
      </button>
    );
  } else {
    body = (
      <>
        {url ? (
          <FeedLinkBox url={url} />
        ) : (
          <p className="text-sm text-slate-700">
            {feed.data.createdAt
              ? t('settings.feed.activeSince', {
                  date: dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' }).format(
                    new Date(feed.data.createdAt),
                  ),
                })
              : t('settings.feed.active')}
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
              {t('settings.feed.createNew')}
            </button>
          )}
          <button
            ref={revokeButton}
            type="button"
            onClick={() => setConfirming(true)}
            className={`${quietButton} text-red-800 dark:text-red-300 ring-red-200 dark:ring-red-800 hover:bg-red-50 dark:hover:bg-red-950/40`}
          >
            {t('settings.feed.revoke')}
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
          {t('settings.feed.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.feed.intro')}</p>
      </div>
      {body}
      {confirming && (
        <ConfirmDialog
          title={t('settings.feed.revokeTitle')}
          description={t('settings.feed.revokeDescription')}
          confirmLabel={t('settings.feed.revoke')}
          busy={revoke.isPending}
          onConfirm={onRevoke}
          onCancel={() => setConfirming(false)}
          fallbackFocusRef={revokeButton}
        />
      )}
    </section>
  );
}
