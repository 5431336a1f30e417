"use client";
// Any page that failed on the server. When the cause is the database being away
// (restarting after a crash), say so and recover on our own once it is back.
import { useRouter } from "next/navigation";
import { startTransition, useEffect, useState } from "react";

export default function PageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const [databaseDown, setDatabaseDown] = useState<boolean | null>(null);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const down = await fetch("/api/health", { cache: "no-store" })
        .then((res) => !res.ok)
        .catch(() => true);
      if (stopped) return;
      setDatabaseDown(down);
      if (!down && databaseDown) {
        startTransition(() => {
          router.refresh();
          reset();
        });
      }
    };
    void check();
    const timer = setInterval(() => void check(), 3000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [databaseDown, reset, router]);

  return (
    <main style={{ maxWidth: 640, margin: "64px auto", padding: 16 }} role="alert" data-testid="page-error">
      {databaseDown ? (
        <>
          <h1>The database is unavailable</h1>
          <p>The studio is restarting its database or cannot reach it. This page reloads on its own as soon as it is back; nothing you saved is lost.</p>
        </>
      ) : (
        <>
          <h1>This page could not be shown</h1>
          <p>Something went wrong on the server; the details are in the server log.</p>
          <button type="button" onClick={() => startTransition(() => { router.refresh(); reset(); })}>
            Try again
          </button>
        </>
      )}
    </main>
  );
}
