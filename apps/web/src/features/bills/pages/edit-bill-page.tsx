import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '@/components/list-states';
import { useAuth } from '@/hooks/use-auth';
import { useToast } from '@/hooks/use-toast';
import { useLoadPagesUntil } from '@/hooks/use-load-pages-until';
import { useT } from '@/lib/i18n/use-t';
import { flattenPages } from '@/lib/cursor-pages';
import { userLocale } from '@/lib/money';
import { useBillPages } from '../api/get-bills';
import { CreateBillForm } from '../components/create-bill-form';
import { draftFromBill } from '../lib/bill-draft';
import { extrasFromBill } from '../lib/bill-extras';
import { readBillNavigationState } from '../lib/navigation-state';
import { BillPageFrame, Notice, useRoomData } from './create-bill-page-shell';

/**
 * /room/{roomId}/bill/{billId}/edit: the bill form pre-filled from the bill (its split, in whichever mode). The
 * bill comes from the pages of the room's bills (cached when coming from the room, fetched after a reload; the API
 * reads no single bill). Every bill of an open room can be edited, whether or not a Settle up has included it.
 */
export default function EditBillPage() {
  const { roomId, billId } = useParams();
  if (!roomId || !billId) throw new Error('Missing route parameter: roomId or billId');
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useAuth();
  const state = readBillNavigationState(location.state);
  const roomPath = `/room/${roomId}`;
  const data = useRoomData(roomId, state.attendees, state.roomName);
  const bills = useBillPages(roomId);
  const loaded = flattenPages(bills.data);
  const bill = loaded.find((b) => String(b.id) === billId);
  // Any bill of an open room can be edited, Settle up or not (one live ledger): pages are read until it is found
  // or the list ends.
  useLoadPagesUntil(bills, !bill);
  const looking = !bill && (bills.isPending || (bills.hasNextPage && !bills.isFetchNextPageError));
  const t = useT();
  // Amounts are money: read and written in lib/money's locale, like every amount the app shows.
  const locale = userLocale();
  const memberIds = data.ready ? data.members.map((m) => m.id) : [];
  // The draft is made once per bill version: a refetch while typing must not wipe what was typed.
  const initial = useMemo(
    () => (bill && data.ready ? draftFromBill(bill, memberIds, locale) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- memberIds is derived from data; once is enough
    [bill?.id, data.ready, locale],
  );

  // Made with the draft, from the same version of the bill.
  const initialExtras = useMemo(
    () => (bill && data.ready ? extrasFromBill(bill) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per bill, as the draft
    [bill?.id, data.ready],
  );

  let body: ReactNode;
  if (!data.ready) body = data.body;
  else if (bills.isError && !bill)
    body = (
      <ErrorState
        message={t('bills.edit.loadFailed')}
        onRetry={() => void (bills.isFetchNextPageError ? bills.fetchNextPage() : bills.refetch())}
      />
    );
  else if (looking) body = <LoadingState label={t('bills.edit.loading')} />;
  else if (data.room.isClosed)
    body = (
      <Notice title={t('bills.edit.settledTitle')} roomPath={roomPath}>
        {t('bills.edit.settledBody')}
      </Notice>
    );
  else if (!bill || !initial)
    body = (
      <Notice title={t('bills.edit.notFoundTitle')} roomPath={roomPath}>
        {t('bills.edit.notFoundBody')}
      </Notice>
    );
  else
    body = (
      <CreateBillForm
        roomId={roomId}
        // The room's currency, not the bill's: a bill entered in another one answers `currency` = its own
        // (docs/api/README.md "Real bills"), which the form takes from the draft.
        currency={data.room.currency}
        locale={locale}
        me={user}
        members={data.members}
        initial={initial}
        initialExtras={initialExtras ?? undefined}
        billId={bill.id}
        onSaved={async () => {
          toast.success(t('bills.billUpdated'));
          if (state.from === roomPath) await navigate(-1);
          else await navigate(roomPath, { replace: true });
        }}
      />
    );

  return (
    <BillPageFrame title={t('bills.edit.title')} roomName={data.ready ? data.room.name : data.roomName}>
      {body}
    </BillPageFrame>
  );
}
