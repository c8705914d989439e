// The CSP allows no eval (script-src 'self'). Zod probes for it with `new Function` when it builds its first
// object schema, and although it catches the refusal, Chrome reports a CSP violation (Lighthouse best practices).
// Zod reads its settings from this global when it loads, and `z.config({ jitless: true })` would put zod in the
// start-up bundle: setting the global from the entry, before any lazy chunk loads zod, costs nothing. Without
// its JIT zod parses a little slower, which no screen can notice next to the network.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
