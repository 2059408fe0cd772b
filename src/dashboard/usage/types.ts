// The usage page's data, as the procedures return it.
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";

type TOutputs = inferRouterOutputs<TAppRouter>;
export type TUsageSummary = TOutputs["usage"]["summary"];
export type TUsageDay = TOutputs["usage"]["daily"]["data"][number];
export type TAgentUsage = TOutputs["usage"]["byAgent"]["data"][number];
export type TMemberUsage = TOutputs["usage"]["members"]["data"][number];
export type TLedgerEntry = TOutputs["usage"]["history"]["data"][number];
