import { ComingSoon } from '../../../components/coming-soon';

export default function NotificationsPage() {
  return <ComingSoon title="Notifications" />;
}
