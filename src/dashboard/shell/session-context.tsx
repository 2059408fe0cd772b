"use client";
// The signed-in member as every dashboard page sees it: user, current organization, role,
// mode and scopes (session.me). Pages use it to hide what the server would refuse; the
// server still decides.
import { useQuery } from "@tanstack/react-query";
import { createContext, useContext, type ReactNode } from "react";
import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "../../transport/trpc/root";
import { useTRPC } from "../trpc";

export type TSession = inferRouterOutputs<TAppRouter>["session"]["me"];

const SessionContext = createContext<TSession | null>(null);

export function useSession(): TSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside the dashboard shell");
  return session;
}

/** Whether the current role grants a scope (the UI hides what the server would refuse). */
export function useCan(scope: string): boolean {
  return useSession().current.scopes.includes(scope);
}

export function useIsAdmin(): boolean {
  return useSession().current.role === "admin";
}

/** Renders `children` once the session has loaded and `ready` holds (what else the frame waits for). */
export function SessionGate({
  children,
  fallback,
  ready = true,
}: {
  children: ReactNode;
  fallback: (state: { error: unknown }) => ReactNode;
  ready?: boolean;
}) {
  const trpc = useTRPC();
  const session = useQuery(trpc.session.me.queryOptions(undefined, { staleTime: 60_000 }));
  if (!session.data || !ready) return <>{fallback({ error: session.error })}</>;
  return <SessionContext.Provider value={session.data}>{children}</SessionContext.Provider>;
}
