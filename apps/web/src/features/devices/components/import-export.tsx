import { useId, useState } from 'react';
import type { HierarchyFormat, ImportResult } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { exportHierarchy } from '../api/export-hierarchy';
import { useImportHierarchy } from '../api/import-hierarchy';
import { useDevicesSession } from '../hooks/devices-session';

/** Rows the preview lists; beyond them it counts. */
const PREVIEW_ROWS = 200;

const OUTCOME_STYLE: Record<string, string> = {
  created: 'bg-emerald-50 text-emerald-800',
  changed: 'bg-amber-50 text-amber-800',
  unchanged: 'bg-slate-100 text-slate-600',
  refused: 'bg-red-50 text-red-700',
};

/** Saves text as a file the browser downloads. */
function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * 'Export' (CSV or JSON of the whole hierarchy) and 'Import' (a file, previewed row by row by a
 * dry run, then applied all or nothing), issue 16.
 */
export function ImportExport() {
  const { request } = useDevicesSession();
  const [importing, setImporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<HierarchyFormat | null>(null);

  const onExport = async (format: HierarchyFormat) => {
    setExporting(format);
    setExportError(null);
    try {
      const text = await exportHierarchy(request, format);
      const date = new Date().toISOString().slice(0, 10);
      download(
        text,
        `hierarchy-${date}.${format}`,
        format === 'csv' ? 'text/csv' : 'application/json',
      );
    } catch (failure) {
      setExportError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
          Import
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={exporting !== null}
          onClick={() => void onExport('csv')}
        >
          {exporting === 'csv' ? 'Exporting...' : 'Export CSV'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={exporting !== null}
          onClick={() => void onExport('json')}
        >
          {exporting === 'json' ? 'Exporting...' : 'Export JSON'}
        </Button>
      </div>
      {exportError && <Alert tone="error">{exportError}</Alert>}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </div>
  );
}

function ImportDialog({ onClose }: { onClose(): void }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const importer = useImportHierarchy();
  const busy = importer.isPending;

  const run = (dryRun: boolean) => {
    if (!file) return;
    importer.mutate(
      { file, dryRun },
      { onSuccess: (result) => (dryRun ? setPreview(result) : setDone(result)) },
    );
  };
  const shown = done ?? preview;
  const listed = shown ? shown.rows.filter((row) => row.outcome !== 'unchanged') : [];

  return (
    <Dialog title="Import Hierarchy" onClose={onClose} busy={busy}>
      <div className="flex flex-col gap-4">
        {importer.error && <Alert tone="error">{importer.error.message}</Alert>}
        {done ? (
          <Alert tone="success">
            Imported: {done.counts.created} created, {done.counts.changed} changed.
          </Alert>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              A CSV or JSON file as Export writes it: datacenters, rooms, racks and where each
              server sits (by machine ID). Nothing is deleted. Preview first; applying writes every
              row or none.
            </p>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={fileId} className="text-sm font-medium text-slate-700">
                File
              </label>
              <input
                id={fileId}
                type="file"
                accept=".csv,.json,text/csv,application/json"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setPreview(null);
                  importer.reset();
                }}
                className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
            </div>
          </>
        )}
        {shown && (
          <section aria-label="Import preview" className="flex flex-col gap-2">
            <p className="text-sm font-medium text-ink" data-testid="import-counts">
              {shown.counts.created} created · {shown.counts.changed} changed ·{' '}
              {shown.counts.unchanged} unchanged · {shown.counts.refused} refused
            </p>
            {listed.length > 0 && (
              <ul className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 text-sm">
                {listed.slice(0, PREVIEW_ROWS).map((row) => (
                  <li
                    key={row.row}
                    className="flex flex-wrap items-baseline gap-x-2 border-b border-slate-100 px-3 py-1.5 last:border-0"
                  >
                    <span className="w-12 shrink-0 text-xs text-slate-400">row {row.row}</span>
                    <span
                      className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME_STYLE[row.outcome]}`}
                    >
                      {row.outcome}
                    </span>
                    <span className="min-w-0 break-words text-ink">
                      {row.type} {row.name}
                    </span>
                    {row.detail && (
                      <span className="basis-full pl-14 text-xs text-slate-500">{row.detail}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {listed.length > PREVIEW_ROWS && (
              <p className="text-xs text-slate-500">
                … and {listed.length - PREVIEW_ROWS} more rows that change or are refused.
              </p>
            )}
            {!done && shown.counts.refused > 0 && (
              <p className="text-sm text-red-700">
                Refused rows must be fixed in the file before it can be imported.
              </p>
            )}
          </section>
        )}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {done ? 'Close' : 'Cancel'}
          </Button>
          {!done && !preview && (
            <Button disabled={!file || busy} onClick={() => run(true)}>
              {busy ? 'Checking...' : 'Preview'}
            </Button>
          )}
          {!done && preview && (
            <Button disabled={busy || preview.counts.refused > 0} onClick={() => run(false)}>
              {busy ? 'Importing...' : 'Apply import'}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
