import Link from "next/link";

export default function ForbiddenPage() {
  return (
    <div className="signin panel">
      <h1>Not for your role</h1>
      <p className="muted">Your account does not have a role that opens this page. An admin can change your roles.</p>
      <Link href="/">Back to your start page</Link>
    </div>
  );
}
