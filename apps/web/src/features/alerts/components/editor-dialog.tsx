import type { FormEvent, ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { FieldError } from './field-error';

/**
 * The rule and channel editors' dialog: the fields, a message about no field in particular above
 * the buttons, Cancel and the submit button; closing is refused while saving.
 */
export function EditorDialog({
  title,
  onClose,
  busy,
  onSubmit,
  submitLabel,
  formError,
  children,
}: {
  title: string;
  onClose(): void;
  busy: boolean;
  onSubmit(): void;
  submitLabel: string;
  formError?: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog title={title} onClose={onClose} busy={busy}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {children}
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The editors' first field, focused when the dialog opens; the server's message below it. */
export function NameField({
  value,
  onChange,
  placeholder,
  error,
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  error?: string;
}) {
  return (
    <div>
      <TextField
        label="Name"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-invalid={error !== undefined}
        data-autofocus
      />
      <FieldError message={error} className="mt-1" />
    </div>
  );
}
