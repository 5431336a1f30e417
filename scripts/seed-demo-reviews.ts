// Run by the seed as `node --conditions=react-server --import tsx`: the review code
// paths are server modules (`import "server-only"`), so they load under the server condition.
import { disconnectDb } from "../lib/db/client";
import { runDemoReviewsFor } from "../lib/demo/demo-reviews";

const title = process.argv[2];
if (!title) throw new Error("usage: seed-demo-reviews <family title>");
await runDemoReviewsFor(title);
await disconnectDb();
