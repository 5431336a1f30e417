import "server-only";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { pythonOfCommand, usesPytest, languageOfCommand, type TRuntimeFacts } from "./environment";

const run = promisify(execFile);

async function output(file: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await run(file, args, { timeout: 20_000, env: { ...process.env, LANG: "C" } });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/**
 * The runtime versions the sandbox shows the verifier (it sees this machine's `node` and
 * `python3` read-only): Node's, the test command's Python and, when it runs pytest, the pytest
 * version collection used. Recorded at freeze into the family's environment.
 */
export async function recordRuntimeFacts(testCommand: string): Promise<TRuntimeFacts> {
  const node = process.version.replace(/^v/, "");
  if (languageOfCommand(testCommand) !== "python") return { node, python: null, pytest: null };
  const python = pythonOfCommand(testCommand);
  const [version, pytest] = await Promise.all([
    output(python, ["-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])"]),
    usesPytest(testCommand) ? output(python, ["-c", "import pytest; print(pytest.__version__)"]) : Promise.resolve(null),
  ]);
  return { node, python: version, pytest };
}
