import { ComingSoon } from '../../../components/coming-soon';

export default function SplitBillPage() {
  return <ComingSoon title="Split Bill" back />;
}
