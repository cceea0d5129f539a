// A payment or order status pill coloured by the §9 tones.
import { Badge } from "~/components/ui/badge";
import { statusTone } from "~/domain/orders/tones";

export function StatusBadge({ value, className }: { value: string | null | undefined; className?: string }) {
  const text = (value ?? "").trim();
  return (
    <Badge tone={statusTone(text)} className={className}>
      {text || "N/A"}
    </Badge>
  );
}
