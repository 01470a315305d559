import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * The rules and the channels tabs: what the list is for, "New …" for admins, the items, and the
 * editor of the one being added or changed.
 */
export function AdminList<T extends { id: number }>({
  label,
  intro,
  readOnlyNote,
  newLabel,
  empty,
  isAdmin,
  items,
  renderItem,
  renderEditor,
}: {
  label: string;
  intro: string;
  /** Said to everyone who is not an admin. */
  readOnlyNote: string;
  newLabel: string;
  /** Shown instead of an empty list; nothing when absent. */
  empty?: string;
  isAdmin: boolean;
  items: UseQueryResult<T[]>;
  renderItem(item: T, onEdit: () => void): ReactNode;
  /** `null`: a new item. */
  renderEditor(item: T | null, onClose: () => void): ReactNode;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return (
    <section aria-label={label}>
      <div className="flex flex-wrap items-center justify-between gap-2 p-4">
        <p className="text-sm text-slate-600">
          {intro}
          {!isAdmin && ` ${readOnlyNote}`}
        </p>
        {isAdmin && <Button onClick={() => setEditing('new')}>{newLabel}</Button>}
      </div>
      {items.isPending && <Spinner />}
      {items.isError && (
        <Alert tone="error" className="m-4">
          {items.error.message}
        </Alert>
      )}
      {empty && items.data?.length === 0 && (
        <p className="border-t border-slate-100 p-6 text-sm text-slate-600">{empty}</p>
      )}
      {items.data && items.data.length > 0 && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {items.data.map((item) => renderItem(item, () => setEditing(item)))}
        </ul>
      )}
      {editing && renderEditor(editing === 'new' ? null : editing, () => setEditing(null))}
    </section>
  );
}

/**
 * An item's admin controls: Edit, any others, and Delete behind a confirmation that says what
 * deleting does; the last failure below them.
 */
export function AdminActions({
  onEdit,
  children,
  confirmation,
  deleteLabel,
  onDelete,
  deleting,
  error,
}: {
  onEdit(): void;
  /** Controls between Edit and Delete. */
  children?: ReactNode;
  confirmation: string;
  deleteLabel: string;
  onDelete(): void;
  deleting: boolean;
  error: Error | null;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {!confirming && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          {children}
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      )}
      {confirming && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span>{confirmation}</span>
          <Button size="sm" variant="danger" disabled={deleting} onClick={onDelete}>
            {deleteLabel}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      )}
      {error && (
        <Alert tone="error" className="mt-2">
          {error.message}
        </Alert>
      )}
    </>
  );
}
