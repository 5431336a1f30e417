-- Run kind "audit" is the specification–oracle audit; "audit" alone now names stage 5 only.
ALTER TYPE "RunKind" RENAME VALUE 'audit' TO 'oracle_audit';
