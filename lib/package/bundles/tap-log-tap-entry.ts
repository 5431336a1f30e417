import { parseTap } from "../../runner/parsers/tap";
import { printTapLog } from "./tap-log-entry";

printTapLog((text, roots) => parseTap(text, { roots }), true);
