import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from 'virtual:outing-catalogue/en';
import zh from 'virtual:outing-catalogue/zh';
import { applyCatalogue } from '@/lib/i18n/i18n';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { serveNotifications } from '../testing';

beforeEach(() => applyCatalogue('zh', zh, 'zh-CN'));
afterEach(() => applyCatalogue('en', en, 'en-GB'));

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('notifications in Chinese', () => {
  it('writes known kinds from their params, keeps the server text otherwise, and says the state in Chinese', async () => {
    serveNotifications([
      {
        id: 3,
        title: 'Friend request',
        content: 'sophie_r sent you a friend request.',
        isRead: false,
        createdAt: minutesAgo(5),
        kind: 'friend_request',
        url: '/friends/requests',
        params: { username: 'sophie_r' },
        subjectState: 'pending',
        resolved: false,
      },
      {
        id: 2,
        title: 'Bills consolidated',
        content: 'You owe $18.40 to dev_patel for Camden brunch.',
        isRead: true,
        createdAt: minutesAgo(50),
        kind: 'bills_consolidated',
        url: '/room/r1',
        params: { username: 'dev_patel', roomName: 'Camden brunch', amount: 18.4, currency: 'USD' },
        subjectState: 'confirmed',
        resolved: true,
      },
      {
        id: 1,
        title: 'Reminder',
        content: 'Pay me back please',
        isRead: true,
        createdAt: minutesAgo(90),
        kind: 'payment_reminder',
        url: '/',
        params: { username: 'chloe.m' },
      },
    ]);
    renderApp('/notifications', { token: makeToken() });
    const list = within(await screen.findByRole('list', { name: '我的通知' }));
    expect(list.getByText('sophie_r 向你发送了好友请求。')).toBeInTheDocument();
    expect(list.getByText('好友请求')).toBeInTheDocument();
    const debt = list.getByText(/你在 Camden brunch 欠 dev_patel/).closest('li')!;
    expect(debt).toHaveTextContent('18.40');
    expect(debt).toHaveTextContent('已结清');
    // A reminder without an amount (owed in several currencies, or stored before) keeps the person's own words.
    expect(list.getByText('Pay me back please')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: '主导航' });
    expect(await within(nav).findByRole('link', { name: '通知，1 条未读' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '全部标为已读' })).toBeInTheDocument();
  });
});
