// The person signed in on the request being rendered (server components), or null.
import { headers } from "next/headers";
import { signedInUser, type TSignedInUser } from "@/domains/auth/session-auth";

export async function currentUser(): Promise<TSignedInUser | null> {
  const requestHeaders = await headers();
  return signedInUser((name) => requestHeaders.get(name) ?? undefined);
}
