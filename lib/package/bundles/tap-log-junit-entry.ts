import { parseJUnit } from "../../runner/parsers/junit";
import { printTapLog } from "./tap-log-entry";

printTapLog((text, roots) => parseJUnit(text, { roots }), false);
