// Batch print (issue 24, docs/decisions/041-batch-print-is-one-document.md): the selected orders' pick lists merged
// into ONE PDF the in-app viewer opens once, instead of one hidden frame per order (which crashed the tab and
// shows nothing on Android).
import { PDFDocument } from "pdf-lib";
import { BATCH_PRINT_MAX, BATCH_PRINT_MESSAGES } from "~/domain/documents/batch-print";
import { DomainError, NotFoundError } from "~/domain/errors";
import type { AppContext } from "~/lib/context.server";
import { signFileUrl, storeGenerated } from "~/lib/files.server";
import type { Viewer } from "~/lib/session.server";
import { findPickOrder, type PickOrder } from "./pick-list.server";
import { ensurePickList, RELEASE_ORDER_LINK_TTL_SECONDS, type PickListBody } from "./pick-list-documents.server";

export type PickListBatch = { presignedUrl: string; orderNumbers: string[]; pages: number; generatedAt: string };

/**
 * Every order through the one scope function the per-order call uses (picklists:print). One order the viewer
 * may not print, or that does not exist, refuses the whole batch and names it: a printout that silently
 * lacks an order is worse than none.
 */
async function scopedOrders(ctx: AppContext, viewer: Viewer, refs: readonly string[]): Promise<PickOrder[]> {
  const unique = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
  if (!unique.length) throw new DomainError(400, BATCH_PRINT_MESSAGES.none);
  if (unique.length > BATCH_PRINT_MAX) throw new DomainError(400, BATCH_PRINT_MESSAGES.tooMany);
  const found: PickOrder[] = [];
  for (const ref of unique) {
    try {
      found.push(await findPickOrder(ctx, viewer, ref, ["picklists:print"]));
    } catch (error) {
      if (error instanceof NotFoundError) throw new NotFoundError(BATCH_PRINT_MESSAGES.notFound(ref));
      throw error;
    }
  }
  return found;
}

/**
 * Generates each order's release order where it has none (as printing one order does, audited the same way),
 * copies their pages into one document in the order asked, stores it and answers its 5-minute link.
 */
export async function mergePickLists(ctx: AppContext, viewer: Viewer, refs: readonly string[], body: PickListBody = {}): Promise<PickListBatch> {
  const list = await scopedOrders(ctx, viewer, refs);
  const merged = await PDFDocument.create();
  merged.setTitle(`Pick lists (${list.length})`);
  for (const order of list) {
    const { fileKey } = await ensurePickList(ctx, viewer, order, { body });
    const object = await ctx.files.get(fileKey);
    if (!object) throw new DomainError(502, BATCH_PRINT_MESSAGES.failed);
    const source = await PDFDocument.load(new Uint8Array(await object.arrayBuffer()));
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  const generatedAt = ctx.now().toISOString();
  const filename = `pick-lists-${generatedAt.slice(0, 10)}-${list.length}.pdf`;
  const file = await storeGenerated(ctx, await merged.save(), {
    contentType: "application/pdf",
    ownerType: "pick-list-batch",
    ownerId: viewer.email,
    kind: "pick-list-batch",
    filename,
    createdBy: viewer.email,
  });
  return {
    presignedUrl: await signFileUrl(ctx, file.key, { ttlSeconds: RELEASE_ORDER_LINK_TTL_SECONDS, filename }),
    orderNumbers: list.map((o) => o.orderNumber),
    pages: merged.getPageCount(),
    generatedAt,
  };
}
