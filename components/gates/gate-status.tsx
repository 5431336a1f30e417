export function GateStatus({ status }: { status: "pass" | "fail" | "pending" }) {
  const label = status === "pass" ? "pass" : status === "fail" ? "fail" : "pending";
  return <span className={`chip status-${status}`} data-status={status}>{label}</span>;
}
