// One handler per run kind: adding a kind to RUN_KINDS without a handler here is a type error.
import { handleCalibrate } from "./calibrate";
import { handleCheckout } from "./checkout";
import { handleCollect } from "./collect";
import { handleCounterfactual } from "./counterfactual";
import { handleGrade } from "./grade";
import { handleMine } from "./mine";
import { handleOracleAudit } from "./oracle_audit";
import { handleReplay } from "./replay";
import { withReportHint } from "@/lib/verifier/recipes";
import { withRunContext, type THandlers } from "./types";

export const HANDLERS: THandlers = {
  checkout: handleCheckout,
  collect: handleCollect,
  calibrate: handleCalibrate,
  replay: handleReplay,
  oracle_audit: withRunContext(handleOracleAudit),
  // A counterfactual's missing report names the runner's option, as every verifier run's does.
  counterfactual: withRunContext(async (context, runner) => {
    const result = await handleCounterfactual(context, runner);
    return { ...result, message: withReportHint(result.message, context.execute.testCommand) };
  }),
  grade: handleGrade,
  mine: handleMine,
};

export type { Handler, RunHandler, TRunContext } from "./types";
