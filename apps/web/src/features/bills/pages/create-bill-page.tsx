import { useLocation, useNavigate, useParams } from 'react-router';
import { UserPlusIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/list-states';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { userLocale } from '@/lib/money';
import { CreateBillForm } from '../components/create-bill-form';
import { newDraft } from '../lib/bill-draft';
import { readBillNavigationState } from '../lib/navigation-state';
import { BillPageFrame, Notice, useRoomData } from './create-bill-page-shell';

/**
 * /room/{roomId}/bill/create. The room page passes {attendees, roomName, userId} in navigation state; after a
 * reload the room and its attendees are loaded instead. Bills can be added after a consolidation too: they form
 * the room's next round (docs/api/README.md#rounds).
 */
export default function CreateBillPage() {
  const { roomId } = useParams();
  if (!roomId) throw new Error('Missing route parameter: roomId');
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const state = readBillNavigationState(location.state);
  const roomPath = `/room/${roomId}`;
  const data = useRoomData(roomId, state.attendees, state.roomName);
  const t = useT();
  // Amounts are money: read and written in lib/money's locale, like every amount the app shows.
  const locale = userLocale();

  let body: ReactNode;
  if (!data.ready) body = data.body;
  else if (data.room.isClosed)
    body = (
      <Notice title={t('bills.create.closedTitle')} roomPath={roomPath}>
        {t('bills.create.closedBody')}
      </Notice>
    );
  else if (data.members.filter((m) => m.id !== user.id).length === 0)
    body = (
      <EmptyState icon={UserPlusIcon} title={t('bills.create.aloneTitle')}>
        {t('bills.create.aloneBody')}
      </EmptyState>
    );
  else
    body = (
      <CreateBillForm
        roomId={roomId}
        currency={data.room.currency}
        locale={locale}
        me={user}
        members={data.members}
        initial={newDraft(
          user.id,
          data.members.map((m) => m.id),
        )}
        onSaved={async () => {
          toast.success(t('bills.billCreated'));
          // Back to the room: pop the entry the user came from, else replace this form with the room.
          if (state.from === roomPath) await navigate(-1);
          else await navigate(roomPath, { replace: true });
        }}
      />
    );

  return (
    <BillPageFrame title={t('bills.createBill')} roomName={data.ready ? data.room.name : data.roomName}>
      {body}
    </BillPageFrame>
  );
}
