import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billEndpoints, type Bill } from '@outing/contract';
import type { ToastOptions } from '@/components/toast/toast-context';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { api, isApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/api-error';
import { billKeys } from '@/lib/query-keys';

/**
 * POST /v1/bills/{id}/restore: a deleted bill back, within 30 days of the delete (docs/money.md), by its creator, its
 * payer or the host; 409 when it is not deleted or deleted too long ago.
 */
export async function restoreBill(id: number): Promise<Bill> {
  return api.call(billEndpoints.restore, { params: { id } });
}

/** The bill is back in every list and the balances (all under `['bills', roomId]`) and the history. */
export function useRestoreBill(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (billId: number) => restoreBill(billId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: billKeys.room(roomId) });
      void queryClient.invalidateQueries({ queryKey: billKeys.consolidated(roomId) });
    },
  });
}

/**
 * The Undo of a delete's toast: `toast.success(t('bills.billDeleted'), undoDelete(bill.id))`. Pressing it restores
 * the bill and says "Bill restored", or the server's sentence (a 409: deleted too long ago). It works after the
 * screen that deleted the bill has gone (a dialog closes on the delete): the mutation is not tied to it.
 */
export function useUndoDelete(roomId: string): (billId: number) => ToastOptions {
  const t = useT();
  const toast = useToast();
  const restore = useRestoreBill(roomId);
  return (billId) => ({
    action: {
      label: t('activity.undo'),
      onAction: () => {
        restore.mutateAsync(billId).then(
          () => toast.success(t('activity.billRestored')),
          (error: unknown) =>
            toast.error(
              isApiError(error) && error.status !== 0 && error.status < 500
                ? refusalText(error)
                : t('activity.restoreFailed'),
            ),
        );
      },
    },
  });
}
