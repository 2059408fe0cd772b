import type { ReactNode } from "react";
import "./globals.css";

export const metadata = { title: "Agent Workforce", description: "Hand work to AI agents; review what they are unsure of." };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
