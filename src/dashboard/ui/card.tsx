import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("rounded-lg border bg-card text-card-foreground shadow-xs", className)} {...props} />;
}
export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1 p-4 pb-2", className)} {...props} />;
}
/**
 * A card's heading. Cards sit under a page's h1 (PageHeader), so level 2 by default; a card
 * that is the page itself (sign-in, an invitation) is level 1, a card inside a section 3.
 */
export function CardTitle({ className, level = 2, ...props }: ComponentProps<"h2"> & { level?: 1 | 2 | 3 }) {
  const Heading = `h${level}` as const;
  return <Heading className={cn("font-semibold leading-tight", className)} {...props} />;
}
export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-4 pt-2", className)} {...props} />;
}
