import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../components/list-states';
import { useAuth } from '../../../hooks/use-auth';
import { useToast } from '../../../hooks/use-toast';
import { useLoadPagesUntil } from '../../../hooks/use-load-pages-until';
import { useT } from '../../../i18n/use-t';
import { flattenPages } from '../../../lib/cursor-pages';
import { userLocale } from '../../../lib/money';
import { useBillPages } from '../api/get-bills';
import { useRoundPages } from '../api/get-rounds';
import { CreateBillForm } from '../components/create-bill-form';
import { draftFromBill } from '../lib/bill-draft';
import { readBillNavigationState } from '../lib/navigation-state';
import { BillPageFrame, Notice, useRoomData } from './create-bill-page-shell';

/**
 * /room/{roomId}/bill/{billId}/edit: the bill form pre-filled from the bill (its split, in whichever mode). The
 * bill comes from the pages of the room's bills (cached when coming from the room, fetched after a reload; the API
 * reads no single bill). Only a bill of the open round can be edited, and the open round comes first in the list,
 * so pages are read until the bill is found or a settled bill follows the open round: then the settled rounds'
 * bill ids tell a settled bill from one that is gone, without reading the older pages.
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
  const openRoundLoaded =
    bills.isSuccess && (!bills.hasNextPage || loaded.some((b) => b.consolidationId !== null));
  useLoadPagesUntil(bills, !bill && !openRoundLoaded);
  // Past the open round, the settled rounds a page at a time until one lists the bill (or none is left).
  const rounds = useRoundPages(roomId, !bill && openRoundLoaded);
  const inRound = flattenPages(rounds.data).some((r) => r.billIds.some((id) => String(id) === billId));
  useLoadPagesUntil(rounds, !bill && openRoundLoaded && !inRound);
  const looking =
    !bill &&
    (!openRoundLoaded ||
      rounds.isPending ||
      (!inRound && rounds.hasNextPage && !rounds.isFetchNextPageError));
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

  // Whether the bill was settled when the page opened: a consolidation while the form is open must not swap the
  // form for a notice and lose what was typed (the save then answers 409, said in the form).
  const [settledOnOpen, setSettledOnOpen] = useState<boolean | null>(null);
  if (bill && settledOnOpen === null) setSettledOnOpen(bill.consolidationId !== null);
  if (!bill && inRound && settledOnOpen === null) setSettledOnOpen(true);

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
  else if (settledOnOpen)
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
        currency={bill.currency}
        locale={locale}
        me={user}
        members={data.members}
        initial={initial}
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
