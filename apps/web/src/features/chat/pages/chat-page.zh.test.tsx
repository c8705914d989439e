import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from 'virtual:outing-catalogue/en';
import zh from 'virtual:outing-catalogue/zh';
import { applyCatalogue } from '@/lib/i18n/i18n';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { ROOM, chatSeed, conversation, rows, serveChat } from '../test-helpers';
import { withFakeSocket } from '../testing';

// Issue #21: the chat in Simplified Chinese, its days written the Chinese way.

withFakeSocket();

beforeEach(() => applyCatalogue('zh', zh, 'zh-CN'));
afterEach(() => applyCatalogue('en', en, 'en-GB'));

describe('chat in Chinese', { timeout: 30_000 }, () => {
  it('writes the day headings, the member count, the names and the composer in Chinese', async () => {
    serveChat(chatSeed(conversation(5)));
    renderApp(`/room/${ROOM}/chat`, { token: makeToken() });
    const log = await screen.findByRole('log', { name: '消息' });
    await rows(log);
    expect(within(log).getByRole('heading', { level: 2, name: '11月28日星期五' })).toBeInTheDocument();
    // The fifth message is mine: read out as 我.
    expect(within(log).getAllByText('我').length).toBeGreaterThan(0);
    expect(screen.getByText(/^\d+ 位成员$/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '消息' })).toHaveAttribute('placeholder', '发消息…');
    expect(screen.getByRole('button', { name: '发送' })).toBeInTheDocument();
    expect(screen.getByText('对话从这里开始')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/\bchat\.[a-z]/);
  });
});
