// The home page's time-of-day greeting and the name it addresses.

/** 'Good morning' before 12:00, 'Good afternoon' before 17:00, else 'Good evening' (local time of `date`). */
export function greeting(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return "Good morning";
  if (hour < 17) return "Good afternoon";
  return "Good evening";
}

/** The first word of a display name; the e-mail's local part when there is no name. */
export function firstName(name: string | null | undefined, email?: string | null): string {
  const first = (name ?? "").trim().split(/\s+/)[0];
  if (first) return first;
  const local = (email ?? "").split("@")[0] ?? "";
  return local || "there";
}
