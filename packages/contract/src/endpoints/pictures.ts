import type { EndpointDeclaration } from '../endpoint.js';

/** Pictures: the upload and the served file (docs/api/README.md#pictures). */
export const pictureEndpoints = {} satisfies Record<string, EndpointDeclaration>;
