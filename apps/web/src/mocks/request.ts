import type { PathParams } from 'msw';
import type { TokenClaims } from '@outing/contract';
import { mockDelay } from './delay';
import { fail } from './envelope';
import { claimsOf } from './token';

/** The JSON object a mocked request sends; {} for anything else. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface SignedInRequest<P extends PathParams> {
  request: Request;
  params: P;
  /** The claims of the request's token: who "me" is. */
  claims: TokenClaims;
}

/**
 * The resolver of a call that needs a signed-in user: it answers after the mock delay, and 401 when the request
 * carries no token of ours.
 */
export function signedIn<P extends PathParams = PathParams>(
  answer: (call: SignedInRequest<P>) => Response | Promise<Response>,
) {
  return async ({ request, params }: { request: Request; params: P }): Promise<Response> => {
    await mockDelay();
    const claims = claimsOf(request);
    if (!claims) return fail(401, 'UNAUTHENTICATED', 'Please sign in again.');
    return answer({ request, params, claims });
  };
}
