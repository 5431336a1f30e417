"use client";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Form } from "@/components/ui/form";

export function SignInForm({ github }: { github: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
    setBusy(false);
    // "CredentialsSignin" is a plain wrong password; anything else is the server's sentence (throttled, database away).
    if (!result || result.error) return setError(!result || result.error === "CredentialsSignin" ? "Wrong email or password." : result.error);
    router.replace("/");
    router.refresh();
  }

  return (
    <Form onSubmit={onSubmit}>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button className="primary" type="submit" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </button>
      {github && (
        <button type="button" onClick={() => signIn("github", { callbackUrl: "/" })}>
          Sign in with GitHub
        </button>
      )}
    </Form>
  );
}
