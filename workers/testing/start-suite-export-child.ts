// A stand-in for the web process in restart tests: starts a suite export as the route does,
// prints the job's id, and stays up until it is killed.
import { startSuiteExport } from "@/lib/package/start-suite-export";

const [actorId, suiteId] = process.argv.slice(2);
const job = await startSuiteExport(actorId!, suiteId!);
process.stdout.write(`${job.id}\n`);
setInterval(() => undefined, 60_000);
