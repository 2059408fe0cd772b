// Formatting shared by the dashboard's pages.
const dateTime = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTime.format(new Date(value)) : "—";
}

export function formatJson(value: unknown): string {
  return value === undefined || value === null ? "—" : JSON.stringify(value, null, 2);
}

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : value.toLocaleString("en");
}
