import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from 'virtual:outing-catalogue/en';
import zh from 'virtual:outing-catalogue/zh';
import { applyCatalogue } from '@/lib/i18n/i18n';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { seedRoom, serveRooms } from '@/features/rooms/testing';
import { warmUpRoomPage } from '@/test/room-plans';

// Issue #21: the room and its plan in Simplified Chinese, with dates in the Chinese locale, and a switch of
// language redrawn at once (every component takes its text from useT).

warmUpRoomPage();

const ID = '11111111-2222-4333-8444-555555555555';
/** A catalogue key shown instead of its text (a message missing from the catalogue). */
const RAW_KEY = /\b(rooms|plans|chat)\.[a-z]+[A-Za-z.]*/;

beforeEach(() => applyCatalogue('zh', zh, 'zh-CN'));
afterEach(() => applyCatalogue('en', en, 'en-GB'));

describe('room page in Chinese', { timeout: 30_000 }, () => {
  it('labels, dates, the guest tabs, the actions and Close room are Chinese', async () => {
    serveRooms({ rooms: [seedRoom({ members: [7, 11, 12], isPrivate: true, inDays: 5 })] });
    renderApp({ pathname: `/room/${ID}`, state: { from: '/rooms' } }, { token: makeToken() });
    await screen.findByRole('heading', { level: 1, name: 'Picnic in the Park' });

    const details = screen.getByRole('region', { name: '详情' });
    expect(within(details).getByText('私密活动')).toBeInTheDocument();
    expect(within(details).getByText('即将开始')).toBeInTheDocument();
    // "2026年12月1日周二": the room's day in the Chinese calendar format.
    expect(within(details).getByText(/^\d{4}年\d{1,2}月\d{1,2}日周.$/)).toBeInTheDocument();
    expect(within(details).getByText('描述')).toBeInTheDocument();

    expect(await screen.findByRole('tab', { name: '参加：3 人' })).toHaveAttribute('aria-selected', 'true');
    const going = screen.getByRole('list', { name: '参加的人' });
    expect(going).toHaveTextContent('发起人');
    // The viewer's own name, marked the Chinese way (no space, full-width brackets).
    expect(going).toHaveTextContent(/\S（我）/);
    const nav = await screen.findByRole('navigation', { name: '聚会操作' });
    expect(within(nav).getByRole('link', { name: '聊天' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '邀请好友' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '关闭聚会' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '你会参加吗？' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(RAW_KEY);

    await userEvent.click(within(nav).getByRole('button', { name: '邀请好友' }));
    const invite = await screen.findByRole('dialog', { name: '邀请好友' });
    expect(within(invite).getByRole('button', { name: '复制链接' })).toBeInTheDocument();
    expect(within(invite).getByRole('button', { name: '生成二维码' })).toBeInTheDocument();
  });

  it('switches from English to Chinese without a reload', async () => {
    applyCatalogue('en', en, 'en-GB');
    serveRooms({ rooms: [seedRoom()] });
    renderApp({ pathname: `/room/${ID}`, state: { from: '/rooms' } }, { token: makeToken() });
    expect(await screen.findByRole('button', { name: 'Close room' })).toBeInTheDocument();
    expect(screen.getByText('Public event')).toBeInTheDocument();

    act(() => applyCatalogue('zh', zh, 'zh-CN'));
    expect(screen.getByRole('button', { name: '关闭聚会' })).toBeInTheDocument();
    expect(screen.getByText('公开活动')).toBeInTheDocument();
    expect(screen.queryByText('Public event')).not.toBeInTheDocument();
  });
});
