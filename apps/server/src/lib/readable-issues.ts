import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { safeParse, type $ZodErrorMap, type $ZodType } from 'zod/v4/core';

/**
 * Sentences for the validation issues a schema leaves unworded. The contract's schemas word what the product's form
 * rules fix ("Username must be at least 3 characters", docs/product.md#form-rules); everything else got zod's own
 * text, written for developers ("Invalid input: expected string, received undefined"). Given per parse, this map
 * ranks below every message a schema sets and above zod's locale (issue 17). The envelope puts the field's path in
 * front (error-handler.ts).
 */
export const readableIssue: $ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) {
        return issue.path?.length ? 'This field is required.' : 'A request body is required.';
      }
      if (!issue.path?.length && issue.expected === 'object')
        return 'The request body must be a JSON object.';
      return `Must be ${typeNames[issue.expected] ?? 'of another type'}.`;
    case 'too_small':
      return bound(
        'at least',
        'greater than',
        issue.origin,
        Number(issue.minimum),
        issue.inclusive,
        issue.exact,
      );
    case 'too_big':
      return bound('at most', 'less than', issue.origin, Number(issue.maximum), issue.inclusive, issue.exact);
    case 'invalid_format':
      return formats[issue.format] ?? 'Is not in the expected format.';
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Has ${issue.keys.length === 1 ? 'an unknown field' : 'unknown fields'}: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return oneOf(issue.values);
    case 'invalid_key':
      return 'Has a key that is not allowed.';
    case 'invalid_element':
      return 'Has an item that is not allowed.';
    default:
      return 'Is not a valid value.';
  }
};

const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  null: 'null',
};

const formats: Record<string, string> = {
  email: 'Must be a valid email address.',
  url: 'Must be a valid URL.',
  uuid: 'Must be a valid id.',
  guid: 'Must be a valid id.',
  datetime: 'Must be a date and time such as 2026-11-25T14:20:00Z.',
  date: 'Must be a date such as 2026-11-25.',
  time: 'Must be a time such as 14:20.',
};

function bound(
  inclusiveWord: string,
  exclusiveWord: string,
  origin: string,
  n: number,
  inclusive: boolean | undefined,
  exact: boolean | undefined,
): string {
  const word = exact ? 'exactly' : inclusive === false ? exclusiveWord : inclusiveWord;
  switch (origin) {
    case 'string':
      if (n === 1 && word === 'at least') return 'Must not be empty.';
      return `Must be ${word} ${n} character${n === 1 ? '' : 's'} long.`;
    case 'array':
    case 'set':
      if (n === 1 && word === 'at least') return 'Must have at least one item.';
      return `Must have ${word} ${n} item${n === 1 ? '' : 's'}.`;
    case 'date':
      return `Must be ${word === 'at least' ? 'on or after' : word === 'at most' ? 'on or before' : word} ${new Date(n).toISOString()}.`;
    default:
      return `Must be ${word} ${n}.`;
  }
}

function oneOf(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v)));
  if (shown.length === 1) return `Must be ${shown[0]}.`;
  if (shown.length <= 10) return `Must be one of ${shown.join(', ')}.`;
  return 'Is not one of the allowed values.';
}

// The shape of the validation errors of fastify-type-provider-zod, whose `hasZodFastifySchemaValidationErrors`
// the error handler (and Fastify's schema error plumbing) recognise.
const marker = Symbol.for('ZodFastifySchemaValidationError');

/** fastify-type-provider-zod's validator compiler, with `readableIssue` for the issues no schema words. */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: readableIssue });
    if (result.success) return { value: result.data };
    const error: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      [marker]: true,
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: `#/${issue.path.join('/')}/${issue.code}`,
      message: issue.message,
      params: {},
    }));
    return { error };
  };
