import type { TestApp } from './app.js';
import type { TestUser } from './users.js';

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH';

/**
 * The payment handle tests' shorthands (features/payments/payments.test.ts, payment-options.test.ts) on one test
 * app: a request as a user or signed out, and a PUT of a user's payment methods.
 */
export function paymentHelpers(app: () => TestApp) {
  const call = (u: TestUser | undefined, method: Method, url: string, payload?: unknown) =>
    app().app.inject({
      method,
      url,
      headers: u ? { authorization: `Bearer ${u.token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const put = (u: TestUser, list: unknown, id = u.id) =>
    call(u, 'PUT', `/v1/users/${id}/payment-methods`, list);
  return { call, put };
}
