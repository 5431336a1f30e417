import { SuitesView } from "@/components/suites/suites-view";

// Static: proxy.ts opens it to curators, leads and admins only, and each of them may create a suite.
export default function SuitesPage() {
  return <SuitesView canCreate />;
}
