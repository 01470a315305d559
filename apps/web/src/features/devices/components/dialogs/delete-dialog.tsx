import { FormDialog } from './form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

/** Delete Datacenter, Room or Rack: names the row and says what becomes of its children. */
export function DeleteDialog({
  title,
  name,
  consequence,
  fallback,
  onConfirm,
  onClose,
}: {
  title: string;
  name: string;
  consequence: string;
  fallback(status: number | string): string;
  onConfirm(): Promise<unknown>;
  onClose(): void;
}) {
  const { error, busy, submit } = useDialogSubmit({ onClose, fallback });
  return (
    <FormDialog
      title={title}
      submitLabel="Delete"
      busyLabel="Deleting..."
      submitVariant="danger"
      busy={busy}
      error={error}
      onSubmit={() => void submit(null, null, onConfirm)}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">
        Delete <strong className="font-semibold text-ink">{name}</strong>? {consequence}
      </p>
    </FormDialog>
  );
}
