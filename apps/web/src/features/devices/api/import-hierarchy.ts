import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HIERARCHY_IMPORT_PATH, importResultSchema, type ImportResult } from '@brezza/contract';
import { useDevicesSession } from '../hooks/devices-session';
import type { Request } from './request';

/**
 * POST /api/hierarchy/import?dryRun=… (issue 16) with the chosen file: JSON when its name ends
 * in .json, else CSV (whatever type the browser guessed for it).
 */
export async function importHierarchy(
  request: Request,
  file: File,
  dryRun: boolean,
): Promise<ImportResult> {
  const json = file.name.toLowerCase().endsWith('.json');
  const body = new Blob([file], { type: json ? 'application/json' : 'text/csv' });
  const answer = await request<unknown>(`${HIERARCHY_IMPORT_PATH}?dryRun=${dryRun}`, {
    method: 'POST',
    raw: body,
    fallbackError: 'Failed to import the hierarchy: {status}',
  });
  return importResultSchema.parse(answer);
}

/** A dry run, or the import itself; after a real one every list is read again. */
export function useImportHierarchy() {
  const { request, changed } = useDevicesSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) =>
      importHierarchy(request, file, dryRun),
    onSuccess: async (result) => {
      if (!result.applied) return;
      changed();
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}
