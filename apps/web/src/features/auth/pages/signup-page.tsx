import { ComingSoon } from '../../../components/coming-soon';

export default function SignupPage() {
  return <ComingSoon title="Sign Up" />;
}
