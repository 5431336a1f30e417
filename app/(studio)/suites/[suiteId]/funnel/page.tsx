import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/page-guard";
import { getSuite } from "@/lib/suites/list-suites";
import { FunnelView } from "@/components/anchoring/screening/funnel-view";

export default async function FunnelPage({ params }: { params: Promise<{ suiteId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { suiteId } = await params;
  const suite = await getSuite(suiteId);
  if (!suite) notFound();
  return (
    <>
      <p className="muted"><Link href="/suites">Suites</Link> / <Link href={`/suites/${suite.id}`}>{suite.name}</Link> /</p>
      <h1>Candidate funnel</h1>
      <FunnelView suiteId={suite.id} canCurate={user.roles.includes("curator")} />
    </>
  );
}
