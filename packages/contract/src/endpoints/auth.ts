import type { EndpointDeclaration } from '../endpoint.js';

/** Signing up, logging in and out, codes and resets (docs/api/README.md#signing-in-up-and-out). */
export const authEndpoints = {} satisfies Record<string, EndpointDeclaration>;
