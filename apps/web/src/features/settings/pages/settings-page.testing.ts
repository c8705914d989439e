import { screen } from '@testing-library/react';
import { renderApp } from '@/test/render-app';
import { server } from '@/test/server';
import { makeToken } from '@/test/tokens';

/** Method and path of every account or settings call, with its JSON body. */
export function recordCalls() {
  const calls: { call: string; body?: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const url = new URL(request.url);
    if (!/\/users\/|\/auth\/logout/.test(url.pathname)) return;
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ call: `${request.method} ${url.pathname}`, ...(text ? { body: JSON.parse(text) } : {}) });
  });
  return calls;
}

/** Opens `entry` (Settings by default) signed in, and waits for the Settings heading. */
export async function renderSettings(entry: Parameters<typeof renderApp>[0] = '/settings') {
  const view = renderApp(entry, { token: makeToken() });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  return view;
}

/** One of the screen's sections, by its heading. */
export const section = (name: string) => screen.getByRole('region', { name });
