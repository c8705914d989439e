import { ComingSoon } from '../../../components/coming-soon';

export default function FriendRequestsPage() {
  return <ComingSoon title="Friend Requests" back />;
}
