"use client";
// The frame around every dashboard page: navigation (by role), organization switcher,
// live/test mode switch and sign-out. At phone width the navigation folds into a menu.
import {
  BarChart3Icon,
  BellRingIcon,
  BotIcon,
  GaugeIcon,
  InboxIcon,
  KeyRoundIcon,
  LayersIcon,
  LogOutIcon,
  MenuIcon,
  PlayIcon,
  UsersIcon,
  WebhookIcon,
} from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { authClient } from "../lib/auth-client";
import { cn } from "../lib/cn";
import { switchMode, switchOrganization } from "../lib/selection";
import { Button } from "../ui/button";
import { ErrorMessage, Loading } from "../ui/feedback";
import { Select } from "../ui/input";
import { invitationsQueryOptions, PendingInvitations } from "../invitations/pending-invitations";
import { useTRPC } from "../trpc";
import { SessionGate, useSession } from "./session-context";
import { runDetached } from "../lib/detached";

type TNavItem = { href: string; label: string; icon: typeof InboxIcon; adminOnly?: boolean };

const NAV: TNavItem[] = [
  { href: "/triage", label: "Triage", icon: InboxIcon },
  { href: "/runs", label: "Runs", icon: PlayIcon },
  { href: "/batches", label: "Batches", icon: LayersIcon },
  { href: "/agents", label: "Agents", icon: BotIcon },
  { href: "/quality", label: "Quality", icon: GaugeIcon },
  { href: "/review-routing", label: "Review routing", icon: BellRingIcon },
  { href: "/usage", label: "Usage", icon: BarChart3Icon },
  { href: "/webhooks", label: "Webhooks", icon: WebhookIcon },
  { href: "/keys", label: "API keys", icon: KeyRoundIcon, adminOnly: true },
  { href: "/members", label: "Members", icon: UsersIcon, adminOnly: true },
];

export function DashboardShell({ children }: { children: ReactNode }) {
  // The invitation banner sits above every page: the frame waits for it as it waits for the
  // session (both load at once), so a banner never pushes a loaded page down (layout shift).
  const invitations = useQuery(invitationsQueryOptions(useTRPC()));
  return (
    <SessionGate
      ready={!invitations.isPending}
      fallback={({ error }) => (
        <main className="mx-auto grid max-w-lg gap-4 p-6">
          {error ? (
            <>
              <PendingInvitations />
              <ErrorMessage error={error} />
            </>
          ) : (
            <Loading label="Loading your organization" />
          )}
        </main>
      )}
    >
      <Frame>{children}</Frame>
    </SessionGate>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const session = useSession();
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  const isAdmin = session.current.role === "admin";
  const testMode = session.current.mode === "test";

  return (
    <div className="min-h-screen md:grid md:grid-cols-[14rem_1fr]">
      <aside className="border-b bg-muted/30 md:min-h-screen md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-2 p-3">
          <Link href="/triage" className="font-semibold">
            Agent Workforce
          </Link>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="dashboard-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
          </Button>
        </div>
        <nav id="dashboard-nav" aria-label="Dashboard" className={cn("grid gap-1 px-2 pb-3", menuOpen ? "block" : "hidden md:grid")}>
          {NAV.filter((item) => isAdmin || !item.adminOnly).map((item) => {
            const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? "page" : undefined}
                onClick={() => setMenuOpen(false)}
                className={cn(
                  "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent",
                  active && "bg-accent font-medium",
                )}
              >
                <item.icon className="size-4" aria-hidden />
                {item.label}
              </Link>
            );
          })}
        </nav>
      </aside>
      <div className="min-w-0">
        <header className="flex flex-wrap items-center gap-2 border-b px-4 py-2">
          <label className="sr-only" htmlFor="organization-switcher">
            Organization
          </label>
          <Select
            id="organization-switcher"
            value={session.current.organization_id}
            onChange={(event) => switchOrganization(event.target.value)}
            className="max-w-[12rem]"
          >
            {session.memberships.map((membership) => (
              <option key={membership.organization_id} value={membership.organization_id}>
                {membership.organization_name}
              </option>
            ))}
          </Select>
          <button
            type="button"
            role="switch"
            aria-checked={testMode}
            aria-label="Test mode"
            onClick={() => switchMode(testMode ? "live" : "test")}
            className="flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className={cn("relative inline-flex h-5 w-9 items-center rounded-full transition-colors", testMode ? "bg-warning" : "bg-input")}>
              <span className={cn("inline-block size-4 rounded-full bg-white shadow transition-transform", testMode ? "translate-x-4" : "translate-x-0.5")} />
            </span>
            Test mode
          </button>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <span className="hidden text-muted-foreground sm:inline" data-testid="signed-in-as">
              {session.user.name} · {session.current.role}
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => runDetached(authClient.signOut().then(() => window.location.assign("/sign-in")), "signing out")}
            >
              <LogOutIcon aria-hidden />
              Sign out
            </Button>
          </div>
        </header>
        <PendingInvitations />
        {testMode ? (
          <div role="note" className="bg-warning/25 px-4 py-1 text-center text-xs font-medium">
            Test mode: you are viewing test data. Test runs use no credits.
          </div>
        ) : null}
        <main className="mx-auto w-full max-w-6xl p-4 md:p-6">{children}</main>
      </div>
    </div>
  );
}

/** A page's title, description and actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-xl font-semibold">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
