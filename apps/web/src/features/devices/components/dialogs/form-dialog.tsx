import type { FormEvent, ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export interface FormDialogProps {
  title: string;
  /** 'Create', 'Save' or 'Delete'; while busy the button says `busyLabel` (SPEC §4). */
  submitLabel: string;
  busyLabel: string;
  submitVariant?: ButtonVariant;
  busy: boolean;
  /** The banner: a validation message, the server's `error` or SPEC §8's fallback. */
  error: string | null;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

/** The frame of every Devices dialog: banner, fields, Cancel and the action button. */
export function FormDialog({
  title,
  submitLabel,
  busyLabel,
  submitVariant = 'primary',
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Dialog title={title} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        {children}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
