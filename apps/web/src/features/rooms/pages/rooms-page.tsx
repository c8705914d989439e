import { ComingSoon } from '../../../components/coming-soon';

export default function RoomsPage() {
  return <ComingSoon title="Rooms" back />;
}
