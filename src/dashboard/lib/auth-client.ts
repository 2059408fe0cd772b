"use client";
// better-auth's browser client: sign-in and sign-out against /api/auth on this origin.
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient();
