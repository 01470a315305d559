import type { z } from 'zod';

type RawIssue = z.core.$ZodRawIssue;

/** `samples[0].powerKw`: the field as the caller wrote it in the JSON. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

const TYPE_WORDS: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a URL',
  uuid: 'a UUID',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
};

function sizeMessage(field: string, issue: RawIssue & { code: 'too_small' | 'too_big' }): string {
  const small = issue.code === 'too_small';
  const limit = Number(issue.minimum ?? issue.maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (small && limit <= 1) return `${field} is required.`;
      return `${field} must be at ${small ? 'least' : 'most'} ${limit} characters.`;
    case 'array':
    case 'set':
      if (small && limit <= 1) return `${field} must not be empty.`;
      return `${field} must have at ${small ? 'least' : 'most'} ${limit} items.`;
    default:
      if (!inclusive) return `${field} must be ${small ? 'greater' : 'less'} than ${limit}.`;
      return `${field} must be at ${small ? 'least' : 'most'} ${limit}.`;
  }
}

/**
 * Zod's issues in an operator's words, naming the field ("name is required.", "datacenterId
 * must be a whole number."). Passed as the per-parse error map, so a message a contract schema
 * sets itself (SPEC §5's "Name and location are required.") always wins over these.
 */
export function operatorMessage(issue: RawIssue): string {
  const path = issue.path ?? [];
  const field = path.length > 0 ? fieldName(path) : 'Request body';
  switch (issue.code) {
    case 'invalid_type':
      if (path.length === 0 && issue.expected === 'object') {
        return 'Request body must be a JSON object.';
      }
      if (issue.input === undefined) return `${field} is required.`;
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? `of type ${issue.expected}`}.`;
    case 'too_small':
    case 'too_big':
      return sizeMessage(field, issue);
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map((value) => JSON.stringify(value)).join(', ')}.`;
    case 'invalid_format':
      return `${field} must be ${FORMAT_WORDS[issue.format] ?? 'in the expected format'}.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
    case 'custom':
      // A contract refinement that leaves the wording here says what the value must be.
      if (typeof issue.params?.mustBe === 'string')
        return `${field} must be ${issue.params.mustBe}.`;
      return `${field} is not valid.`;
    default:
      return `${field} is not valid.`;
  }
}
