// A delivery address with its map link: a driver's column in the table and a line on the phone's card.
import { MapPin } from "lucide-react";
import type { OrderRow } from "./types";

export function AddressCell({ row }: { row: OrderRow }) {
  const lines = row.address?.lines ?? [];
  if (!lines.length) return <span className="text-slate-500">—</span>;
  return (
    <div className="min-w-48 lg:min-w-0">
      <span className="block text-slate-800">{lines.join(", ")}</span>
      {row.address?.mapsUrl ? (
        <a
          href={row.address.mapsUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-0.5 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-800 underline-offset-2 hover:underline md:min-h-0"
          aria-label={`Open map for ${row.orderNumber}`}
        >
          <MapPin className="size-4" aria-hidden="true" />
          Map
        </a>
      ) : null}
    </div>
  );
}
