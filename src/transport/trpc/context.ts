// Request context shared by the REST adapter and the dashboard's tRPC transport.
import type { THeaderReader, TPrincipal } from "../../domains/auth/authenticate.ts";
import type { TCredentials } from "../authorize.ts";

/**
 * An authorization the transport already decided for this request, before reading its body
 * (the REST handler): the procedure it was decided for and the principal it yielded. The
 * API middleware reuses it for that procedure instead of authenticating a second time.
 */
export type TPreauthorized = { procedurePath: string; principal: TPrincipal };

export type TContext = {
  requestId: string;
  /** How this transport's callers authenticate: API keys (/v1) or a dashboard session. */
  credentials: TCredentials;
  header: THeaderReader;
  setHeader: (name: string, value: string) => void;
  /** Overrides the success status of this response (e.g. 503 from the health check). */
  setStatus: (status: number) => void;
  preauthorized?: TPreauthorized;
  /** The transport already bounded and checked the raw input (src/foundation/json-input.ts). */
  inputChecked?: boolean;
};
