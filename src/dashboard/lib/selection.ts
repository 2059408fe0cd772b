"use client";
// Switching organization or mode: a cookie the server re-checks on every call, then a full
// reload so every page and cache starts over in the new organization or mode.
import { MODE_COOKIE, ORGANIZATION_COOKIE, type TMode } from "../../domains/auth/selection";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

function setCookie(name: string, value: string): void {
  // Secure whenever the dashboard is served over https, like the session cookie.
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** Makes an organization the current one for the next page load (after joining it). */
export function rememberOrganization(organizationId: string): void {
  setCookie(ORGANIZATION_COOKIE, organizationId);
}

export function switchOrganization(organizationId: string): void {
  setCookie(ORGANIZATION_COOKIE, organizationId);
  window.location.reload();
}

export function switchMode(mode: TMode): void {
  setCookie(MODE_COOKIE, mode);
  window.location.reload();
}
