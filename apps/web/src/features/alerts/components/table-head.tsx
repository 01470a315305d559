/** The alerts page's tables' header row (history, deliveries). */
export function TableHead({ titles }: { titles: readonly string[] }) {
  return (
    <thead className="bg-slate-50 text-xs text-slate-600">
      <tr>
        {titles.map((title) => (
          <th key={title} scope="col" className="px-3 py-2 text-left font-semibold">
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}
