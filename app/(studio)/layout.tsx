import type { ReactNode } from "react";
import { requirePageUser } from "@/lib/auth/page-guard";
import { AppShell } from "@/components/shell/app-shell";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return <AppShell user={user}>{children}</AppShell>;
}
