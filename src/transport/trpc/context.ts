// Request context shared by the REST adapter and the dashboard's tRPC transport.
import type { THeaderReader } from "../../domains/auth/authenticate.ts";

export type TContext = {
  requestId: string;
  header: THeaderReader;
  setHeader: (name: string, value: string) => void;
  /** Overrides the success status of this response (e.g. 503 from the health check). */
  setStatus: (status: number) => void;
};
