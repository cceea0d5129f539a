// Outgoing email through Resend (the local catcher in dev and tests), with every attempt kept in email_log.
// Runs in workerd and Node alike: the SDK only uses fetch.
import { Resend } from "resend";
import { z } from "zod";
import { emailLog } from "../../db/schema";
import type { AppContext } from "./context.server";

export type EmailAttachment = { filename: string; content: Uint8Array; contentType?: string };

export type EmailMessage = {
  to: string[];
  cc?: string[];
  subject: string;
  html: string;
  text?: string;
  attachments?: EmailAttachment[];
  /** What the mail is about (e.g. {type: "order", id: "SO-1042"}), so the log can be searched by it. */
  related?: { type: string; id: string };
  /** Email of the person whose action sent it. */
  sentBy?: string;
};

const address = z.string().trim().regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, "Invalid email address");
const messageSchema = z.object({
  to: z.array(address).min(1, "At least one recipient is required"),
  cc: z.array(address).optional(),
  subject: z.string().trim().min(1, "A subject is required"),
});

/** Sends one message; records it as sent or failed; throws with the provider's reason on failure. */
export async function sendEmail(ctx: AppContext, msg: EmailMessage): Promise<{ id: string }> {
  const checked = messageSchema.safeParse(msg);
  if (!checked.success) {
    const reason = checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    await logAttempt(ctx, msg, { status: "failed", error: reason });
    throw new Error(`Email not sent: ${reason}`);
  }

  const resend = new Resend(ctx.env.RESEND_API_KEY, ctx.env.RESEND_BASE_URL ? { baseUrl: ctx.env.RESEND_BASE_URL.replace(/\/$/, "") } : undefined);
  const { data, error } = await resend.emails.send({
    from: ctx.env.MAIL_FROM,
    to: checked.data.to,
    cc: checked.data.cc?.length ? checked.data.cc : undefined,
    subject: checked.data.subject,
    html: msg.html,
    text: msg.text,
    attachments: msg.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
  });

  if (error || !data?.id) {
    const reason = error ? `${error.message}${error.statusCode ? ` (${error.statusCode} ${error.name})` : ""}` : "the provider returned no message id";
    await logAttempt(ctx, msg, { status: "failed", error: reason });
    throw new Error(`Email not sent: ${reason}`);
  }
  await logAttempt(ctx, msg, { status: "sent", providerId: data.id });
  return { id: data.id };
}

async function logAttempt(ctx: AppContext, msg: EmailMessage, outcome: { status: "sent" | "failed"; providerId?: string; error?: string }) {
  await ctx.db.insert(emailLog).values({
    providerId: outcome.providerId ?? null,
    to: Array.isArray(msg.to) ? msg.to : [],
    cc: msg.cc ?? [],
    subject: String(msg.subject ?? ""),
    status: outcome.status,
    error: outcome.error ?? null,
    relatedType: msg.related?.type ?? null,
    relatedId: msg.related?.id ?? null,
    sentBy: msg.sentBy ?? null,
    createdAt: ctx.now().toISOString(),
  });
}

const caughtMailSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()).default([]),
  bcc: z.array(z.string()).default([]),
  subject: z.string(),
  html: z.string().nullable().default(null),
  text: z.string().nullable().default(null),
  attachments: z.array(z.object({ filename: z.string(), size: z.number(), contentType: z.string().optional() })).default([]),
});

export type CaughtMail = z.infer<typeof caughtMailSchema>;

/** Local only: the stand-in catcher's inbox, newest first (attachment bytes left out). [] in production. */
export async function listCaughtMail(ctx: AppContext): Promise<CaughtMail[]> {
  const base = ctx.env.MAIL_CATCHER_URL;
  if (!base) return [];
  const url = `${base.replace(/\/$/, "")}/emails`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" } });
  } catch (error) {
    throw new Error(`The local mail catcher is not reachable at ${url}: ${(error as Error).message}. Is the stand-ins server running?`);
  }
  if (!response.ok) throw new Error(`The local mail catcher answered ${response.status} at ${url}`);
  const body = z.object({ data: z.array(caughtMailSchema) }).safeParse(await response.json());
  if (!body.success) throw new Error(`The local mail catcher at ${url} answered an unexpected shape`);
  return body.data.data;
}
