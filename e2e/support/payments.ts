import type { APIRequestContext, Locator } from '@playwright/test';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Account } from './accounts.js';
import { auth, nextWeek } from './bills.js';

// Set-up and checks of the pay-and-confirm spec (issue #19).

// jsqr is CommonJS whose types declare an ES default export: under Node's ESM interop the function is the module.
type JsQR = (typeof import('jsqr'))['default'];
const jsQR = ((jsQRModule as unknown as { default?: JsQR }).default ?? jsQRModule) as JsQR;

async function ok<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** A public room in `currency` hosted by `host`, which `member` joins. */
export async function createRoomIn(
  request: APIRequestContext,
  host: Account,
  member: Account,
  name: string,
  currency: string,
): Promise<{ id: string; name: string }> {
  const { room } = await ok<{ room: { id: string; name: string } }>(
    'creating the room',
    await request.post('/v1/rooms', {
      headers: auth(host),
      data: {
        room: {
          name,
          date: nextWeek(),
          venue: 'Hawker centre',
          venuePlaceId: 'local:hawker-centre',
          time: '19:00',
          imageUrl: '/imgs/party.png',
          isPrivate: false,
          description: '',
          currency,
        },
        invitees: [],
      },
    }),
  );
  await ok('joining the room', await request.patch(`/v1/rooms/${room.id}/join`, { headers: auth(member) }));
  return room;
}

export interface ApiTransactionDetail {
  id: number;
  status: 'unpaid' | 'paid' | 'confirmed';
  amount: number;
  currency: string;
  history: { action: string; actorId: number }[];
}

export async function transactionOf(
  request: APIRequestContext,
  account: Account,
  id: number,
): Promise<ApiTransactionDetail> {
  return ok(
    'reading the transaction',
    await request.get(`/v1/transactions/${id}`, { headers: auth(account) }),
  );
}

export async function paymentOptionsOf(
  request: APIRequestContext,
  payer: Account,
  id: number,
): Promise<{ kind: string; label: string; payload: string }[]> {
  return ok(
    'reading the payment options',
    await request.get(`/v1/transactions/${id}/payment-options`, { headers: auth(payer) }),
  );
}

/** The text the QR code in a PNG holds, decoded with jsQR; with the picture's size. */
export function decodeQrPng(bytes: Buffer): { text: string | null; width: number; height: number } {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { text: code?.data ?? null, width: png.width, height: png.height };
}

/** The text a QR code on screen holds: a screenshot of its element, decoded with jsQR. */
export async function decodeQr(qr: Locator): Promise<string | null> {
  return decodeQrPng(await qr.screenshot()).text;
}
