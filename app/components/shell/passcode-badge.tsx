// Marks a picklist passcode session (email prefix 'picklist+') so a shared phone shows whose access it is.
import { KeyRound } from "lucide-react";
import { Badge } from "~/components/ui/badge";

export function PasscodeBadge() {
  return (
    <Badge tone="amber" className="gap-1 py-1 text-sm">
      <KeyRound className="size-4" aria-hidden="true" />
      Passcode Session
    </Badge>
  );
}
