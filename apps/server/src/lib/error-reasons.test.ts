// Every refusal names its reason (decision 021, docs/api-errors.md): the helpers put it in the envelope, and this
// file reads the server's sources (TypeScript's own parser) and refuses a throw site without one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify from 'fastify';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, errorReasons, isErrorReason } from '@outing/contract';
import { registerErrorHandling } from './error-handler.js';
import {
  AppError,
  badGateway,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooMany,
  unauthenticated,
  unavailable,
} from './errors.js';

const SRC = join(__dirname, '..');
const DOCS = join(__dirname, '../../../../docs/api-errors.md');

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'fuzz') sourceFiles(path, into);
    } else if (
      entry.name.endsWith('.ts') &&
      !entry.name.endsWith('.test.ts') &&
      !entry.name.endsWith('.d.ts')
    ) {
      into.push(path);
    }
  }
  return into;
}

/** Which argument of each helper is the reason (badRequest: the second, or the third after its issues). */
const REASON_ARGUMENT: Record<string, number> = {
  unauthenticated: 1,
  forbidden: 1,
  notFound: 1,
  conflict: 1,
  tooMany: 1,
  badGateway: 1,
};

/** Calls that may still lack a reason (none since the own-debts check moved into lib/route.ts, decision 020). */
const PENDING = new Set<string>();

type Site = { where: string; text: string };

function isIssuesArgument(node: ts.Expression | undefined): boolean {
  return !!node && !ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node);
}

function hasReasonProperty(node: ts.Expression | undefined): boolean {
  return (
    !!node &&
    ts.isObjectLiteralExpression(node) &&
    node.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'reason')
  );
}

/** Throw sites without a reason, and every reason written as a string literal in an error's arguments. */
function scan() {
  const missing: Site[] = [];
  const named = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const rel = relative(SRC, file).split('\\').join('/');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const site = (node: ts.Node): Site => ({
      where: `${rel}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
      text: node.getText().slice(0, 100),
    });
    const visit = (node: ts.Node) => {
      if (rel !== 'lib/errors.ts' && ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const args = node.arguments;
        let ok = true;
        // With issues (the fields at fault) a 400 is a validation error, which needs no reason.
        if (name === 'badRequest') ok = args.length >= 2;
        else if (name in REASON_ARGUMENT) ok = args.length > REASON_ARGUMENT[name]!;
        if (!ok && !PENDING.has(rel)) missing.push(site(node));
      }
      if (
        rel !== 'lib/errors.ts' &&
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError'
      ) {
        const args = node.arguments ?? [];
        // new AppError(status, code, message, issues?, { reason, … })
        const ok =
          hasReasonProperty(args[4]) || (isIssuesArgument(args[3]) && args[3]!.getText() !== 'undefined');
        if (!ok) missing.push(site(node));
      }
      if (ts.isStringLiteral(node) && isErrorReason(node.text)) named.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { missing, named };
}

describe('error reasons', () => {
  const { missing, named } = scan();

  it('every throw site in apps/server/src names a reason (or the issues of a validation error)', () => {
    expect(missing).toEqual([]);
  });

  it('every reason of the contract is named in the server (none is left behind)', () => {
    expect(errorReasons.filter((r) => !named.has(r))).toEqual([]);
  });

  it('docs/api-errors.md lists every reason', () => {
    const docs = readFileSync(DOCS, 'utf8');
    expect(errorReasons.filter((r) => !docs.includes(`\`${r}\``))).toEqual([]);
  });

  it('the helpers carry their reason, and the envelope says it beside the code', async () => {
    const thrown: AppError[] = [
      badRequest('That code has expired. Ask for a new one.', 'CODE_EXPIRED'),
      unauthenticated('Please sign in.', 'SIGN_IN_REQUIRED'),
      forbidden('You are not a member of this room.', 'NOT_MEMBER', 'NOT_MEMBER'),
      notFound('Room not found.', 'ROOM_NOT_FOUND'),
      conflict('This room is closed.', 'ROOM_CLOSED'),
      tooMany('You already reminded them in the last hour.', 'REMINDED_RECENTLY', 60),
      badGateway('Venue search is unavailable right now.', 'VENUE_SEARCH_UNAVAILABLE'),
      unavailable(),
    ];
    expect(thrown.map((e) => [e.status, e.code, e.reason])).toEqual([
      [400, 'VALIDATION', 'CODE_EXPIRED'],
      [401, 'UNAUTHENTICATED', 'SIGN_IN_REQUIRED'],
      [403, 'NOT_MEMBER', 'NOT_MEMBER'],
      [404, 'NOT_FOUND', 'ROOM_NOT_FOUND'],
      [409, 'CONFLICT', 'ROOM_CLOSED'],
      [429, 'RATE_LIMITED', 'REMINDED_RECENTLY'],
      [502, 'BAD_GATEWAY', 'VENUE_SEARCH_UNAVAILABLE'],
      [503, 'UNAVAILABLE', 'DATABASE_UNAVAILABLE'],
    ]);

    const app = Fastify();
    registerErrorHandling(app);
    app.get('/closed', async () => {
      throw conflict('This room is closed.', 'ROOM_CLOSED');
    });
    app.get('/field', async () => {
      throw badRequest('Date must be in the future', [
        { path: 'date', message: 'Date must be in the future' },
      ]);
    });
    const closed = await app.inject({ method: 'GET', url: '/closed' });
    expect(closed.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(closed.json())).toEqual({
      status: 'error',
      code: 'CONFLICT',
      reason: 'ROOM_CLOSED',
      message: 'This room is closed.',
      data: null,
    });
    const field = await app.inject({ method: 'GET', url: '/field' });
    expect(field.statusCode).toBe(400);
    expect(field.json()).not.toHaveProperty('reason');
    expect(field.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'date' }] });
    await app.close();
  });
});
