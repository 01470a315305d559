/**
 * A decorative preview of the live cooling view beside the headline. It is hidden from
 * assistive technology: the figures are an illustration, not anyone's data.
 */
export function HeroPreview() {
  const tiles = [
    { label: 'Refrigerant supply', value: '18.4', unit: '°C' },
    { label: 'Refrigerant return', value: '33.1', unit: '°C' },
    { label: 'ΔT', value: '14.7', unit: 'K' },
    { label: 'Cooling power', value: '42.6', unit: 'kW' },
  ];
  return (
    <div aria-hidden="true" className="relative">
      <div className="absolute -inset-6 -z-10 rounded-[2rem] bg-gradient-to-tr from-brand-100 via-sky-100 to-transparent blur-2xl" />
      <div className="rounded-2xl border border-slate-200/80 bg-white/90 p-5 shadow-xl shadow-brand-900/10 backdrop-blur">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              Frankfurt DC · Room A · pCDU 1
            </p>
            <p className="mt-1 text-sm font-semibold text-ink">Cooling overview</p>
          </div>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-medium text-emerald-700">
            <span className="h-1.5 w-1.5 rounded-full bg-emerald-500" />
            Live
          </span>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-3">
          {tiles.map((tile) => (
            <div key={tile.label} className="rounded-xl bg-slate-50 px-3 py-2.5">
              <p className="text-xs text-slate-500">{tile.label}</p>
              <p className="mt-0.5 text-lg font-semibold text-ink tabular-nums">
                {tile.value}
                <span className="ml-1 text-xs font-medium text-slate-500">{tile.unit}</span>
              </p>
            </div>
          ))}
        </div>
        <div className="mt-4 rounded-xl border border-slate-100 p-3">
          <p className="text-xs text-slate-500">Cooling power, last 6 hours</p>
          <svg viewBox="0 0 300 80" className="mt-2 h-20 w-full" preserveAspectRatio="none">
            <path
              d="M0 60 C30 55 45 40 75 42 S120 58 150 46 S200 20 225 26 S270 38 300 22 V80 H0Z"
              className="fill-brand-100"
            />
            <path
              d="M0 60 C30 55 45 40 75 42 S120 58 150 46 S200 20 225 26 S270 38 300 22"
              fill="none"
              strokeWidth="2.5"
              className="stroke-brand-600"
            />
          </svg>
        </div>
        <div className="mt-4 flex items-start gap-3 rounded-xl bg-brand-50 p-3">
          <span className="mt-0.5 rounded-lg bg-brand-600 p-1.5 text-white">
            <svg
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M11 3l1.9 4.9L18 10l-5.1 2.1L11 17l-1.9-4.9L4 10l5.1-2.1z" />
            </svg>
          </span>
          <p className="text-sm text-brand-900">
            <span className="font-semibold">AI recommendation:</span> raise the ΔT setpoint to 15.0
            K to cut facility pump energy overnight.
          </p>
        </div>
      </div>
    </div>
  );
}
