-- A counterfactual is a run kind of its own (it was an `oracle_audit` run found by a lookup of OracleCounterfactual.runId).
ALTER TYPE "RunKind" ADD VALUE 'counterfactual';
