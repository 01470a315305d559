import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROLES, ROLE_LABELS, type Role } from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useApiClient } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { useSetRole, usersQueryOptions } from '../api/users';

const ROLE_HELP: Record<Role, string> = {
  viewer: 'reads everything',
  operator: 'also edits the hierarchy, changes equipment and acknowledges alerts',
  admin: 'also makes app tokens, buys plans and sets roles',
};

/** /users: the organisation's users and their roles; admins change them. */
export function UsersRoute() {
  const request = useApiClient();
  const { me, can } = useMe();
  const users = useQuery({ ...usersQueryOptions(request), enabled: can('admin') });
  const setRole = useSetRole();
  const [error, setError] = useState<string | null>(null);

  return (
    <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Users</h1>
      <ul className="mt-2 text-sm text-slate-600">
        {ROLES.map((role) => (
          <li key={role}>
            <strong>{ROLE_LABELS[role]}</strong>: {ROLE_HELP[role]}.
          </li>
        ))}
      </ul>
      {me && !can('admin') && (
        <Alert tone="info" className="mt-4">
          You are {me.role === 'operator' ? 'an operator' : 'a viewer'}. Only admins see and change
          users' roles.
        </Alert>
      )}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      {users.isPending && can('admin') && <Spinner />}
      {users.data && (
        <Card className="mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Name
                </th>
                {/* On a phone the e-mail goes under the name, so that the role stays in view. */}
                <th scope="col" className="hidden px-3 py-2 text-left font-semibold sm:table-cell">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Role
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {users.data.map((user) => (
                <tr key={user.id}>
                  <td className="px-3 py-2 text-ink">
                    {user.name}
                    {user.status === 'disabled' && (
                      <span className="ml-2 text-xs text-slate-500">(disabled)</span>
                    )}
                    <span className="block break-all text-xs text-slate-600 sm:hidden">
                      {user.email}
                    </span>
                  </td>
                  <td className="hidden px-3 py-2 text-slate-600 sm:table-cell">{user.email}</td>
                  <td className="px-3 py-2">
                    <select
                      aria-label={`Role of ${user.name}`}
                      value={user.role}
                      disabled={setRole.isPending}
                      onChange={(event) => {
                        setError(null);
                        setRole.mutate(
                          { id: user.id, role: event.target.value as Role },
                          { onError: (failure) => setError(failure.message) },
                        );
                      }}
                      className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </main>
  );
}
