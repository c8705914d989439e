import { ComingSoon } from '../../../components/coming-soon';

export default function RoomInvitesPage() {
  return <ComingSoon title="Room Invites" back />;
}
