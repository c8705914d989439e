import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowUpOnSquareIcon, DocumentDuplicateIcon, EnvelopeIcon } from '@heroicons/react/24/outline';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useAuth } from '@/hooks/use-auth';
import { useT } from '@/lib/i18n/use-t';
import { genericErrorMessage } from '@/lib/api-error';
import { inviteLinkQueryOptions, shareableInviteUrl } from '../api/invite-link';

const outlineButtonClass =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-full border border-slate-300 bg-surface px-6 text-base font-semibold text-slate-800 shadow-xs transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-slate-100';

const smallButtonClass =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 active:bg-brand-800';

/**
 * "Invite a friend" (issue #21): for someone who is not on Outing yet. Shows the user's personal link, made on
 * first ask, with Copy and (where the browser can) Share. Whoever signs up through it finds the user's friend
 * request waiting.
 */
export function InviteFriend() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={outlineButtonClass}
      >
        <EnvelopeIcon aria-hidden="true" className="size-5" />
        {t('friends.invite.button')}
      </button>
      <div id={panelId} hidden={!open}>
        {open && <InvitePanel />}
      </div>
    </div>
  );
}

function InvitePanel() {
  const t = useT();
  const { user } = useAuth();
  const link = useQuery(inviteLinkQueryOptions(user.id));
  const inputId = useId();
  const [status, setStatus] = useState<string | null>(null);

  if (link.isPending) return <LoadingState label={t('friends.invite.linkLoading')} />;
  if (link.isError) {
    return <ErrorState message={genericErrorMessage()} onRetry={() => void link.refetch()} />;
  }

  const url = shareableInviteUrl(link.data.url);
  const canShare = typeof navigator.share === 'function';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t('friends.invite.copied'));
    } catch {
      setStatus(t('friends.invite.copyFailed'));
    }
  }

  async function share() {
    try {
      await navigator.share({
        title: t('friends.invite.shareTitle'),
        text: t('friends.invite.shareText'),
        url,
      });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (!(error instanceof DOMException && error.name === 'AbortError'))
        setStatus(t('friends.invite.shareFailed'));
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-surface p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-600">{t('friends.invite.explain')}</p>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('friends.invite.linkLabel')}
      </label>
      <input
        id={inputId}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="h-11 w-full rounded-xl border border-slate-300 bg-canvas px-3 text-sm text-slate-900"
      />
      <div className="flex gap-2">
        <button type="button" onClick={() => void copy()} className={smallButtonClass}>
          <DocumentDuplicateIcon aria-hidden="true" className="size-5" />
          {t('friends.invite.copy')}
        </button>
        {canShare && (
          <button type="button" onClick={() => void share()} className={smallButtonClass}>
            <ArrowUpOnSquareIcon aria-hidden="true" className="size-5" />
            {t('friends.invite.share')}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-slate-700">
        {status}
      </p>
    </section>
  );
}
