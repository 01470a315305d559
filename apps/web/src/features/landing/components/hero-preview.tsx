/**
 * Beside the headline: a labelled diagram of what the product watches, from the facility water
 * loop through the pCDU to the racks, and how it organises them. It names what is measured and
 * shows no figures: there is no one's data to show on a public page.
 */

const stages = [
  {
    name: 'Facility water',
    detail: 'Inlet and outlet temperature, supply and return pressure, flow',
  },
  {
    name: 'pCDU',
    detail: 'Refrigerant supply, return and ΔT, valve position, cooling power, leak and PSU state',
  },
  {
    name: 'Racks and servers',
    detail: 'Each server in its datacenter, room and rack, with the agent reporting it',
  },
];

const hierarchy = ['Datacenter', 'Room', 'Rack', 'Server'];

function FlowArrow() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="mx-auto h-5 w-5 text-brand-400">
      <path
        d="M12 4v14m-5-5 5 5 5-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function HeroPreview() {
  return (
    <figure className="relative">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-brand-100 via-sky-100 to-transparent blur-2xl" />
      <div className="rounded-2xl border border-slate-200/80 bg-white/90 p-5 shadow-xl shadow-brand-900/10">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          What it monitors
        </p>
        <ol className="mt-3 space-y-1">
          {stages.map((stage, index) => (
            <li key={stage.name}>
              {index > 0 && <FlowArrow />}
              <div className="rounded-xl border border-slate-100 bg-slate-50 px-4 py-3">
                <p className="text-sm font-semibold text-ink">{stage.name}</p>
                <p className="mt-0.5 text-sm text-slate-600">{stage.detail}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-4 rounded-xl bg-brand-50 px-4 py-3">
          <p className="text-xs font-medium text-brand-900">Organised as</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium text-brand-700">
            {hierarchy.map((level, index) => (
              <span key={level} className="inline-flex items-center gap-2">
                {index > 0 && <span aria-hidden="true">›</span>}
                {level}
              </span>
            ))}
          </p>
        </div>
      </div>
      <figcaption className="sr-only">
        The cooling chain the product monitors: facility water, the pCDU and the racks and servers,
        organised by datacenter, room, rack and server.
      </figcaption>
    </figure>
  );
}
