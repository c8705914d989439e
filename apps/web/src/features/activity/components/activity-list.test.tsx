import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { billEndpoints, type Activity, type User } from '@outing/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFixedPage } from '@/mocks/route';
import { server } from '@/test/server';
import { ada, ben, roomSeed } from '@/test/bill-screens';
import { renderMoney } from '@/test/money-section';
import { setTestLanguage } from '@/test/i18n';

// The "guest" mark (issue 35, docs/guests.md) after a guest actor's name in the room's history; the server marks
// the actor `isGuest: true`. What the server records is tested against it (activity-list.server.test.tsx).

/** A guest of the room: in it from its guest link, without an account. */
const mei = { id: 14, username: 'mei', email: '', pictureUrl: '', isGuest: true as const };

function entry(id: number, actor: User, billName: string): Activity {
  return {
    id,
    at: new Date(Date.now() - id * 60_000).toISOString(),
    actor,
    kind: 'bill_created',
    billId: id,
    billName,
    amount: 12,
    currency: 'USD',
  };
}

async function openHistory(entries: Activity[], language: 'en' | 'zh' = 'en') {
  setTestLanguage(language, language === 'en' ? 'en-US' : 'zh-CN');
  const seed = roomSeed({ members: [ada.id, ben.id, mei.id] });
  seed.people.push(mei);
  renderMoney({ seed });
  server.use(mockFixedPage(billEndpoints.roomActivity, entries));
  await userEvent.click(
    await screen.findByRole('button', { name: language === 'en' ? /^History/ : /^动态/ }),
  );
  await screen.findAllByTestId('activity');
  return screen.getAllByTestId('activity').map((li) => li.querySelector('p')!);
}

beforeEach(() => setTestLanguage('en', 'en-US'));

describe('activity list: the guest mark', () => {
  it('marks a guest actor after their name, and not an account or me', async () => {
    const [byMei, byBen, byMe] = await openHistory([
      entry(1, mei, 'Snacks'),
      entry(2, ben, 'Taxi'),
      entry(3, ada, 'Dinner'),
    ]);
    expect(byMei).toHaveTextContent(/^mei, guest added “Snacks” \(\$12\.00\)$/);
    expect(within(byMei!).getByText('guest')).toBeInTheDocument();
    expect(byBen).toHaveTextContent(/^ben_k added “Taxi” \(\$12\.00\)$/);
    expect(within(byBen!).queryByText('guest')).not.toBeInTheDocument();
    expect(byMe).toHaveTextContent(/^You added “Dinner” \(\$12\.00\)$/);
  });

  it('puts the mark after the name wherever the language puts the actor', async () => {
    const [byMei] = await openHistory([entry(1, mei, 'Snacks')], 'zh');
    expect(within(byMei!).getByText('访客')).toBeInTheDocument();
    expect(byMei).toHaveTextContent(/^mei, 访客 添加了“Snacks”/);
  });
});
