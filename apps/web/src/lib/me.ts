import { useQuery } from '@tanstack/react-query';
import { ME_PATH, meSchema, roleAllows, type Me, type Role } from '@brezza/contract';
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
    queryFn: async () => meSchema.parse(await request<unknown>(ME_PATH)),
    enabled: userId !== null,
    staleTime: 60_000,
  });
  const me = query.data;
  return { me, can: (needed) => me !== undefined && roleAllows(me.role, needed) };
}
