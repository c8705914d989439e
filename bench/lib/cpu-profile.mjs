// Where a server's CPU goes, by component: a V8 CPU profile (the inspector's `Profiler.stop` result) reduced to the
// share of its samples each part of the request path accounts for. Each sample is given to the innermost frame of
// its stack that belongs to a named component (a library or one of the server's own modules), so that a `writev`
// run for pg counts as pg and the compiled writer of fast-json-stringify (which has no file) as serialisation;
// samples with no such frame (Node's HTTP parser callbacks, timers, the garbage collector) keep the category of
// their own leaf.

/** [component, test on the frame's URL], first match wins: specific modules before the package they sit in. */
const COMPONENTS = [
  ['token check (jose)', /node_modules\/jose\/|\/dist\/lib\/tokens\.js$/],
  ['auth hook + session cache', /\/dist\/lib\/auth\.js$/],
  ['serialisation (fast-json-stringify)', /node_modules\/fast-json-stringify\/|\/dist\/lib\/serializer\.js$/],
  [
    'validation (zod)',
    /node_modules\/(zod|fastify-type-provider-zod)\/|\/dist\/lib\/readable-issues\.js$|packages\/contract\//,
  ],
  ['drizzle (query building, row mapping)', /node_modules\/drizzle-orm\/|\/dist\/db\/prepared\.js$/],
  ['pg (protocol, row parsing)', /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+)\//],
  [
    'logging (pino)',
    /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream)\/|\/dist\/lib\/logger\.js$/,
  ],
  ['answer cache', /\/dist\/lib\/answer-cache[^/]*\.js$/],
  ['security headers, CORS', /\/dist\/lib\/security-headers\.js$|node_modules\/@fastify\/cors\//],
  ['rate limiter', /node_modules\/@fastify\/rate-limit\/|\/dist\/lib\/rate-limit\.js$/],
  ['realtime hub', /\/dist\/lib\/realtime\//],
  ['routing (find-my-way)', /node_modules\/find-my-way\//],
  ['fastify (hooks, request, reply)', /node_modules\/(fastify|@fastify\/[a-z-]+|avvio|light-my-request)\//],
  // The server's other modules (its build, or a copy of an older build beside it: apps/server-before/dist).
  ['handlers, services, queries (app)', /\/apps\/server[^/]*\/dist\//],
];

/** The category of a frame with no component: Node's own modules by area, V8's pseudo-frames by name. */
function ownCategory(frame) {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return 'V8 and native (program)';
  if (functionName === '(idle)') return '(idle)';
  if (/^node:(internal\/)?(_http|http)/.test(url)) return 'Node HTTP (parser, response)';
  if (
    /^node:(internal\/)?(net|stream|streams|dns|tcp|socket)/.test(url) ||
    /^node:internal\/stream/.test(url)
  )
    return 'Node sockets and streams';
  if (/^node:/.test(url)) return 'Node other (timers, promises, …)';
  if (url === '') return 'native / builtins';
  return 'other JavaScript';
}

const componentOf = (url) => COMPONENTS.find(([, re]) => re.test(url))?.[0];

/**
 * Milliseconds of samples per category (idle excluded) and their total. `profile` is a V8 `Profile`: nodes with
 * parents implied by `children`, `samples` (node ids) and `timeDeltas` (µs).
 */
export function summariseProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryOfNode = new Map();
  const categoryOf = (id) => {
    let cat = categoryOfNode.get(id);
    if (cat) return cat;
    for (let at = id; at !== undefined; at = parent.get(at)) {
      cat = componentOf(byId.get(at).callFrame.url);
      if (cat) break;
    }
    cat ??= ownCategory(byId.get(id).callFrame);
    categoryOfNode.set(id, cat);
    return cat;
  };
  const ms = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const cat = categoryOf(id);
    if (cat === '(idle)') return;
    // A sample's time is the delta to the next one (the last sample has none: it counts the mean).
    const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    ms.set(cat, (ms.get(cat) ?? 0) + dt);
    total += dt;
  });
  return { ms, total };
}

/** Every category in a fixed order (components first), for tables that line several profiles up. */
export const CATEGORY_ORDER = [
  ...COMPONENTS.map(([c]) => c),
  'Node HTTP (parser, response)',
  'Node sockets and streams',
  'Node other (timers, promises, …)',
  'native / builtins',
  'garbage collector',
  'V8 and native (program)',
  'other JavaScript',
];
