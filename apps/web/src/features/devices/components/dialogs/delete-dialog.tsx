import { deleteFailedMessage, type HierarchyEntity } from '@brezza/contract';
import { FormDialog } from './form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

/** Delete Datacenter, Room or Rack: names the row and says what becomes of its children. */
export function DeleteDialog({
  entity,
  title,
  row,
  consequence,
  remove,
  onClose,
}: {
  entity: HierarchyEntity;
  title: string;
  row: { id: number; name: string };
  consequence: string;
  remove(id: number): Promise<unknown>;
  onClose(): void;
}) {
  const { error, busy, submit } = useDialogSubmit({
    onClose,
    fallback: (status) => deleteFailedMessage(entity, status),
  });
  return (
    <FormDialog
      title={title}
      submitLabel="Delete"
      busyLabel="Deleting..."
      submitVariant="danger"
      busy={busy}
      error={error}
      onSubmit={() => void submit(null, null, () => remove(row.id))}
      onClose={onClose}
    >
      <p className="text-sm text-slate-700">
        Delete <strong className="font-semibold text-ink">{row.name}</strong>? {consequence}
      </p>
    </FormDialog>
  );
}
