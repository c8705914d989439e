import { accessLevels, endpointGroups, type Access } from '@outing/contract';

/**
 * docs/api/routes.md, written from the server's OpenAPI document (`GET /v1/docs/json`): every HTTP route with its
 * method, path, summary, who may call it, its main query and body fields and its success status. Pure: the test
 * (api-routes.test.ts) feeds it the document the app serves and fails when the file differs from what it writes;
 * `npm run docs:api -w @outing/server` writes the file.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxItems?: number;
};

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
};

/** The part of an OpenAPI 3 document the generator reads. */
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Sections in reading order; a tag not listed here comes after them, alphabetically. */
const TAG_ORDER = [
  'system',
  'auth',
  'users',
  'friends',
  'notifications',
  'push',
  'rooms',
  'guests',
  'date polls',
  'calendar',
  'pictures',
  'chat',
  'venues',
  'bills',
  'transactions',
];

/** `METHOD /v1/path` → the declared access level (with `· guests` when a guest may call it) of every endpoint declared in packages/contract/src/endpoints. */
export function declaredAccess(
  groups: Readonly<
    Record<
      string,
      Readonly<Record<string, { method: string; path: string; access: Access; guests?: 'room' }>>
    >
  > = endpointGroups,
): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const endpoints of Object.values(groups))
    for (const e of Object.values(endpoints))
      out.set(`${e.method} /v1${e.path}`, e.guests ? `${e.access} · guests` : e.access);
  return out;
}

type Row = {
  tag: string;
  method: string;
  path: string;
  summary: string;
  who: string;
  request: string;
  success: string;
};

/** A table cell: one line, pipes escaped, and `<`, `&` outside code spans written as text, never as HTML. */
const cell = (text: string) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .split('`')
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/&/g, '&amp;').replace(/</g, '&lt;')))
    .join('`')
    .replace(/\|/g, '\\|');

const unwrapNull = (s: JsonSchema): { schema: JsonSchema; nullable: boolean } => {
  const options = s.anyOf ?? s.oneOf;
  if (!options) return { schema: s, nullable: false };
  const rest = options.filter((o) => o.type !== 'null');
  return rest.length === 1 && rest.length < options.length
    ? { schema: rest[0]!, nullable: true }
    : { schema: s, nullable: false };
};

/** `a, b?, c{d, e?}`: an object's fields, optional ones marked `?`, nested objects one level deep. */
function fields(s: JsonSchema, depth = 0): string {
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {})
    .map(([name, prop]) => {
      const inner = unwrapNull(prop).schema;
      const nested = depth === 0 && inner.properties ? `{${fields(inner, depth + 1)}}` : '';
      return `${name}${required.has(name) ? '' : '?'}${nested}`;
    })
    .join(', ');
}

/**
 * A choice of objects (a discriminated union, e.g. `PATCH /users/{id}`'s fields) as one object: every variant's
 * fields, required where every variant requires them. Anything else is itself.
 */
function variantsMerged(s: JsonSchema): JsonSchema {
  const variants = (s.oneOf ?? s.anyOf)?.filter((v) => v.properties);
  if (s.properties || !variants?.length) return s;
  const properties = Object.assign({}, ...variants.map((v) => v.properties)) as Record<string, JsonSchema>;
  const required = Object.keys(properties).filter((k) => variants.every((v) => v.required?.includes(k)));
  return { type: 'object', properties, required };
}

function bodyText(op: Operation): string | null {
  const content = op.requestBody?.content;
  if (!content) return null;
  const json = content['application/json']?.schema;
  if (!json) return `a ${Object.keys(content).join(' or ')} body`;
  const { schema, nullable } = unwrapNull(json);
  if (schema.type === 'array') {
    const item = schema.items?.properties ? `{${fields(schema.items)}}` : 'item';
    return `[${item}]${schema.maxItems !== undefined ? ` (at most ${schema.maxItems})` : ''}`;
  }
  const text = fields(variantsMerged(schema));
  if (!text) return nullable ? '(optional, empty)' : '{}';
  return nullable ? `(optional) ${text}` : text;
}

function requestText(op: Operation): string {
  const parts: string[] = [];
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  if (query.length) parts.push(`query: ${query.map((p) => `${p.name}${p.required ? '' : '?'}`).join(', ')}`);
  const body = bodyText(op);
  if (body) parts.push(`body: ${body}`);
  return parts.length ? parts.join('; ') : '—';
}

function whoText(method: string, path: string, op: Operation, access: ReadonlyMap<string, string>): string {
  const declared = access.get(`${method} ${path}`);
  if (declared) return declared;
  // Not declared yet (decision 020): what the OpenAPI document itself says, in italics.
  if (!op.security?.length) return '_public_';
  return /^\/v1\/users\/\{id\}(\/|$)/.test(path) ? '_self_' : '_signedIn_';
}

function successText(op: Operation): string {
  const ok = Object.keys(op.responses ?? {}).filter((s) => /^2\d\d$/.test(s));
  return ok.length ? ok.join(', ') : '200, a file';
}

const sectionTitle = (tag: string) => tag.charAt(0).toUpperCase() + tag.slice(1);
/** GitHub's anchor of a heading made of letters, digits and spaces. */
const anchor = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');

function tagRank(tag: string): [number, string] {
  const i = TAG_ORDER.indexOf(tag);
  return [i === -1 ? TAG_ORDER.length : i, tag];
}

/** The Markdown of docs/api/routes.md for `doc`; `access` says who may call each declared endpoint. */
export function routesMarkdown(
  doc: OpenApiDocument,
  access: ReadonlyMap<string, string> = declaredAccess(),
): string {
  const rows: Row[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = operations[m];
      if (!op) continue;
      const method = m.toUpperCase();
      // A route with several tags (`rooms`, `calendar`) is listed under its last, most specific one.
      const tag = op.tags?.at(-1) ?? path.split('/')[2] ?? 'other';
      rows.push({
        tag,
        method,
        path,
        summary: op.summary ?? '',
        who: whoText(method, path, op, access),
        request: requestText(op),
        success: successText(op),
      });
    }
  }
  const methodRank = (m: string) => METHODS.indexOf(m.toLowerCase() as (typeof METHODS)[number]);
  rows.sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : methodRank(a.method) - methodRank(b.method),
  );
  const tags = [...new Set(rows.map((r) => r.tag))].sort((a, b) => {
    const [ra, ta] = tagRank(a);
    const [rb, tb] = tagRank(b);
    return ra - rb || (ta < tb ? -1 : ta > tb ? 1 : 0);
  });

  const out: string[] = [
    '# HTTP routes',
    '',
    '<!-- Generated by apps/server/src/docs/api-routes.ts from the OpenAPI document the server serves at',
    '     GET /v1/docs/json. Do not edit by hand: run `npm run docs:api -w @outing/server`. -->',
    '',
    `Every route of the API (${rows.length}), by area, as the server documents it in OpenAPI (\`/v1/docs\` on a`,
    'running server). How the API works — the envelope, status rules, tokens, the socket and the rules of each',
    'area — is in [the API reference](README.md).',
    '',
    '- **Who**: who may call the route. Without a valid token every route but a `public` one answers 401.',
    ...Object.entries(accessLevels).map(([level, meaning]) => `  - \`${level}\`: ${meaning}.`),
    '  - `· guests`: a guest token may call it too, in the guest’s own room only; every other route refuses a guest',
    '    with 403 `GUEST_NOT_ALLOWED` ([the reference](README.md#guests)).',
    '  - In _italics_: a route not yet declared in `packages/contract/src/endpoints` (decision 020). Its level is',
    '    read from the OpenAPI document only: _public_ (no token), _signedIn_ (a token), or _self_ for',
    '    `/users/{id}/…` (every such route is the caller’s own; the authorisation matrix holds each to it). Where',
    '    such a route is narrower (members, the host), its summary and the reference say so.',
    '- **Request**: the query parameters and the JSON body’s fields (`?`: optional; `{…}`: the fields of an object).',
    '  Path parameters are in the path.',
    '- **Success**: the status of a successful answer, which carries the success envelope. `200, a file`: the',
    '  route answers a file (CSV, iCalendar, WebP, a JSON download) instead, which the OpenAPI document does not',
    '  describe; its refusals are still envelopes.',
    '',
    tags.map((tag) => `[${sectionTitle(tag)}](#${anchor(sectionTitle(tag))})`).join(' · '),
  ];
  for (const tag of tags) {
    out.push(
      '',
      `## ${sectionTitle(tag)}`,
      '',
      '| Method | Path | Summary | Who | Request | Success |',
      '|---|---|---|---|---|---|',
    );
    for (const r of rows.filter((row) => row.tag === tag))
      out.push(
        `| ${r.method} | \`${cell(r.path)}\` | ${cell(r.summary)} | ${r.who} | ${cell(r.request)} | ${r.success} |`,
      );
  }
  return `${out.join('\n')}\n`;
}
