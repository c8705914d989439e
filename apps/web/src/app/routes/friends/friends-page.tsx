import { useBalances } from '@/features/balances/api/get-balances';
import FriendsPage from '@/features/friends/pages/friends-page';
import { balancesWith, CompactNet } from '../friend/friend-balance';

/**
 * The Friends tab with what is owed either way on each friend's row (issue 37 item 4): the friends feature's page,
 * the balances feature's GET /balances (nothing said while it is unknown).
 */
export default function FriendsWithBalances() {
  const balances = useBalances();
  return <FriendsPage balanceOf={(id) => <CompactNet people={balancesWith(balances.data, id)} />} />;
}
