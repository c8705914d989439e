import { ComingSoon } from '../../../components/coming-soon';

export default function OtpPage() {
  return <ComingSoon title="Verify Code" />;
}
