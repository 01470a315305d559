import { cx } from '@/components/ui/cx';
import { Icon } from '@/components/ui/icon';
import { useEditable } from '../hooks/editable';
import { ENTITY_COLOURS } from './entity-colours';

const ENTRIES = [
  { kind: 'datacenter', label: 'Datacenter' },
  { kind: 'room', label: 'Room' },
  { kind: 'rack', label: 'Rack' },
  { kind: 'device', label: 'Device' },
] as const;

export type CreatableKind = 'datacenter' | 'room' | 'rack';

/** SPEC §2: the colour legend; datacenter, room and rack have a '+' that opens their create dialog. */
export function Legend({ onCreate }: { onCreate(kind: CreatableKind): void }) {
  const editable = useEditable();
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Legend">
      {ENTRIES.map(({ kind, label }) => (
        <li
          key={kind}
          className={cx(
            'flex h-9 items-center gap-2 rounded-full border bg-white pl-3 text-sm font-medium text-slate-700',
            ENTITY_COLOURS[kind].ring,
            kind === 'device' || !editable ? 'pr-3' : 'pr-1',
          )}
        >
          <span
            className={cx('h-3 w-3 rounded-sm', ENTITY_COLOURS[kind].swatch)}
            aria-hidden="true"
          />
          {label}
          {kind !== 'device' && editable && (
            <button
              type="button"
              onClick={() => onCreate(kind)}
              aria-label={`Create ${label.toLowerCase()}`}
              title={`Create ${label.toLowerCase()}`}
              className="flex h-7 w-7 items-center justify-center rounded-full text-slate-600 hover:bg-brand-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <Icon name="plus" className="h-4 w-4" strokeWidth={2} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
