import { useState } from 'react';
import type { User } from '@outing/contract';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useToast } from '@/hooks/use-toast';
import { isApiError, refusalText } from '@/lib/api-error';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useRemoveGuest } from '../api/remove-guest';
import { personName } from '@/lib/person-name';

/**
 * Why removing `name` failed, in the interface's language, from the refusal's reason (decision 021): NET_NOT_ZERO
 * (the guest still owes or is owed) in this screen's words, as the reasons catalogue's sentence speaks to a member
 * leaving; another 409 or 404 by the catalogue; anything else the generic sentence.
 */
export function removeGuestErrorMessage(error: unknown, name: string): string {
  const generic = () => translate('plans.removeGuest.failed', { name });
  if (!isApiError(error)) return generic();
  if (error.reason === 'NET_NOT_ZERO') return translate('plans.removeGuest.netNotZero', { name });
  if (error.status === 409 || error.status === 404) return refusalText(error, generic);
  return generic();
}

/**
 * The host's "Remove" on a guest's row (issue 35): asks first ("They can no longer open it."), then removes the
 * guest (DELETE /v1/rooms/{id}/guests/{userId}); the attendees and the guest list are read again.
 */
export function RemoveGuestButton({
  roomId,
  guest,
}: {
  roomId: string;
  guest: Pick<User, 'id' | 'username'>;
}) {
  const t = useT();
  const toast = useToast();
  const remove = useRemoveGuest(roomId);
  const [asking, setAsking] = useState(false);
  const name = personName(guest);
  return (
    <>
      <button
        type="button"
        aria-label={t('plans.removeGuest.label', { name })}
        aria-haspopup="dialog"
        onClick={() => setAsking(true)}
        className="inline-flex min-h-11 shrink-0 items-center rounded-full px-3 text-sm font-semibold text-red-700 ring-1 ring-red-200 transition hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:text-red-300 dark:ring-red-800 dark:hover:bg-red-950/40 dark:focus-visible:outline-red-400"
      >
        {t('plans.removeGuest.button')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('plans.removeGuest.title', { name })}
          description={t('plans.removeGuest.text')}
          confirmLabel={t('plans.removeGuest.confirm')}
          busy={remove.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            remove.mutate(guest.id, {
              onSuccess: () => {
                setAsking(false);
                toast.success(t('plans.removeGuest.removed', { name }));
              },
              onError: (error) => {
                setAsking(false);
                toast.error(removeGuestErrorMessage(error, name));
              },
            })
          }
        />
      )}
    </>
  );
}
