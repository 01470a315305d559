import { useQuery } from '@tanstack/react-query';
import { ME_PATH, roleAllows, type Me, type Role } from '@brezza/contract';
import { useApiClient } from './api-client';
import { useSession } from './auth';

/**
 * The signed-in user's role, from `GET /api/me`: pages offer only the controls it allows (the
 * server enforces the same rule on every call). While it loads, nothing needing a role shows.
 */
export function useMe(): { me: Me | undefined; can: (needed: Role) => boolean } {
  const session = useSession();
  const request = useApiClient();
  const userId = session.status === 'signed-in' ? session.userId : null;
  const query = useQuery({
    queryKey: ['me', userId ?? ''],
    queryFn: async () => {
      // The schema (and zod) come in their own chunk: the navigation calling this is part of
      // every page's first load, which has a budget (issue 10).
      const [{ meSchema }, body] = await Promise.all([
        import('./me-schema'),
        request<unknown>(ME_PATH),
      ]);
      return meSchema.parse(body);
    },
    enabled: userId !== null,
    staleTime: 60_000,
  });
  const me = query.data;
  return { me, can: (needed) => me !== undefined && roleAllows(me.role, needed) };
}
