// Local stand-in for the Resend API: accepts mail the way api.resend.com does (auth, validation, error
// shape) and keeps it in an inbox that tests and the app read back. Nothing is ever delivered.
import { randomUUID } from "node:crypto";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { StandinsConfig } from "./config";
import { bearerToken, escapeHtml, HttpError, page, readJson, sendHtml, sendJson, type Route } from "./http";

export type CaughtAttachment = { filename: string; size: number; contentType: string; content: string | null; path?: string };
export type CaughtMail = {
  object: "email";
  id: string;
  created_at: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  reply_to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  attachments: CaughtAttachment[];
  tags: { name: string; value: string }[];
  last_event: "delivered";
};

const MAX_RECIPIENTS = 50;
const MAX_ATTACHMENT_BYTES = 40 * 1024 * 1024;
const ADDRESS = /^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

const addressList = z.union([z.string(), z.array(z.string())]).optional();
const sendSchema = z.object({
  from: z.string().optional(),
  to: addressList,
  cc: addressList,
  bcc: addressList,
  reply_to: addressList,
  subject: z.string().optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  tags: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  attachments: z
    .array(z.object({ content: z.string().optional(), filename: z.string().optional(), path: z.string().optional(), content_type: z.string().optional() }))
    .optional(),
});

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  csv: "text/csv",
  txt: "text/plain",
  html: "text/html",
  json: "application/json",
};

/** Resend's error body: {statusCode, name, message}. The SDK hands it back to the caller as `error`. */
function resendError(status: number, name: string, message: string) {
  return new HttpError(status, { statusCode: status, name, message });
}

function toList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean);
}

function addressError(field: string) {
  return resendError(422, "validation_error", `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`);
}

/** Validates one message like the real API and turns it into the stored record. */
function acceptMessage(raw: unknown, now: Date): CaughtMail {
  const parsed = sendSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw resendError(422, "validation_error", `Invalid \`${issue?.path.join(".") || "body"}\` field. ${issue?.message ?? ""}`.trim());
  }
  const body = parsed.data;
  for (const field of ["from", "to", "subject"] as const) {
    const value = body[field];
    if (value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === "")) {
      throw resendError(422, "missing_required_field", `Missing \`${field}\` field.`);
    }
  }
  const from = (body.from as string).trim();
  if (!ADDRESS.test(from)) throw addressError("from");
  const lists = { to: toList(body.to), cc: toList(body.cc), bcc: toList(body.bcc), reply_to: toList(body.reply_to) };
  for (const [field, list] of Object.entries(lists)) {
    if (list.some((a) => !ADDRESS.test(a))) throw addressError(field);
  }
  if (lists.to.length + lists.cc.length + lists.bcc.length > MAX_RECIPIENTS) {
    throw resendError(422, "validation_error", `Too many recipients. Please limit the number of recipients to ${MAX_RECIPIENTS}.`);
  }
  let total = 0;
  const attachments = (body.attachments ?? []).map((a, i): CaughtAttachment => {
    if (!a.content && !a.path) throw resendError(422, "validation_error", `Invalid \`attachments[${i}]\` field. Attachment must have either \`content\` or \`path\`.`);
    const filename = a.filename ?? a.path?.split("/").pop() ?? `attachment-${i + 1}`;
    const size = a.content ? Buffer.from(a.content, "base64").length : 0;
    total += size;
    const ext = filename.split(".").pop()?.toLowerCase() ?? "";
    return { filename, size, contentType: a.content_type ?? CONTENT_TYPES[ext] ?? "application/octet-stream", content: a.content ?? null, ...(a.path ? { path: a.path } : {}) };
  });
  if (total > MAX_ATTACHMENT_BYTES) throw resendError(422, "validation_error", "Attachments exceed the 40MB size limit.");
  return {
    object: "email",
    id: randomUUID(),
    created_at: now.toISOString(),
    from,
    ...lists,
    subject: body.subject as string,
    html: body.html ?? null,
    text: body.text ?? null,
    attachments,
    tags: body.tags ?? [],
    last_event: "delivered",
  };
}

/** The list view leaves out attachment bytes; GET /emails/:id has them. */
function summary(mail: CaughtMail) {
  return { ...mail, attachments: mail.attachments.map(({ content: _content, ...rest }) => rest) };
}

export function resendStandin(config: StandinsConfig): Route {
  const file = join(config.dataDir, "mail-catcher.jsonl");
  mkdirSync(config.dataDir, { recursive: true });
  const inbox: CaughtMail[] = loadInbox(file);
  const idempotency = new Map<string, string>();

  function requireApiKey(req: IncomingMessage) {
    const header = req.headers.authorization;
    if (!header) {
      throw resendError(401, "missing_api_key", "Missing API key in the authorization header. Include the following header 'Authorization: Bearer YOUR_API_KEY' in the request.");
    }
    const key = bearerToken(req);
    if (!key || !/^re_[A-Za-z0-9_]+$/.test(key)) throw resendError(403, "invalid_api_key", "API key is invalid");
  }

  function store(mail: CaughtMail) {
    inbox.push(mail);
    appendFileSync(file, JSON.stringify(mail) + "\n");
  }

  async function send(req: IncomingMessage, res: ServerResponse) {
    requireApiKey(req);
    const idemKey = req.headers["idempotency-key"];
    const body = await readJson(req, { statusCode: 400, name: "invalid_parameter", message: "The request body is not valid JSON." });
    if (typeof idemKey === "string" && idempotency.has(idemKey)) return sendJson(res, 200, { id: idempotency.get(idemKey) });
    const mail = acceptMessage(body, new Date());
    store(mail);
    if (typeof idemKey === "string") idempotency.set(idemKey, mail.id);
    sendJson(res, 200, { id: mail.id });
  }

  async function sendBatch(req: IncomingMessage, res: ServerResponse) {
    requireApiKey(req);
    const body: unknown = await readJson(req, { statusCode: 400, name: "invalid_parameter", message: "The request body is not valid JSON." });
    if (!Array.isArray(body)) throw resendError(422, "validation_error", "The batch body must be an array of emails.");
    // Validate all first: the real API accepts or rejects the whole batch.
    const mails = body.map((m) => acceptMessage(m, new Date()));
    for (const mail of mails) store(mail);
    sendJson(res, 200, { data: mails.map((m) => ({ id: m.id })) });
  }

  function list(res: ServerResponse, url: URL) {
    const to = url.searchParams.get("to")?.toLowerCase();
    const subject = url.searchParams.get("subject")?.toLowerCase();
    const limit = Math.min(Math.max(Number(url.searchParams.get("limit")) || 100, 1), 1000);
    const matching = [...inbox]
      .reverse()
      .filter((m) => !to || [...m.to, ...m.cc, ...m.bcc].some((a) => a.toLowerCase().includes(to)))
      .filter((m) => !subject || m.subject.toLowerCase().includes(subject));
    sendJson(res, 200, { object: "list", has_more: matching.length > limit, data: matching.slice(0, limit).map(summary) });
  }

  function find(id: string): CaughtMail {
    const mail = inbox.find((m) => m.id === id);
    if (!mail) throw resendError(404, "not_found", "Email not found");
    return mail;
  }

  function attachment(res: ServerResponse, id: string, index: number) {
    const item = find(id).attachments[index];
    if (!item?.content) throw resendError(404, "not_found", "Attachment not found");
    res.writeHead(200, {
      "content-type": item.contentType,
      "content-disposition": `attachment; filename="${item.filename.replace(/["\\\r\n]/g, "_")}"`,
      "x-content-type-options": "nosniff",
    });
    res.end(Buffer.from(item.content, "base64"));
  }

  function clear(res: ServerResponse) {
    const deleted = inbox.length;
    inbox.length = 0;
    idempotency.clear();
    writeFileSync(file, "");
    sendJson(res, 200, { object: "list", deleted });
  }

  function inboxPage(res: ServerResponse) {
    const rows = [...inbox]
      .reverse()
      .map(
        (m) => `<tr><td>${escapeHtml(m.created_at.replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(m.to.join(", "))}${m.cc.length ? `<br><span class="muted">cc ${escapeHtml(m.cc.join(", "))}</span>` : ""}</td>
<td><details><summary>${escapeHtml(m.subject)}</summary>
<iframe sandbox="" title="${escapeHtml(m.subject)}" style="width:100%;height:16rem;border:1px solid #d0d7de" srcdoc="${escapeHtml(m.html ?? `<pre>${escapeHtml(m.text ?? "")}</pre>`)}"></iframe></details></td>
<td>${m.attachments.map((a, i) => `<a href="/resend/emails/${m.id}/attachments/${i}">${escapeHtml(a.filename)}</a> (${a.size} B)`).join("<br>")}</td></tr>`,
      )
      .join("\n");
    sendHtml(
      res,
      200,
      page(
        "Local mail catcher",
        `<h1>Local mail catcher</h1><p class="muted">Stand-in for Resend: ${inbox.length} caught message(s), newest first. Nothing here was delivered.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead><tbody>${rows}</tbody></table>`,
      ),
    );
  }

  return async (req, res, url) => {
    const path = url.pathname.slice("/resend".length).replace(/\/$/, "") || "/";
    const method = req.method ?? "GET";
    if (path === "/" && method === "GET") return inboxPage(res);
    if (path === "/emails") {
      if (method === "POST") return send(req, res);
      if (method === "GET") return list(res, url);
      if (method === "DELETE") return clear(res);
    }
    if (path === "/emails/batch" && method === "POST") return sendBatch(req, res);
    const attachmentMatch = /^\/emails\/([\w-]+)\/attachments\/(\d+)$/.exec(path);
    if (attachmentMatch && method === "GET") return attachment(res, attachmentMatch[1], Number(attachmentMatch[2]));
    const emailMatch = /^\/emails\/([\w-]+)$/.exec(path);
    if (emailMatch && method === "GET") return sendJson(res, 200, find(emailMatch[1]));
    throw resendError(404, "not_found", `The stand-in has no route for ${method} /resend${path}`);
  };
}

/** Reads the caught mail back after a restart; a torn last line (crash mid-write) is skipped. */
function loadInbox(file: string): CaughtMail[] {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const mails: CaughtMail[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      mails.push(JSON.parse(line) as CaughtMail);
    } catch {
      // skip the damaged line
    }
  }
  return mails;
}
