import { ComingSoon } from '../../../components/coming-soon';

export default function CreateBillPage() {
  return <ComingSoon title="Create Bill" back />;
}
