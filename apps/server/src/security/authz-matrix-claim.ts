import { r, signedIn, type Row } from './authz-kinds.js';

/**
 * Matrix rows of claiming a guest into an account (docs/api/README.md#guests, issue 35). Any account may call it;
 * what it claims is named by the guest token in the body, so a token that is not a live guest's is 400 for every
 * signed-in caller and changes nothing. The claim itself (200, 409, a guest as the caller: 403) is
 * features/guest-access/claim.test.ts's.
 */
export const claim: Row[] = [
  {
    method: 'POST',
    route: '/v1/auth/claim-guest',
    variant: 'not a token',
    request: () => r('POST', '/v1/auth/claim-guest', { guestToken: 'not-a-token' }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    route: '/v1/auth/claim-guest',
    variant: "an account's token, not a guest's",
    request: (w) => r('POST', '/v1/auth/claim-guest', { guestToken: w.users.stranger.token }),
    expect: signedIn(400),
  },
];
