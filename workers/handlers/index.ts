// One handler per run kind: adding a kind to RUN_KINDS without a handler here is a type error.
import { handleCalibrate } from "./calibrate";
import { handleCheckout } from "./checkout";
import { handleCollect } from "./collect";
import { handleCounterfactual } from "./counterfactual";
import { handleGrade } from "./grade";
import { handleMine } from "./mine";
import { handleOracleAudit } from "./oracle_audit";
import { handleReplay } from "./replay";
import type { THandlers } from "./types";

export const HANDLERS: THandlers = {
  checkout: handleCheckout,
  collect: handleCollect,
  calibrate: handleCalibrate,
  replay: handleReplay,
  oracle_audit: handleOracleAudit,
  counterfactual: handleCounterfactual,
  grade: handleGrade,
  mine: handleMine,
};

export type { Handler, TRunContext } from "./types";
