import { ComingSoon } from '../../../components/coming-soon';

export default function ChatPage() {
  return <ComingSoon title="Chat" back />;
}
