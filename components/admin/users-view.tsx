"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import { ROLES, type TRole } from "@/lib/auth/roles";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

type User = { id: string; email: string; name: string; roles: TRole[]; version: number };

export function UsersView() {
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: queryKeys.users(), queryFn: () => api<User[]>("/api/admin/users") });
  const [error, setError] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (u: { id: string; roles: TRole[]; version: number }) =>
      api<User>(`/api/admin/users/${u.id}`, { method: "PATCH", body: { roles: u.roles, version: u.version } }),
    // Optimistic: the box flips at once; a refusal puts it back and says why.
    onMutate: async (u) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.users() });
      const previous = queryClient.getQueryData<User[]>(queryKeys.users());
      queryClient.setQueryData<User[]>(queryKeys.users(), (list) => list?.map((x) => (x.id === u.id ? { ...x, roles: u.roles } : x)));
      return { previous };
    },
    onSuccess: () => setError(null),
    onError: (e, _u, context) => {
      queryClient.setQueryData(queryKeys.users(), context?.previous);
      setError((e as ApiError).message);
    },
    onSettled: () => void refreshQueries(queryClient, { queryKey: queryKeys.users() }),
  });

  const toggle = (user: User, role: TRole) => {
    const roles = user.roles.includes(role) ? user.roles.filter((r) => r !== role) : [...user.roles, role];
    update.mutate({ id: user.id, roles, version: user.version });
  };

  return (
    <>
      <h1>Users and roles</h1>
      {error && <p className="error" role="alert">{error}</p>}
      <table>
        <thead><tr><th>Name</th><th>Email</th>{ROLES.map((r) => <th key={r}>{r}</th>)}</tr></thead>
        <tbody>
          {users.data?.map((user) => (
            <tr key={user.id} data-email={user.email}>
              <td>{user.name}</td>
              <td>{user.email}</td>
              {ROLES.map((role) => (
                <td key={role}>
                  <input type="checkbox" aria-label={`${user.email} ${role}`} checked={user.roles.includes(role)}
                    disabled={update.isPending} onChange={() => toggle(user, role)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
