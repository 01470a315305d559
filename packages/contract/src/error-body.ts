/**
 * The error body without zod, so the web app's first load can recognise it without the schema
 * library (see DESIGN §8, initial-JS budget).
 */
export interface ErrorBody {
  error: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}
