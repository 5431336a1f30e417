// A stand-in for the web process in restart tests: starts an import as the route does,
// prints the import's id, and stays up until it is killed.
import { startImport } from "@/lib/anchoring/imports/start-import";
import { ZStartImportSchema } from "@/lib/schemas/imports";

const [actorId, suiteId, input] = process.argv.slice(2);
const job = await startImport(actorId!, suiteId!, ZStartImportSchema.parse(JSON.parse(input!)));
process.stdout.write(`${job.id}\n`);
setInterval(() => undefined, 60_000);
