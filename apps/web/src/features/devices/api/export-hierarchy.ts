import { HIERARCHY_EXPORT_PATH, type HierarchyFormat } from '@brezza/contract';
import type { Request } from './request';

/** GET /api/hierarchy/export?format=csv|json (issue 16): the file's text. */
export function exportHierarchy(request: Request, format: HierarchyFormat): Promise<string> {
  return request<string>(`${HIERARCHY_EXPORT_PATH}?format=${format}`, {
    answer: 'text',
    fallbackError: 'Failed to export the hierarchy: {status}',
  });
}
