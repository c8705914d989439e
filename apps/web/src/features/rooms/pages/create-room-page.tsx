import { ComingSoon } from '../../../components/coming-soon';

export default function CreateRoomPage() {
  return <ComingSoon title="Create Room" back />;
}
