import { z } from 'zod';

// Control characters have no place in text a person typed: PostgreSQL refuses NUL in text, and
// escape sequences would reach a staff terminal raw.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// Half of a UTF-16 pair cannot be stored as UTF-8: both databases would replace it silently.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text a person typed (a name, a location): trimmed, required, at most `max` characters,
 * printable and well-formed. Every schema that accepts a person's text uses it, so a control
 * character is refused everywhere with the same words.
 */
export function personText(label: string, requiredMessage: string, max: number) {
  return z
    .string({
      error: (issue) => (issue.input == null ? requiredMessage : `${label} must be text.`),
    })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), {
      message: `${label} must not contain control characters.`,
    })
    .refine((value) => !LONE_SURROGATE.test(value), { message: `${label} must be valid text.` });
}
