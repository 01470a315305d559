import { useMutation, useQueryClient, queryOptions } from '@tanstack/react-query';
import {
  USERS_PATH,
  organisationUserSchema,
  userRolePath,
  usersListSchema,
  type OrganisationUser,
  type Role,
} from '@brezza/contract';
import { useApiClient, type ApiRequest } from '@/lib/api-client';

type Request = <T>(path: string, request?: ApiRequest) => Promise<T>;

const usersKey = ['users'] as const;

/** GET /api/users: the organisation's users and their roles (admins only). */
export const usersQueryOptions = (request: Request) =>
  queryOptions({
    queryKey: usersKey,
    queryFn: async () =>
      usersListSchema.parse(
        await request<unknown>(USERS_PATH, { fallbackError: 'Failed to load users: {status}' }),
      ).users,
  });

/** PUT /api/users/{id}/role. */
export function useSetRole() {
  const request = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, role }: { id: number; role: Role }): Promise<OrganisationUser> =>
      organisationUserSchema.parse(
        await request<unknown>(userRolePath(id), {
          method: 'PUT',
          body: { role },
          fallbackError: 'Failed to change the role: {status}',
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
