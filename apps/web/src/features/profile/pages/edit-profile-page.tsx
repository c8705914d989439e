import { ComingSoon } from '../../../components/coming-soon';

export default function EditProfilePage() {
  return <ComingSoon title="Edit Profile" back />;
}
