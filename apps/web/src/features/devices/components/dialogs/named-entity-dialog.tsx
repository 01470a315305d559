import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  NAME_MAX_LENGTH,
  createFailedMessage,
  updateFailedMessage,
  type HierarchyEntity,
} from '@brezza/contract';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { selectedId } from './options';
import { FormDialog } from './form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

/** The optional parent of a room or rack (SPEC §5), chosen in a select under the name. */
export interface ParentSelect {
  label: string;
  options: SelectOption[];
  /** The row's parent now; a parent that is gone falls back to the standalone option. */
  currentId: number | null | undefined;
}

/**
 * Create New Datacenter, Room or Rack, or Edit one when given `editing`: the Name field, the
 * parent select if there is one, then the entity's own `children` fields.
 */
export function NamedEntityDialog<Body>({
  entity,
  titles,
  editing,
  placeholder,
  parent,
  schema,
  body,
  create,
  update,
  onClose,
  children,
}: {
  entity: HierarchyEntity;
  titles: { create: string; edit: string };
  editing?: { id: number; name: string };
  placeholder: string;
  parent?: ParentSelect;
  schema: z.ZodType;
  /** The request body; `parentId` is undefined when no parent is chosen. */
  body(name: string, parentId: number | undefined): Body;
  create(body: Body): Promise<unknown>;
  update(change: { id: number; body: Body }): Promise<unknown>;
  onClose(): void;
  children?: ReactNode;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [parentValue, setParentValue] = useState(
    parent ? selectedId(parent.options, parent.currentId) : '',
  );
  const { error, busy, submit } = useDialogSubmit({
    onClose,
    fallback: (status) =>
      editing ? updateFailedMessage(entity, status) : createFailedMessage(entity, status),
  });

  const onSubmit = () => {
    // SPEC §5: the parent is sent, as a number, only when one is chosen.
    const request = body(name, parentValue ? Number(parentValue) : undefined);
    void submit(schema, request, () =>
      editing ? update({ id: editing.id, body: request }) : create(request),
    );
  };

  return (
    <FormDialog
      title={editing ? titles.edit : titles.create}
      submitLabel={editing ? 'Save' : 'Create'}
      busyLabel={editing ? 'Saving...' : 'Creating...'}
      busy={busy}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={NAME_MAX_LENGTH}
        placeholder={placeholder}
        autoComplete="off"
        data-autofocus
      />
      {parent && (
        <SelectField
          label={parent.label}
          options={parent.options}
          value={parentValue}
          onChange={(event) => setParentValue(event.target.value)}
        />
      )}
      {children}
    </FormDialog>
  );
}
