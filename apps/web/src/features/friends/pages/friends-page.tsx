import { ComingSoon } from '../../../components/coming-soon';

export default function FriendsPage() {
  return <ComingSoon title="Friends" back />;
}
