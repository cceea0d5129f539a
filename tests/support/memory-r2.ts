// A tiny in-memory stand-in for the R2 binding (put/get/head/delete/list), for Node integration tests.
type Stored = { bytes: Uint8Array; httpMetadata: R2HTTPMetadata; customMetadata: Record<string, string>; uploaded: Date; etag: string };

async function toBytes(value: unknown): Promise<Uint8Array> {
  if (value === null || value === undefined) return new Uint8Array(0);
  if (typeof value === "string") return new TextEncoder().encode(value);
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  if (value instanceof Blob) return new Uint8Array(await value.arrayBuffer());
  if (value instanceof ReadableStream) return new Uint8Array(await new Response(value).arrayBuffer());
  throw new Error("memory-r2: unsupported value");
}

function objectOf(key: string, s: Stored, withBody: boolean) {
  const base = {
    key,
    version: s.etag,
    size: s.bytes.byteLength,
    etag: s.etag,
    httpEtag: `"${s.etag}"`,
    uploaded: s.uploaded,
    httpMetadata: s.httpMetadata,
    customMetadata: s.customMetadata,
    checksums: {},
    storageClass: "Standard",
    writeHttpMetadata(headers: Headers) {
      if (s.httpMetadata.contentType) headers.set("content-type", s.httpMetadata.contentType);
    },
  };
  if (!withBody) return base;
  const copy = new Uint8Array(s.bytes);
  return {
    ...base,
    get body() {
      return new Blob([copy]).stream();
    },
    bodyUsed: false,
    arrayBuffer: async () => copy.buffer,
    text: async () => new TextDecoder().decode(copy),
    json: async () => JSON.parse(new TextDecoder().decode(copy)),
    blob: async () => new Blob([copy]),
  };
}

export type MemoryR2 = R2Bucket & { readonly objects: Map<string, Stored> };

export function createMemoryR2(): MemoryR2 {
  const objects = new Map<string, Stored>();
  let counter = 0;
  const bucket = {
    objects,
    async put(key: string, value: unknown, options?: R2PutOptions) {
      const httpMetadata = options?.httpMetadata instanceof Headers ? { contentType: options.httpMetadata.get("content-type") ?? undefined } : (options?.httpMetadata ?? {});
      const stored: Stored = {
        bytes: await toBytes(value),
        httpMetadata,
        customMetadata: options?.customMetadata ?? {},
        uploaded: new Date(),
        etag: `etag-${++counter}`,
      };
      objects.set(key, stored);
      return objectOf(key, stored, false);
    },
    async get(key: string) {
      const s = objects.get(key);
      return s ? objectOf(key, s, true) : null;
    },
    async head(key: string) {
      const s = objects.get(key);
      return s ? objectOf(key, s, false) : null;
    },
    async delete(keys: string | string[]) {
      for (const k of Array.isArray(keys) ? keys : [keys]) objects.delete(k);
    },
    async list(options?: R2ListOptions) {
      const keys = [...objects.keys()].filter((k) => !options?.prefix || k.startsWith(options.prefix)).sort();
      return { objects: keys.map((k) => objectOf(k, objects.get(k)!, false)), truncated: false, delimitedPrefixes: [] };
    },
  };
  return bucket as unknown as MemoryR2;
}
