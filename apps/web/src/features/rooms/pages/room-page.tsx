import { ComingSoon } from '../../../components/coming-soon';

export default function RoomPage() {
  return <ComingSoon title="Room" back />;
}
