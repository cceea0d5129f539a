// Devanning photos upload in the background as they are taken (issue 10, 'a report survives a lost signal'):
// each photo is resized, then sent on its own to upload-photos under its group with its own Idempotency-Key,
// waiting out a lost signal. The form shows each photo's state and submits once every photo is on the server.
import { useCallback, useEffect, useRef, useState } from "react";
import { DEVANNING_PHOTO_BYTES, MESSAGES, PHOTO_GROUPS, type PhotoGroup } from "~/domain/reports/constants";
import type { DevanningPhoto, DevanningPhotos } from "~/domain/reports/devanning";
import { idempotencyKey } from "~/lib/api-client";
import { contract, sendUntilAnswered } from "./client";
import { resizePhoto } from "./resize";

export type UploadEntry = { id: string; name: string; size: number; file: File | null; state: "waiting" | "sending" | "sent" | "failed"; uploaded: DevanningPhoto | null; error?: string };
export type UploadState = Record<PhotoGroup, UploadEntry[]>;

const empty = (): UploadState => ({ containerPhotos: [], cargoPhotos: [], damagedItemPhotos: [], overallPhotos: [] });

export function fromUploaded(photos: Partial<Record<PhotoGroup, DevanningPhoto[]>>): UploadState {
  const out = empty();
  for (const g of PHOTO_GROUPS) out[g] = (photos[g] ?? []).map((p) => ({ id: p.path, name: p.originalName, size: p.size, file: null, state: "sent", uploaded: p }));
  return out;
}

export function usePhotoUploads(initial: UploadState = empty()) {
  const [uploads, setUploads] = useState<UploadState>(initial);
  const [skipped, setSkipped] = useState<string | null>(null);
  const pending = useRef(new Map<string, Promise<void>>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patch = useCallback((group: PhotoGroup, id: string, change: Partial<UploadEntry>) => {
    if (!mounted.current) return;
    setUploads((u) => ({ ...u, [group]: u[group].map((e) => (e.id === id ? { ...e, ...change } : e)) }));
  }, []);

  const send = useCallback(
    (group: PhotoGroup, entry: UploadEntry, file: File) => {
      const key = idempotencyKey();
      const run = (async () => {
        const form = new FormData();
        form.append(group, file, file.name);
        try {
          const answer = await sendUntilAnswered("/api/devanning-reports/upload-photos", contract("DevanningPhotosUploadedAnswer"), { form, idempotencyKey: key }, {
            onWaiting: (w) => patch(group, entry.id, { state: w ? "waiting" : "sending" }),
          });
          if (answer.ok && answer.data.files[0]) patch(group, entry.id, { state: "sent", uploaded: answer.data.files[0] });
          else patch(group, entry.id, { state: "failed", error: answer.ok ? MESSAGES.uploadFailed(group) : `${MESSAGES.uploadFailed(group)}: ${answer.error.message}` });
        } finally {
          pending.current.delete(entry.id);
        }
      })();
      pending.current.set(entry.id, run);
    },
    [patch],
  );

  const add = useCallback(
    async (group: PhotoGroup, files: File[]) => {
      setSkipped(null);
      let skippedAny = false;
      for (const original of files) {
        if (!original.type.startsWith("image/") && !/\.(jpe?g|png|heic|heif|webp|gif)$/i.test(original.name)) {
          skippedAny = true;
          continue;
        }
        const file = await resizePhoto(original);
        if (file.size > DEVANNING_PHOTO_BYTES) {
          skippedAny = true;
          continue;
        }
        const entry: UploadEntry = { id: idempotencyKey(), name: file.name, size: file.size, file, state: "sending", uploaded: null };
        setUploads((u) => ({ ...u, [group]: [...u[group], entry] }));
        send(group, entry, file);
      }
      if (skippedAny) setSkipped(MESSAGES.skippedFiles);
    },
    [send],
  );

  const remove = useCallback((group: PhotoGroup, id: string) => {
    setUploads((u) => ({ ...u, [group]: u[group].filter((e) => e.id !== id) }));
  }, []);

  const retry = useCallback(
    (group: PhotoGroup, entry: UploadEntry) => {
      if (!entry.file) return;
      patch(group, entry.id, { state: "sending", error: undefined });
      send(group, entry, entry.file);
    },
    [patch, send],
  );

  /** Resolves when no photo is still being sent. */
  const settled = useCallback(async () => {
    while (pending.current.size) await Promise.allSettled([...pending.current.values()]);
  }, []);

  const reset = useCallback((next: UploadState = empty()) => setUploads(next), []);

  return { uploads, add, remove, retry, settled, reset, skipped, clearSkipped: () => setSkipped(null) };
}

/** The photos the report names: only those on the server. */
export function uploadedPhotos(uploads: UploadState): DevanningPhotos {
  const out = { containerPhotos: [], cargoPhotos: [], damagedItemPhotos: [], overallPhotos: [] } as DevanningPhotos;
  for (const g of PHOTO_GROUPS) out[g] = uploads[g].filter((e) => e.state === "sent" && e.uploaded).map((e) => e.uploaded!);
  return out;
}

export function countsOf(uploads: UploadState): Record<PhotoGroup, number> {
  return Object.fromEntries(PHOTO_GROUPS.map((g) => [g, uploads[g].filter((e) => e.state !== "failed").length])) as Record<PhotoGroup, number>;
}

export function waitingCount(uploads: UploadState): number {
  return PHOTO_GROUPS.reduce((n, g) => n + uploads[g].filter((e) => e.state === "waiting" || e.state === "sending").length, 0);
}

export function failedGroup(uploads: UploadState): PhotoGroup | null {
  return PHOTO_GROUPS.find((g) => uploads[g].some((e) => e.state === "failed")) ?? null;
}
