import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { Icon } from '@/components/ui/icon';
import { itemCountText } from '../utils/counts';
import { ENTITY_COLOURS, type EntityKind } from './entity-colours';
import { RowActionButton } from './row-action-button';
import { HealthDot } from './health-dot';
import type { AlertHealth } from '@brezza/contract';

/** The drag payload of a server row: its id. */
export const SERVER_DRAG_TYPE = 'application/x-brezza-server';

export interface TreeNodeProps {
  kind: Exclude<EntityKind, 'device'>;
  name: string;
  detail?: string | null;
  /** Direct children; 0 shows `emptyText` and disables the arrow (SPEC §2). */
  count: number;
  emptyText: string;
  expanded: boolean;
  onToggle(): void;
  /** Edit and delete, on named rows only (never on 'Unassigned'). */
  onEdit?: () => void;
  onDelete?: () => void;
  /** A rack accepts dropped server rows. */
  onDropServer?: (serverId: number) => void;
  /** The worst alert among the node's devices. */
  health?: AlertHealth;
  children: ReactNode;
}

/**
 * A collapsed row's height with the gap under it (`min-h-11` + `gap-0.5`), in CSS pixels, on a
 * screen from `sm` up. On a phone a row's count sits under its name: `--tree-row-px` in
 * styles.css holds the height for the screen at hand.
 */
export const TREE_ROW_PX = 46;

/** One collapsible row of the hierarchy; its children render only while it is expanded. */
export function TreeNode({
  kind,
  name,
  detail,
  count,
  emptyText,
  expanded,
  onToggle,
  onEdit,
  onDelete,
  onDropServer,
  health,
  children,
}: TreeNodeProps) {
  const contentId = useId();
  const [dropping, setDropping] = useState(false);
  const empty = count === 0;
  const open = expanded && !empty;
  const label = `${kind} ${name}`;

  const acceptsDrag = (event: DragEvent) =>
    onDropServer !== undefined && event.dataTransfer.types.includes(SERVER_DRAG_TYPE);
  const dropHandlers = onDropServer
    ? {
        onDragOver: (event: DragEvent) => {
          if (!acceptsDrag(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setDropping(true);
        },
        onDragLeave: (event: DragEvent<HTMLDivElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
        },
        onDrop: (event: DragEvent) => {
          setDropping(false);
          if (!acceptsDrag(event)) return;
          event.preventDefault();
          const serverId = Number(event.dataTransfer.getData(SERVER_DRAG_TYPE));
          if (Number.isInteger(serverId) && serverId > 0) onDropServer(serverId);
        },
      }
    : {};

  return (
    <li className="list-none">
      <div
        {...dropHandlers}
        data-kind={kind}
        data-drop-target={onDropServer ? 'rack' : undefined}
        className={cx(
          'group flex min-h-11 flex-wrap items-center gap-x-2 rounded-lg border px-2 py-1.5 transition-colors sm:flex-nowrap',
          dropping
            ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/30'
            : 'border-transparent hover:bg-slate-50',
        )}
      >
        <button
          type="button"
          onClick={onToggle}
          disabled={empty}
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
          className="flex h-7 w-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-30 disabled:hover:bg-transparent"
        >
          <Icon
            name="chevron"
            className={cx('h-4 w-4 transition-transform', open && 'rotate-90')}
            strokeWidth={2}
          />
        </button>
        <span
          className={cx('h-3 w-3 shrink-0 rounded-sm', ENTITY_COLOURS[kind].swatch)}
          aria-hidden="true"
        />
        {health && <HealthDot health={health} />}
        <span className="min-w-0 flex-1 sm:flex sm:items-baseline sm:gap-2">
          <span className="block truncate font-medium text-ink" title={name}>
            {name}
          </span>
          {detail && <span className="block truncate text-sm text-slate-500">{detail}</span>}
        </span>
        {/* On phones the count wraps under the name, so that the name keeps its room. */}
        <span
          className={cx(
            'order-last -mt-1 basis-full pl-14 text-xs sm:order-none sm:mt-0 sm:basis-auto sm:rounded-full sm:px-2 sm:py-0.5',
            empty ? 'italic text-slate-400' : 'font-medium text-slate-600 sm:bg-slate-100',
          )}
        >
          {empty ? emptyText : itemCountText(count)}
        </span>
        {(onEdit || onDelete) && (
          <span className="flex shrink-0 items-center">
            {onEdit && <RowActionButton action="edit" label={label} onClick={onEdit} />}
            {onDelete && <RowActionButton action="delete" label={label} onClick={onDelete} />}
          </span>
        )}
      </div>
      {open && (
        <div id={contentId} className="ml-3.5 border-l border-slate-200 pl-2 sm:ml-5 sm:pl-4">
          {children}
        </div>
      )}
    </li>
  );
}
