// The interface in Simplified Chinese (issue #21 "Languages"): the screens of the app shell speak it whole, write
// money and dates the Chinese way, and a switch of language re-renders what is on screen.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getFormatLocale, getLanguage, setLanguageChoice } from '@/lib/i18n/i18n';
import { formatAmount } from '@/lib/money';
import { setTestLanguage } from '@/test/i18n';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { serveRooms } from '@/features/rooms/testing';
import { MOCK_MONEY_ROOMS, mockPeople } from '@/mocks/demo';
import { ada, payment, serveTransactions } from '@/features/transactions/testing';

/** No word of English left in `element`'s text (names and amounts aside). */
function expectNoEnglish(element: HTMLElement, allowed: string[] = []) {
  let text = element.textContent ?? '';
  for (const word of allowed) text = text.replaceAll(word, '');
  expect(text).not.toMatch(/[A-Za-z]{3,}/);
}

describe('the interface in Chinese', () => {
  beforeEach(() => {
    serveRooms({ rooms: [], invites: [] });
    serveTransactions([
      payment({
        id: 41,
        consolidationId: 9,
        room: MOCK_MONEY_ROOMS.camden,
        payer: ada,
        payee: mockPeople.dev,
        amount: 1234.5,
      }),
    ]);
  });

  it('the login screen, its validation included', async () => {
    setTestLanguage('zh');
    renderApp('/login');
    const main = await screen.findByRole('heading', { name: '欢迎回来' });
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByLabelText('用户名或邮箱')).toHaveAccessibleDescription('请输入用户名');
    expect(screen.getByLabelText('密码')).toHaveAccessibleDescription('请输入密码');
    expect(screen.getByRole('link', { name: '创建账号' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('button', { name: '显示密码' })).toBeInTheDocument();
    expectNoEnglish(main.closest('div')!.parentElement!, ['Outing']);
  });

  it('home: the welcome, the quick actions and an amount with its grouping separators', async () => {
    setTestLanguage('zh');
    renderApp('/', { token: makeToken({ user_id: 7, username: 'ada' }) });
    expect(await screen.findByRole('heading', { name: '欢迎你，ada！' })).toBeInTheDocument();
    // The quick actions come with the money cards' first answers (home-page.tsx).
    expect(await screen.findByRole('link', { name: '创建聚会' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    const toPay = await screen.findByRole('region', { name: '待付款' });
    expect(await within(toPay).findByRole('button', { name: '付给 dev_patel US$1,234.50' })).toBeVisible();
    expect(screen.getByRole('region', { name: '待收款' })).toHaveTextContent('没有待收的账单');
    expect(screen.getByRole('navigation', { name: '主导航' })).toHaveTextContent('首页');
  });

  it('writes money and dates in the Chinese locale', () => {
    setTestLanguage('zh');
    expect(getFormatLocale()).toBe('zh-CN');
    expect(formatAmount(1234.5, 'CNY')).toBe('¥1,234.50');
    expect(formatAmount(1234.5, 'USD')).toBe('US$1,234.50');
  });
});

describe('switching language', () => {
  it('re-renders the screen in the language chosen, and keeps the choice on this device', async () => {
    serveRooms({ rooms: [], invites: [] });
    renderApp('/', { token: makeToken({ user_id: 7, username: 'ada' }) });
    expect(await screen.findByRole('heading', { name: 'Welcome, ada!' })).toBeInTheDocument();
    await act(() => setLanguageChoice('zh'));
    expect(getLanguage()).toBe('zh');
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(await screen.findByRole('heading', { name: '欢迎你，ada！' })).toBeInTheDocument();
    expect(localStorage.getItem('outing.language')).toBe('zh');
  });
});
