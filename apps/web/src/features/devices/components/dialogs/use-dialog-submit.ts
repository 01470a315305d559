import { useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/**
 * A dialog's submit: validate with the contract's schema (SPEC §5 messages), send, close on
 * success; on failure keep the dialog open with the server's `error`, or SPEC §8's fallback.
 */
export function useDialogSubmit({
  onClose,
  fallback,
}: {
  onClose(): void;
  /** SPEC §8's message for a status, e.g. `Failed to create room: 500`. */
  fallback(status: number | string): string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit<S extends z.ZodType>(
    schema: S | null,
    body: unknown,
    send: () => Promise<unknown>,
  ): Promise<void> {
    if (schema) {
      const result = schema.safeParse(body);
      if (!result.success) {
        setError(result.error.issues[0]?.message ?? 'Please check the form.');
        return;
      }
    }
    setError(null);
    setBusy(true);
    try {
      await send();
      onClose();
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof ApiError ? failure.message : fallback('no response'));
    }
  }

  return { error, busy, submit };
}
