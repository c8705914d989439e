import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ArrowRightStartOnRectangleIcon, LockClosedIcon } from '@heroicons/react/24/outline';
import type { Room } from '@outing/contract';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { formatAmount, toMinor } from '@/lib/money';
import { useBalances } from '@/features/bills/api/get-balances';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useT } from '@/lib/i18n/use-t';
import { useCloseRoom } from '@/features/rooms/api/close-room';
import { useLeaveRoom } from '@/features/rooms/api/leave-room';
import { closeRoomErrorMessage, leaveRoomErrorMessage } from '@/features/rooms/messages';

/** Close Room for the host, Leave Room for the others; both ask first (docs/product.md#room-actions). */
export function LeaveOrClose({ room, isHost }: { room: Room; isHost: boolean }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const close = useCloseRoom();
  const leave = useLeaveRoom();
  const toast = useToast();
  const navigate = useNavigate();
  const busy = close.isPending || leave.isPending;
  const { user } = useAuth();
  // Leaving needs a zero net here (docs/money.md): the dialog says what is owed before anyone presses Leave.
  const balances = useBalances(room.id, confirming && !isHost);
  const net = balances.data?.members.find((m) => m.userId === user.id)?.net ?? 0;
  const owing = toMinor(net, room.currency) !== 0;
  const amount = formatAmount(Math.abs(net), room.currency);

  const confirm = () => {
    const done = (message: string) => {
      setConfirming(false);
      toast.success(message);
      void navigate('/', { replace: true });
    };
    const failed = (message: string) => {
      setConfirming(false);
      toast.error(message);
    };
    if (isHost) {
      close.mutate(room.id, {
        onSuccess: () => done(t('rooms.leave.closed')),
        onError: (error) => failed(closeRoomErrorMessage(error)),
      });
    } else {
      leave.mutate(room.id, {
        onSuccess: () => done(t('rooms.leave.left')),
        onError: (error) => failed(leaveRoomErrorMessage(error)),
      });
    }
  };

  const label = isHost ? t('rooms.leave.close') : t('rooms.leave.leave');
  const Icon = isHost ? LockClosedIcon : ArrowRightStartOnRectangleIcon;
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-haspopup="dialog"
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-surface px-6 text-base font-semibold text-red-700 dark:text-red-300 ring-1 ring-red-200 dark:ring-red-800 transition hover:bg-red-50 dark:hover:bg-red-950/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 dark:focus-visible:outline-red-400 active:bg-red-100 dark:active:bg-red-950/40"
      >
        <Icon aria-hidden="true" className="size-5" />
        {label}
      </button>
      {confirming && (
        <ConfirmDialog
          title={
            isHost
              ? t('rooms.leave.closeTitle', { room: room.name })
              : t('rooms.leave.leaveTitle', { room: room.name })
          }
          description={
            isHost
              ? t('rooms.leave.closeText')
              : !owing
                ? t('rooms.leave.leaveText')
                : net < 0
                  ? t('rooms.leave.leaveOwe', { amount })
                  : t('rooms.leave.leaveOwed', { amount })
          }
          confirmLabel={label}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
