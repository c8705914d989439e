import { screen } from '@testing-library/react';
import { beforeEach } from 'vitest';
import { renderApp } from '@/test/render-app';
import { makeToken } from '@/test/tokens';
import { warmUpRoomPage } from '@/test/room-plans';
import { setTestLanguage } from '@/test/i18n';

// Shared by the room page's tests split by topic: room-page.test.tsx and room-page-buttons, -visitor and -money.

export const ID = '11111111-2222-4333-8444-555555555555';
export const ME = 7;
export const OTHER = 11;

/** The file's set-up: en-US amounts and the room page's chunk loaded first. Call at the top level. */
export function setUpRoomPage() {
  // Amounts in these tests are written the en-US way ($12.50); dates are whatever the tests say.
  beforeEach(() => setTestLanguage('en', 'en-US'));

  warmUpRoomPage();
}

export function renderRoom(search = '', state: unknown = { from: '/rooms' }) {
  return renderApp({ pathname: `/room/${ID}`, search, state }, { token: makeToken() });
}

export const actions = () => screen.findByRole('navigation', { name: 'Room actions' });
