import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billEndpoints, transactionEndpoints, type Transaction } from '@outing/contract';
import { server } from '@/test/server';
import { API_BASE, api, callEndpoint, endpointPath } from './api-client';
import { getEndpointPage } from './cursor-pages';

const transaction: Transaction = {
  id: 3,
  consolidationId: 1,
  roomId: '6f1d2b9e-2a4c-4c1e-9f3a-0b6f8f2a7d11',
  roomName: 'Picnic',
  payerId: 1,
  payer: { id: 1, username: 'ada', email: '', pictureUrl: '' },
  payeeId: 2,
  payee: { id: 2, username: 'ben', email: '', pictureUrl: '' },
  amount: 4.5,
  isPaid: false,
  paidOn: null,
  currency: 'USD',
  status: 'unpaid',
  confirmedOn: null,
};

/** Answers every call under /v1 with `body` and records the requests. */
function answerAll(body: object) {
  const seen: Request[] = [];
  server.use(
    http.all(`${API_BASE}/*`, ({ request }) => {
      seen.push(request.clone());
      return HttpResponse.json(body);
    }),
  );
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('calls of declared endpoints', () => {
  it('use the declared method and path, each parameter URI-encoded, and send the body as JSON', async () => {
    const seen = answerAll({ status: 'success', message: 'OK', data: null });
    vi.spyOn(console, 'error').mockImplementation(() => {}); // null is no room's balances
    await api.call(billEndpoints.remove, { params: { id: 12 } });
    await api.call(billEndpoints.roomBalances, { params: { id: 'a b/c' } }).catch(() => undefined);
    await api.call(billEndpoints.consolidate, { body: { roomId: 'r1' } }).catch(() => undefined);
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'DELETE /v1/bills/12',
      'GET /v1/rooms/a%20b%2Fc/balances',
      'POST /v1/bills/consolidate',
    ]);
    await expect(seen[2]!.json()).resolves.toEqual({ roomId: 'r1' });
    expect(endpointPath(billEndpoints.exportCsv, { id: 'x y' })).toBe('/rooms/x%20y/export.csv');
  });

  it('parse data with the declared schema: an answer that breaks it is refused', async () => {
    answerAll({ status: 'success', message: 'OK', data: { not: 'a transaction' } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.call(transactionEndpoints.get, { params: { id: 3 } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('keep the envelope’s other fields, and read a page in the order getCursorPage wrote it', async () => {
    const seen = answerAll({ status: 'success', message: 'OK', data: [transaction], nextCursor: 'n1' });
    const answer = await callEndpoint(transactionEndpoints.list, { query: { isPaid: false } });
    expect(answer.data).toEqual([transaction]);
    expect(answer.extra).toEqual({ nextCursor: 'n1' });
    const page = await getEndpointPage(transactionEndpoints.list, {
      cursor: 'c1',
      query: { isPaid: false, role: 'payer' },
    });
    expect(page).toEqual({ data: [transaction], nextCursor: 'n1' });
    expect(new URL(seen[1]!.url).search).toBe('?isPaid=false&role=payer&limit=20&cursor=c1');
  });
});
