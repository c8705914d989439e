import { http, type HttpHandler, type RequestHandler } from 'msw';
import {
  colonPath,
  type EndpointDeclaration,
  type EndpointEnvelope,
  type PathParamNames,
} from '@outing/contract';
import { API_BASE } from '@/lib/api-url';
import { okPage } from './cursor-page';
import { ok } from './envelope';
import { mockDelay } from './delay';
import { signedIn, type SignedInRequest } from './request';

/**
 * Mock handlers of declared endpoints (packages/contract/src/endpoints, decision 020): the method and the URL come
 * from the declaration, the path's parameters are typed from its `{name}`s, and `mockOk`/`mockPage` take only the
 * `data` the endpoint declares. What a handler answers is unchanged: this types it, it does not decide it.
 */

/** The path parameters MSW gives a handler of `E` (strings, as in the URL). */
type MockParams<E extends EndpointDeclaration> = { [K in PathParamNames<E['path']>]: string };

type Resolver<E extends EndpointDeclaration> = (info: {
  request: Request;
  params: MockParams<E>;
}) => Response | Promise<Response>;

/** The URL MSW matches for an endpoint: `/v1/rooms/:id/balances` for `/rooms/{id}/balances`. */
const mockUrl = (endpoint: EndpointDeclaration) => `${API_BASE}${colonPath(endpoint.path)}`;

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

const declared = new WeakMap<RequestHandler, EndpointDeclaration>();

/** A handler of `endpoint`: `mockRoute(billEndpoints.list, signedIn(({ request }) => …))`. */
export function mockRoute<E extends EndpointDeclaration>(endpoint: E, resolver: Resolver<E>): HttpHandler {
  const handler = methods[endpoint.method](mockUrl(endpoint), resolver as never);
  declared.set(handler, endpoint);
  return handler;
}

/**
 * The endpoint a handler was made for by `mockRoute`, if it was: the parity test (mocks/parity.server.test.ts)
 * replays every such handler against the real server.
 */
export function endpointOf(handler: RequestHandler): EndpointDeclaration | undefined {
  return declared.get(handler);
}

type Data<E extends EndpointDeclaration> = EndpointEnvelope<E>['data'];

/** The success envelope of `endpoint` with `data` as the contract declares it. */
export function mockOk<E extends EndpointDeclaration>(
  _endpoint: E,
  data: Data<E>,
  message?: string,
): Response {
  return ok(data, message);
}

/** A cursor page (mocks/cursor-page.ts) of a declared list endpoint's items; `keyOf` an item gives its cursor. */
export function mockPage<E extends EndpointDeclaration, T extends Data<E> & unknown[]>(
  _endpoint: E,
  items: T,
  request: Request,
  keyOf?: (item: T[number]) => string,
): Response {
  return okPage(items, request, keyOf);
}

/** A handler of a call that needs a signed-in user (request.ts's `signedIn`): `mockSignedIn(ep, ({ claims }) => …)`. */
export function mockSignedIn<E extends EndpointDeclaration>(
  endpoint: E,
  answer: (call: SignedInRequest<MockParams<E>>) => Response | Promise<Response>,
): HttpHandler {
  return mockRoute(endpoint, signedIn(answer as never));
}

/** A handler of a call anyone may make, answered after the mock delay. */
export function mockPublic<E extends EndpointDeclaration>(endpoint: E, answer: Resolver<E>): HttpHandler {
  return mockRoute(endpoint, async (info) => {
    await mockDelay();
    return answer(info);
  });
}

/** A signed-in call's fixed answer: `data` and `message` as given. */
export function mockFixed<E extends EndpointDeclaration>(endpoint: E, data: Data<E>, message?: string) {
  return mockSignedIn(endpoint, () => mockOk(endpoint, data, message));
}

/** A signed-in list call's fixed items, paged as the request asks (mocks/cursor-page.ts). */
export function mockFixedPage<E extends EndpointDeclaration>(endpoint: E, items: Data<E> & unknown[]) {
  return mockSignedIn(endpoint, ({ request }) => mockPage(endpoint, items, request));
}
