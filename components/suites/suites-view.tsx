"use client";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { ErrorText } from "@/components/ui/error-text";
import { Form } from "@/components/ui/form";
import { refreshQueries } from "@/components/ui/refresh-queries";

type Suite = { id: string; name: string; description: string; families: number; candidates: number };

export function SuitesView({ canCreate }: { canCreate: boolean }) {
  const queryClient = useQueryClient();
  const suites = useQuery({ queryKey: queryKeys.suites(), queryFn: () => api<Suite[]>("/api/suites") });
  const [error, setError] = useState<ApiError | null>(null);
  const create = useMutation({
    mutationFn: (body: { name: string; description: string }) => api<Suite>("/api/suites", { body }),
    onSuccess: () => {
      setError(null);
      void refreshQueries(queryClient, { queryKey: queryKeys.suites() });
    },
    onError: (e) => setError(e as ApiError),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({ name: String(form.get("name")), description: String(form.get("description") ?? "") });
  }

  return (
    <>
      <h1>Suites</h1>
      {suites.isPending && <p className="muted">Loading…</p>}
      <ErrorText error={suites.error} />
      {suites.data && (
        <table>
          <thead>
            <tr><th>Suite</th><th>Description</th><th>Families</th><th>Candidates</th></tr>
          </thead>
          <tbody>
            {suites.data.map((suite) => (
              <tr key={suite.id}>
                <td><Link href={`/suites/${suite.id}`}>{suite.name}</Link></td>
                <td>{suite.description}</td>
                <td>{suite.families}</td>
                <td>{suite.candidates}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canCreate && (
        <Form className="panel row" style={{ marginTop: 16 }} onSubmit={onSubmit}>
          <label>Name<input name="name" placeholder="specpath-v1" required /></label>
          <label className="grow">Description<input name="description" /></label>
          <button className="primary" disabled={create.isPending}>Create suite</button>
          {error && <p className="error" role="alert" style={{ width: "100%" }}>{error.message}</p>}
        </Form>
      )}
    </>
  );
}
