import type { ReactNode } from "react";

export const metadata = { title: "Agent Workforce", description: "Hand work to AI agents; review what they are unsure of." };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: "2rem auto", maxWidth: 760, lineHeight: 1.5 }}>{children}</body>
    </html>
  );
}
