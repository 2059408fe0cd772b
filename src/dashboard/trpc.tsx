"use client";
// The dashboard's tRPC client: the same procedures /v1 exposes, over /api/trpc with the
// session cookie. Queries and mutations are batched over HTTP; subscriptions (the live
// triage queue) arrive as Server-Sent Events.
import { QueryCache, QueryClient, QueryClientProvider, MutationCache } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { TAppRouter } from "../transport/trpc/root";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<TAppRouter>();

const TRPC_URL = "/api/trpc";

/** A signed-out (or expired) session: back to the sign-in page, then here again. */
function onAuthError(error: unknown): void {
  const type = (error as { data?: { body?: { type?: string } } })?.data?.body?.type;
  if (type === "authentication_error" && typeof window !== "undefined" && window.location.pathname !== "/sign-in") {
    const next = encodeURIComponent(window.location.pathname + window.location.search);
    window.location.assign(`/sign-in?next=${next}`);
  }
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onAuthError }),
    mutationCache: new MutationCache({ onError: onAuthError }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        // A typed 4xx will not change on retry; a network blip might.
        retry: (failureCount, error) => failureCount < 2 && !(error as { data?: { httpStatus?: number } })?.data?.httpStatus,
      },
    },
  });
}

export function DashboardProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(() =>
    createTRPCClient<TAppRouter>({
      links: [
        splitLink({
          condition: (operation) => operation.type === "subscription",
          true: httpSubscriptionLink({ url: TRPC_URL }),
          // The server refuses batches of more than TRPC_MAX_BATCH_SIZE (at least 10) procedures.
          false: httpBatchLink({ url: TRPC_URL, maxItems: 10 }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
