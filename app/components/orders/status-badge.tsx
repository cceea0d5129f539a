// A payment or order status pill coloured by the §9 tones.
import { Badge } from "~/components/ui/badge";
import { statusTone } from "~/domain/orders/tones";

export function StatusBadge({ value, className, title }: { value: string | null | undefined; className?: string; title?: string }) {
  const text = (value ?? "").trim();
  return (
    <Badge tone={statusTone(text)} className={className} title={title || undefined}>
      <span className="min-w-0 truncate">{text || "N/A"}</span>
    </Badge>
  );
}
