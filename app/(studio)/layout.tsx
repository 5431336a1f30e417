import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";

// Reads no session: the shell is prerendered and fills in the user from /api/me; proxy.ts guards the pages.
export default function StudioLayout({ children }: { children: ReactNode }) {
  return <AppShell>{children}</AppShell>;
}
