// Run kind `oracle_audit`: the specification–oracle audit. Not built yet — the
// oracle-audit issue replaces this file; until then such a run fails, saying so.
import { EMPTY_RESULT, type Handler } from "./types";

export const handleOracleAudit: Handler = async () => ({
  ...EMPTY_RESULT,
  message: "The specification–oracle audit is not available yet: no handler for oracle_audit runs.",
});
