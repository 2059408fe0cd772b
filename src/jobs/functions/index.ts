// The explicit list of functions: served to a real Inngest server and run by the embedded executor.
import { executeRun } from "./execute-run.ts";
import { startBatch } from "./start-batch.ts";

export const functions = [executeRun, startBatch];
