import { OAuth2Server } from 'oauth2-mock-server';
import { freePort } from './server-process.js';

export type Profile = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
};

/** A real OpenID provider on loopback; the ID token of the next code exchange carries `profile`. */
export async function startOidcProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const port = await freePort();
  await server.start(port, '127.0.0.1');
  let profile: Profile = {
    sub: 'google-user-1',
    email: 'g@example.com',
    email_verified: true,
    name: 'G User',
  };
  let failNext = false;
  server.service.on('beforeTokenSigning', (token) => {
    if (token.payload.aud !== undefined) Object.assign(token.payload, profile);
  });
  server.service.on('beforeResponse', (response) => {
    if (!failNext) return;
    failNext = false;
    response.statusCode = 400;
    response.body = { error: 'invalid_grant' };
  });
  return {
    issuer: server.issuer.url!,
    setProfile(p: Profile) {
      profile = p;
    },
    failNextExchange() {
      failNext = true;
    },
    stop: () => server.stop(),
  };
}
