// Started by `npm start` beside the web server and the workers: freezes the fully built demo
// family once its gates are green (lib/package/freeze-demo-when-green.ts), then exits.
import { COMPLETE_DEMO_TITLE } from "../lib/demo/seed";
import { freezeDemoWhenGreen } from "../lib/package/freeze-demo-when-green";
import { disconnectDb } from "../lib/db/client";

const minutes = Number(process.env.STUDIO_DEMO_FREEZE_WAIT_MIN ?? 20);
await freezeDemoWhenGreen(COMPLETE_DEMO_TITLE, { timeoutMs: minutes * 60_000, log: (line) => console.log(`[studio] ${line}`) });
await disconnectDb();
