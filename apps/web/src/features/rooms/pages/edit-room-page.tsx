import { ComingSoon } from '../../../components/coming-soon';

export default function EditRoomPage() {
  return <ComingSoon title="Edit Room" back />;
}
