import { redirect } from "next/navigation";
import { optionalPageUser } from "@/lib/auth/page-guard";
import { homeFor } from "@/lib/auth/roles";

export default async function Home() {
  const user = await optionalPageUser();
  redirect(user ? homeFor(user.roles) : "/signin");
}
