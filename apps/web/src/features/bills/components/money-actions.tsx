import { useState } from 'react';
import { ArrowDownTrayIcon, CalculatorIcon } from '@heroicons/react/24/outline';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ButtonSpinner } from '@/components/form/submit-button';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { useConsolidateBills } from '../api/consolidate-bills';
import { useExportRoomCsv } from '../api/export-csv';
import { consolidateErrorMessage } from './money-labels';

const pill =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-70';

/** Export CSV: the file the server makes, saved under the name it gives (Content-Disposition). */
export function ExportCsvButton({ roomId }: { roomId: string }) {
  const t = useT();
  const toast = useToast();
  const exportCsv = useExportRoomCsv(roomId);
  return (
    <button
      type="button"
      onClick={() => {
        if (!exportCsv.isPending)
          exportCsv.mutate(undefined, { onError: () => toast.error(t('bills.exportFailed')) });
      }}
      aria-busy={exportCsv.isPending}
      aria-disabled={exportCsv.isPending}
      className={`${pill} bg-surface text-brand-700 dark:text-brand-300 ring-1 ring-brand-200 dark:ring-brand-800 hover:bg-brand-50 dark:hover:bg-brand-950/40`}
    >
      {exportCsv.isPending ? (
        <ButtonSpinner className="size-4 text-brand-700 dark:text-brand-300" />
      ) : (
        <ArrowDownTrayIcon aria-hidden="true" className="size-5" />
      )}
      {t('bills.money.exportCsv')}
    </button>
  );
}

/** The host's Settle up: asks first, then tells everyone what they owe now (POST /bills/consolidate; freezes nothing). */
export function SettleUpButton({ roomId, transferCount }: { roomId: string; transferCount: number }) {
  const t = useT();
  const toast = useToast();
  const consolidate = useConsolidateBills(roomId);
  const [asking, setAsking] = useState(false);
  // Awaited rather than per-call callbacks: the round's frame may empty the open round (and unmount this button)
  // before the answer arrives, and the toast must still say how it went.
  const settleUp = async () => {
    try {
      await consolidate.mutateAsync();
      toast.success(t('bills.billConsolidated'));
    } catch (error) {
      toast.error(consolidateErrorMessage(error));
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={`${pill} w-full bg-slate-900 text-slate-50 hover:bg-slate-800`}
      >
        <CalculatorIcon aria-hidden="true" className="size-5" />
        {t('bills.money.settleUp')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('bills.money.settleTitle')}
          description={t('bills.money.settleDescription', { payments: transferCount })}
          confirmLabel={t('bills.money.settleUp')}
          busy={consolidate.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => void settleUp()}
        />
      )}
    </>
  );
}
