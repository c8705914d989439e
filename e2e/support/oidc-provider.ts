import { OAuth2Server } from 'oauth2-mock-server';

/** The Google account the local provider signs in, unique to this run (read by the specs from the environment). */
export function googleProfile() {
  const name = process.env.E2E_GOOGLE_NAME;
  const email = process.env.E2E_GOOGLE_EMAIL;
  if (!name || !email) throw new Error('the global set-up did not start the OpenID provider');
  return { name, email };
}

/**
 * A local OpenID provider standing in for Google: its /authorize sends the browser straight back with a code, and
 * the ID token it issues for that code carries the run's profile.
 */
export async function startOidcProvider(port: number) {
  const run = Date.now().toString(36);
  const profile = {
    sub: `google-e2e-${run}`,
    // The server makes the username from the name: letters, digits and `_` keep it as it is.
    name: `gina_${run}`,
    email: `gina_${run}@example.com`,
    email_verified: true,
  };
  process.env.E2E_GOOGLE_NAME = profile.name;
  process.env.E2E_GOOGLE_EMAIL = profile.email;

  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  // Only the ID token has an audience: the access token keeps the provider's defaults.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (token.payload.aud !== undefined) Object.assign(token.payload, profile);
  });
  await server.start(port, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the OpenID provider has no issuer URL');
  return {
    issuer,
    clientId: 'outing-e2e',
    clientSecret: 'outing-e2e-secret',
    stop: () => server.stop(),
  };
}
